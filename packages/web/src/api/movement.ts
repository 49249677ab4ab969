import {
  movementEndpoints as ep,
  movementMessages as msg,
  MOVEMENT_HISTORY_LIMIT,
  type Position,
} from '@verdant/contract';
import { ApiError, withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface MovePlantInput {
  plantUid: string;
  targetParentGridboxId: number;
  userId: number;
  targetPosition?: Position;
  reason?: string;
  notes?: string;
}

/** Reason and notes travel only when they are not blank after trimming (spec-2 §5). */
export function movePlantBody(i: MovePlantInput) {
  const reason = i.reason?.trim();
  const notes = i.notes?.trim();
  return {
    plant_uid: i.plantUid,
    target_parent_gridbox_id: i.targetParentGridboxId,
    user_id: i.userId,
    ...(i.targetPosition ? { target_position: i.targetPosition } : {}),
    ...(reason ? { movement_reason: reason } : {}),
    ...(notes ? { notes } : {}),
  };
}

/** POST /move_plant. An occupied target is a 409 whose message names the plant already there. */
export async function movePlant(i: MovePlantInput) {
  if (!i.plantUid || !i.targetParentGridboxId || !i.userId) throw new ApiError('Required parameter(s) missing.');
  if (i.targetPosition && (!Number.isFinite(i.targetPosition.subx) || !Number.isFinite(i.targetPosition.suby))) {
    throw new ApiError('Required parameter(s) missing.');
  }
  const res = await withFallback(msg.moveFailed, () => callEndpoint(ep.movePlant, movePlantBody(i)));
  // The same path also answers a batch move (spec-2 §7); a plant move always carries the movement.
  if (!('movement' in res)) throw new ApiError(msg.moveFailed);
  return res;
}

export interface MovementHistoryFilters {
  batch_id?: number;
  room_id?: number;
  start_date?: string;
  end_date?: string;
  sort_by?: 'moved_at' | 'plant_uid' | 'from_room' | 'to_room' | 'moved_by';
  sort_order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

/** GET /get_company_movement_history; limit 50 and offset 0 unless given. */
export async function getCompanyMovementHistory(companyId: number | null | undefined, filters: MovementHistoryFilters = {}) {
  if (!companyId) throw new ApiError(msg.companyRequired);
  return withFallback(msg.historyFailed, () =>
    callEndpoint(ep.getCompanyMovementHistory, {
      company_id: companyId,
      limit: MOVEMENT_HISTORY_LIMIT,
      offset: 0,
      ...filters,
    }),
  );
}
