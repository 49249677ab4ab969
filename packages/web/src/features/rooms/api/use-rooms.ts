import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GridBox, RoomWithGrids } from '@verdant/contract';
import { deleteRoom, type NewRoom, type RoomsAnswer } from '../../../api/rooms';
import { createRoomOrQueue, type CreateRoomResult } from '../../../api/room-queue';
import { markGridScanned, markRoomScanned, resetScannedStatus } from '../../../api/scouting';
import { sendCreateGrid, type NewGrid } from '../../../api/grids';
import { submitGridTemplate } from '../../../api/grid-templates';
import { roomKeys } from '../../../api/queries/rooms';
import { scoutingCoverageKeys } from '../../../api/queries/scouting-coverage';

/** Online the room is created at once; without a connection it waits in createRoomQueue. */
export function useCreateRoom(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: NewRoom): Promise<CreateRoomResult> => createRoomOrQueue(companyId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.list(companyId) }),
  });
}

export function useDeleteRoom(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roomId: number) => {
      const res = await deleteRoom(roomId);
      if (!res) throw new Error('delete failed');
      return res;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.all(companyId) }),
  });
}

export function useResetScouting(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetScannedStatus(companyId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scoutingCoverageKeys.all(companyId) });
      return queryClient.invalidateQueries({ queryKey: roomKeys.all(companyId) });
    },
  });
}

type ScanPatch = { Scanned: boolean; ScannedDateTime: string | null; LastScannedBy: number | null };

function patchRooms(queryClient: QueryClient, companyId: number, fn: (room: RoomWithGrids) => RoomWithGrids) {
  queryClient.setQueriesData<RoomsAnswer>({ queryKey: roomKeys.list(companyId) }, (old) =>
    old ? { ...old, rooms: old.rooms.map(fn) } : old,
  );
  queryClient.setQueriesData<{ room: RoomWithGrids; fromCache: boolean }>(
    { queryKey: roomKeys.details(companyId) },
    (old) => (old ? { ...old, room: fn(old.room) } : old),
  );
}

export function useMarkRoomScanned(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roomId: number) => {
      const res = await markRoomScanned(roomId, userId);
      if (!res) throw new Error('mark failed');
      return res;
    },
    onSuccess: (res) => {
      const patch: ScanPatch = { Scanned: res.Scanned, ScannedDateTime: res.ScannedDateTime, LastScannedBy: res.LastScannedBy };
      patchRooms(queryClient, companyId, (r) => (r.RoomID === res.RoomID ? { ...r, ...patch } : r));
      void queryClient.invalidateQueries({ queryKey: roomKeys.scanDetails(companyId, 'room', res.RoomID) });
      void queryClient.invalidateQueries({ queryKey: scoutingCoverageKeys.all(companyId) });
    },
  });
}

export function useMarkGridScanned(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (gridId: number) => {
      const res = await markGridScanned(gridId, userId);
      if (!res) throw new Error('mark failed');
      return res;
    },
    onSuccess: (res) => {
      const patch: ScanPatch = { Scanned: res.Scanned, ScannedDateTime: res.ScannedDateTime, LastScannedBy: res.LastScannedBy };
      patchRooms(queryClient, companyId, (r) =>
        r.grids.some((g) => g.id === res.GridID)
          ? { ...r, grids: r.grids.map((g) => (g.id === res.GridID ? { ...g, ...patch } : g)) }
          : r,
      );
      void queryClient.invalidateQueries({ queryKey: roomKeys.scanDetails(companyId, 'grid', res.GridID) });
      void queryClient.invalidateQueries({ queryKey: scoutingCoverageKeys.all(companyId) });
    },
  });
}

/** Changes one box in every cached room answer (the list and the room's own). */
export function patchBoxInCaches(queryClient: QueryClient, companyId: number, box: Pick<GridBox, 'id' | 'GridID'> & Partial<GridBox>) {
  patchRooms(queryClient, companyId, (r) =>
    r.grids.some((g) => g.id === box.GridID)
      ? {
          ...r,
          grids: r.grids.map((g) =>
            g.id === box.GridID ? { ...g, grid_boxes: g.grid_boxes.map((b) => (b.id === box.id ? { ...b, ...box } : b)) } : g,
          ),
        }
      : r,
  );
}

export type CreateGridInput = Omit<NewGrid, 'companyId'> & { templateId?: number; userId?: number };

/** A grid from nx × ny, or from a Grid template (its rows and columns). */
export function useCreateGrid(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateGridInput) => {
      if (input.templateId && input.userId) {
        const res = await submitGridTemplate({
          templateId: input.templateId,
          companyId,
          userId: input.userId,
          roomId: input.roomId,
          gridName: input.name,
        });
        return { roomId: input.roomId, gridId: res.grid?.id ?? null };
      }
      const res = await sendCreateGrid({ ...input, companyId });
      return { roomId: res.room_id, gridId: res.grid.id };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.all(companyId) }),
  });
}
