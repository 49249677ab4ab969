import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkUpdateObservations, undoBulkChange } from '../../../api/bulk';
import { invalidateProblems } from '../../../api/queries/problems';

export type BulkObservationAction = { action: 'resolve' } | { action: 'reassign'; problem: string };

/**
 * Resolves the chosen observations, or files them under another problem, in one change (all or nothing); the
 * lists and every problem view (the room map, box and room lists) reload.
 */
export function useBulkObservations(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, change }: { ids: number[]; change: BulkObservationAction }) =>
      bulkUpdateObservations({ company_id: companyId, observation_ids: ids, ...change }, crypto.randomUUID()),
    onSettled: () => invalidateProblems(qc, companyId),
  });
}

/** Undoes a bulk change of observations; refused (naming the observation) when one changed since. */
export function useUndoBulkObservations(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) => undoBulkChange({ company_id: companyId, change_id: changeId }, crypto.randomUUID()),
    onSettled: () => invalidateProblems(qc, companyId),
  });
}
