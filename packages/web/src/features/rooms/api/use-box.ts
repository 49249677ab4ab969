import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SUB_GRIDBOX_MAX_ALLOWED, subGridboxesMessages, type GridBox, type GridTemplate, type Position, type RoomWithGrids, type SubGridbox } from '@verdant/contract';
import { keepLocalBox } from '../../../api/grid-boxes';
import { deleteSubGridbox, type getSubGridboxes, type CreateSubGridboxesInput } from '../../../api/sub-gridboxes';
import { movePlantBody, type MovePlantInput } from '../../../api/movement';
import { queueAction } from '../../../api/action-queue';
import { ApiError } from '../../../api/api-error';
import type { RoomsAnswer } from '../../../api/rooms';
import { roomKeys } from '../../../api/queries/rooms';
import { useAuth } from '../../../state/hooks';
import { withoutSubGridbox, type SubGridboxList } from '../lib/sub-gridbox-list';
import { boxLabel } from '../lib/box-label';
import { plantsIn, subBoxesIn } from '../lib/map-paint';
import { patchBoxInCaches } from './use-rooms';

/** The box as the room caches hold it (the list's and the room's own answer), if one of them has it. */
export function findCachedBox(queryClient: QueryClient, companyId: number, boxId: number): GridBox | undefined {
  const answers = [
    ...queryClient.getQueriesData<RoomsAnswer>({ queryKey: roomKeys.list(companyId) }).flatMap(([, a]) => a?.rooms ?? []),
    ...queryClient.getQueriesData<{ room: RoomWithGrids }>({ queryKey: roomKeys.details(companyId) }).flatMap(([, a]) => (a ? [a.room] : [])),
  ];
  for (const room of answers) for (const grid of room.grids) for (const box of grid.grid_boxes) if (box.id === boxId) return box;
  return undefined;
}

/** What a queued change answers in place of the server: the box as the user will see it. */
function boxAfter(queryClient: QueryClient, companyId: number, boxId: number, change: Partial<GridBox>): GridBox {
  const seen = findCachedBox(queryClient, companyId, boxId);
  const base: GridBox = seen ?? { id: boxId, GridID: 0, X: 0, Y: 0, Color: null, Status: null, Content: null, ImageName: null, CustomName: null, culled: false };
  return { ...base, ...change };
}

/** The box changed (sent or waiting in the outbox): the map, the room's caches and the offline copy show it. */
function showBox(queryClient: QueryClient, companyId: number, box: Pick<GridBox, 'id' | 'GridID'> & Partial<GridBox>) {
  if (box.GridID) patchBoxInCaches(queryClient, companyId, box);
  void keepLocalBox({ id: box.id, ...(box.CustomName !== undefined ? { CustomName: box.CustomName } : {}), ...(box.culled !== undefined ? { culled: box.culled } : {}) });
}

interface Counts {
  subs: number;
  plants: number;
}

/**
 * A box's sub-boxes or plants changed (sent or waiting in the outbox): the map's dot and tick and the offline
 * copy follow at once, without reloading the room. The next room load brings the server's numbers.
 */
function showCounts(queryClient: QueryClient, companyId: number, boxId: number, change: (now: Counts) => Counts) {
  const seen = findCachedBox(queryClient, companyId, boxId);
  if (!seen) return;
  const next = change({ subs: subBoxesIn(seen), plants: plantsIn(seen) });
  const subs = Math.min(SUB_GRIDBOX_MAX_ALLOWED, Math.max(0, next.subs));
  // Plants live in sub-boxes: never more plants than sub-boxes.
  const counts = { SubGridboxCount: subs, PlantCount: Math.min(subs, Math.max(0, next.plants)) };
  patchBoxInCaches(queryClient, companyId, { id: boxId, GridID: seen.GridID, ...counts });
  void keepLocalBox({ id: boxId, ...counts });
}

/** The sub-box list of a box as this device last read it, if it has one. */
function cachedSubs(queryClient: QueryClient, companyId: number, boxId: number): SubGridbox[] | undefined {
  return queryClient.getQueryData<SubList>(roomKeys.subBoxes(companyId, boxId))?.sub_gridboxes;
}

/**
 * Where a moved plant lands, as the server decides it (sub-gridboxes.service relocatePlant): at the position
 * given, in a sub-box there or a new one; else in the first empty sub-box, or a new one when all are full.
 */
