import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { bulkUpdateGridBoxes, undoBulkChange } from '../../../../api/bulk';
import { roomKeys } from '../../../../api/queries/rooms';

/** The room's answer and the rooms list (which carries the boxes too) show the boxes' new look. */
function refreshRoom(queryClient: QueryClient, companyId: number, roomId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: roomKeys.detail(companyId, roomId) }),
    queryClient.invalidateQueries({ queryKey: roomKeys.list(companyId) }),
  ]);
}

/** What a bulk change sets on the chosen boxes: a field left out stays as it is, null clears it. */
export interface BoxLook {
  Status?: string | null;
  Color?: string | null;
}

/**
 * Sets the status and/or colour of the chosen boxes in one request (all or nothing) and refreshes the room, so
 * the map shows the change. Each call is one change with its own Idempotency-Key.
 */
export function useBulkBoxLook(companyId: number, roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boxIds, look }: { boxIds: number[]; look: BoxLook }) =>
      bulkUpdateGridBoxes({ company_id: companyId, GridBoxIDs: boxIds, ...look }, crypto.randomUUID()),
    onSettled: () => refreshRoom(queryClient, companyId, roomId),
  });
}

/** Undoes a bulk change of the room's boxes; refused (with the box named) when one changed since. */
export function useUndoBulkBoxes(companyId: number, roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) => undoBulkChange({ company_id: companyId, change_id: changeId }, crypto.randomUUID()),
    onSettled: () => refreshRoom(queryClient, companyId, roomId),
  });
}
