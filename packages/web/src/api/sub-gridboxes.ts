import { subGridboxesEndpoints as ep, subGridboxesMessages as msg, type Position } from '@verdant/contract';
import { ApiError, withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface CreateSubGridboxesInput {
  parentGridboxId: number | null | undefined;
  userId: number | null | undefined;
  nx?: number;
  ny?: number;
  customPositions?: Position[];
  /** Default true (spec-2 §9). */
  autoInitializePlants?: boolean;
}

/** POST /create_sub_gridboxes: nx × ny from position 1, or custom positions (each subx, suby ≥ 1). */
export async function createSubGridboxes(input: CreateSubGridboxesInput) {
  if (!input.parentGridboxId) throw new ApiError(msg.gridboxRequired);
  if (!input.userId) throw new ApiError(msg.userRequired);
  const positions = input.customPositions;
  if (positions?.length) {
    if (positions.some((p) => !Number.isFinite(p.subx) || !Number.isFinite(p.suby) || p.subx < 1 || p.suby < 1)) {
      throw new ApiError(msg.sizeOrPositions);
    }
  } else if (!Number.isFinite(input.nx) || !Number.isFinite(input.ny)) {
    throw new ApiError(msg.sizeOrPositions);
  }
  return withFallback(msg.createFailed, () =>
    callEndpoint(ep.createSubGridboxes, {
      parent_gridbox_id: input.parentGridboxId!,
      user_id: input.userId!,
      auto_initialize_plants: input.autoInitializePlants ?? true,
      ...(positions?.length ? { custom_positions: positions } : { nx: input.nx, ny: input.ny }),
    }),
  );
}

/** GET /get_sub_gridboxes (parent_gridbox_id, include_deleted): parent_gridbox, total_count, max_allowed. */
export async function getSubGridboxes(parentGridboxId: number | null | undefined, includeDeleted = false) {
  if (!parentGridboxId) throw new ApiError(msg.gridboxRequired);
  return withFallback(msg.getFailed, () =>
    callEndpoint(ep.getSubGridboxes, { parent_gridbox_id: parentGridboxId, include_deleted: includeDeleted }),
  );
}

/** DELETE /delete_sub_gridbox (sub_gridbox_id): soft delete. */
export async function deleteSubGridbox(subGridboxId: number | null | undefined) {
  if (!subGridboxId) throw new ApiError('Required parameter(s) missing.');
  return withFallback(msg.deleteFailed, () => callEndpoint(ep.deleteSubGridbox, { sub_gridbox_id: subGridboxId }));
}

export interface SubGridboxPatchInput {
  custom_name?: string;
  plant_id?: number | null;
  color?: string;
  status?: string;
  content?: string;
  image_name?: string;
}

/** PUT /update_sub_gridbox: only the fields given are sent. */
export async function updateSubGridbox(subGridboxId: number | null | undefined, patch: SubGridboxPatchInput) {
  if (!subGridboxId) throw new ApiError('Required parameter(s) missing.');
  const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return withFallback(msg.updateFailed, async () =>
    (await callEndpoint(ep.updateSubGridbox, { sub_gridbox_id: subGridboxId, ...sent })).sub_gridbox,
  );
}

export { withFallback };