export function countsAfterArrival(
  now: Counts,
  position: Position | undefined,
  subs: readonly Pick<SubGridbox, 'SubX' | 'SubY' | 'deleted'>[] | undefined,
): Counts {
  const opensOne = position
    ? !subs?.some((s) => s.SubX === position.subx && s.SubY === position.suby && !s.deleted)
    : now.plants >= now.subs;
  return { subs: now.subs + (opensOne ? 1 : 0), plants: now.plants + 1 };
}

/**
 * Renames a box through the outbox (offline it waits; the map shows the new name at once). The name
 * the user saw travels as expected_custom_name: a box renamed by someone else meanwhile is refused (409).
 * Answers the server's box, or the box as it will be with `queued: true`.
 */
export function useRenameBox(companyId: number) {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ boxId, name }: { boxId: number; name: string }): Promise<GridBox & { queued: boolean }> => {
      const seen = findCachedBox(queryClient, companyId, boxId);
      const out = await queueAction(
        'updateGridBoxName',
        { GridBoxID: boxId, custom_name: name, ...(seen ? { expected_custom_name: seen.CustomName ?? '' } : {}) },
        { companyId, userId: userId ?? 0, label: seen ? boxLabel(seen) : `#${boxId}`, target: { type: 'box', id: boxId } },
      );
      if (!out.queued && out.result) return { ...out.result.grid_box, queued: false };
      return { ...boxAfter(queryClient, companyId, boxId, { CustomName: name || null }), queued: out.queued };
    },
    onSuccess: (box) => {
      showBox(queryClient, companyId, { id: box.id, GridID: box.GridID, CustomName: box.CustomName });
      void queryClient.invalidateQueries({ queryKey: roomKeys.boxHistory(companyId, box.id) });
    },
  });
}
/** Culls or restores a box through the outbox; the map shows it at once, also offline. */
export function useCullBox(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ boxId, culled }: { boxId: number; culled: boolean }): Promise<GridBox & { queued: boolean }> => {
      const seen = findCachedBox(queryClient, companyId, boxId);
      const out = await queueAction(
        'updateCullingStatus',
        { GridBoxID: boxId, user_id: userId, culled: culled ? 1 : 0 },
        { companyId, userId, label: seen ? boxLabel(seen) : `#${boxId}`, target: { type: 'box', id: boxId } },
      );
      if (!out.queued && out.result) return { ...out.result.grid_box, queued: false };
      return { ...boxAfter(queryClient, companyId, boxId, { culled }), queued: out.queued };
    },
    onSuccess: (box) => {
      showBox(queryClient, companyId, { id: box.id, GridID: box.GridID, culled: box.culled });
      void queryClient.invalidateQueries({ queryKey: roomKeys.boxHistory(companyId, box.id) });
    },
  });
}

type SubList = Awaited<ReturnType<typeof getSubGridboxes>>;

/**
 * Adds sub-boxes (nx × ny, or from a template; with their plants unless told not to) through the outbox.
 * Answers how many were made, or, waiting, how many will be (`queued: true`).
 */
export function useCreateSubBoxes(companyId: number, boxId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (
      input: Omit<CreateSubGridboxesInput, 'parentGridboxId'> & { templateId?: number },
    ): Promise<{ created_count: number; queued: boolean; plants: number }> => {
      if (!input.userId) throw new ApiError(subGridboxesMessages.userRequired);
      const seen = findCachedBox(queryClient, companyId, boxId);
      const meta = { companyId, userId: input.userId, label: seen ? boxLabel(seen) : `#${boxId}`, target: { type: 'subBoxes' as const, id: boxId } };
      if (input.templateId) {
        const out = await queueAction(
          'submitGridTemplate',
          {
            template_id: input.templateId,
            company_id: companyId,
            user_id: input.userId,
            parent_gridbox_id: boxId,
            auto_initialize_plants: input.autoInitializePlants ?? true,
          },
          meta,
        );
        const template = queryClient
          .getQueryData<GridTemplate[]>(roomKeys.templates(companyId, 'SubGrid'))
          ?.find((x) => x.template_id === input.templateId);
        const planned = template ? template.rows * template.columns : 0;
        const made = out.queued ? null : (out.result?.sub_gridboxes ?? null);
        return {
          created_count: out.queued ? planned : (out.result?.created_count ?? 0),
          queued: out.queued,
          plants: made ? made.filter((x) => x.plant_uid).length : (input.autoInitializePlants ?? true) ? planned : 0,
        };
      }
      const positions = input.customPositions;
      if (!positions?.length && (!Number.isFinite(input.nx) || !Number.isFinite(input.ny))) throw new ApiError(subGridboxesMessages.sizeOrPositions);
      const out = await queueAction(
        'createSubGridboxes',
        {
          parent_gridbox_id: boxId,
          user_id: input.userId,
          auto_initialize_plants: input.autoInitializePlants ?? true,
          ...(positions?.length ? { custom_positions: positions } : { nx: input.nx, ny: input.ny }),
        },
        meta,
      );
      const planned = positions?.length ?? (input.nx ?? 0) * (input.ny ?? 0);
      const made = out.queued ? null : (out.result?.sub_gridboxes ?? null);
      return {
        created_count: out.queued ? planned : (out.result?.created_count ?? planned),
        queued: out.queued,
        plants: made ? made.filter((x) => x.plant_uid).length : (input.autoInitializePlants ?? true) ? planned : 0,
      };
    },
    onSuccess: (res) => {
      showCounts(queryClient, companyId, boxId, (now) => ({ subs: now.subs + res.created_count, plants: now.plants + res.plants }));
      return queryClient.invalidateQueries({ queryKey: roomKeys.subBoxes(companyId, boxId) });
    },
  });
}

export function useDeleteSubBox(companyId: number, boxId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subId: number) => deleteSubGridbox(subId),
    onSuccess: (_res, subId) => {
      const gone = cachedSubs(queryClient, companyId, boxId)?.find((x) => x.Sub_gridboxID === subId);
      showCounts(queryClient, companyId, boxId, (now) => ({ subs: now.subs - 1, plants: now.plants - (gone?.plant_uid ? 1 : 0) }));
      queryClient.setQueryData<SubList>(roomKeys.subBoxes(companyId, boxId), (old) =>
        old ? withoutSubGridbox<SubList & SubGridboxList>(old, subId) : old,
      );
    },
  });
}

type PlantMoved = { queued: false; movement: { from_gridbox_id: number | null; to_gridbox_id: number | null }; sub_gridbox: SubGridbox };

/**
 * Moves a plant through the outbox. Sent: the server's movement and the sub-box it landed in. Offline
 * (or without an answer) it waits: `{ queued: true }`; an occupied position is then refused when sent.
 */
export function useMovePlant(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (input: MovePlantInput & { fromGridboxId?: number }): Promise<PlantMoved | { queued: true }> => {
      if (!input.plantUid || !input.targetParentGridboxId || !input.userId) throw new ApiError('Required parameter(s) missing.');
      const target = findCachedBox(queryClient, companyId, input.targetParentGridboxId);
      const out = await queueAction('movePlant', movePlantBody(input), {
        companyId,
        userId: input.userId,
        label: `${input.plantUid} → ${target ? boxLabel(target) : `#${input.targetParentGridboxId}`}`,
        target: { type: 'plant', id: input.targetParentGridboxId },
      });
      if (out.queued || !out.result) return { queued: true };
      // The same path also answers a batch move; a plant move always carries the movement.
      if (!('movement' in out.result)) throw new ApiError('The plant could not be moved.');
      return { queued: false, movement: out.result.movement, sub_gridbox: out.result.sub_gridbox };
    },
    onSuccess: (res, input) => {
      const from = res.queued ? input.fromGridboxId : res.movement.from_gridbox_id;
      if (from) showCounts(queryClient, companyId, from, (now) => ({ subs: now.subs, plants: now.plants - 1 }));
      const to = input.targetParentGridboxId;
      showCounts(queryClient, companyId, to, (now) => countsAfterArrival(now, input.targetPosition, cachedSubs(queryClient, companyId, to)));
      const touched = res.queued
        ? [input.targetParentGridboxId]
        : [res.movement.from_gridbox_id, res.movement.to_gridbox_id, res.sub_gridbox.ParentGridboxID];
      for (const id of touched) {
        if (!id) continue;
        void queryClient.invalidateQueries({ queryKey: roomKeys.subBoxes(companyId, id) });
        void queryClient.invalidateQueries({ queryKey: roomKeys.boxHistory(companyId, id) });
      }
    },
  });
}

export type { SubGridbox };
