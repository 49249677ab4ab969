import { movementMessages as msg, type Position, type EndpointInput, type movementEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import { clampPage } from '../../lib/paging.js';
import { getPlantByUid } from '../plants/plants.service.js';
import { requireBatch } from '../batches/index.js';
import { requireRoom } from '../rooms/index.js';
import { actorOf, relocatePlant } from '../sub_gridboxes/sub-gridboxes.service.js';
import { toMovement } from './movement.mapper.js';
import * as repo from './movement.repository.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof movementEndpoints> = EndpointInput<(typeof movementEndpoints)[K]>;

/** Where a plant goes: a JSON position, or the two form fields. */
type PositionFields = Pick<Input<'movePlant'>, 'target_position' | 'target_position[subx]' | 'target_position[suby]'>;

/** Every id a request names must be the caller's company's (404), even one this path does not use. */
async function requireNamedIds({ db }: Deps, caller: Caller, ids: { batch_id?: number; room_ids: (number | undefined)[] }) {
  if (ids.batch_id !== undefined) await requireBatch({ db }, caller.company_id, ids.batch_id);
  for (const roomId of ids.room_ids) if (roomId !== undefined) await requireRoom({ db }, caller, roomId);
}

/** The position from a JSON object / JSON text, or from form fields target_position[subx] and [suby]. */
export function targetPositionOf(input: PositionFields): Position | undefined {
  if (input.target_position) return input.target_position;
  const subx = input['target_position[subx]'];
  const suby = input['target_position[suby]'];
  if (subx === undefined && suby === undefined) return undefined;
  if (subx === undefined || suby === undefined) {
    throw badRequest('target_position needs both subx and suby.', subx === undefined ? 'target_position[subx]' : 'target_position[suby]');
  }
  return { subx, suby };
}

/**
 * Moves one plant in one transaction: locks the plant, places it, records the move and an audit event.
 * `movedAt` only serves the demo data, which spreads its history over past weeks.
 */
export async function movePlant({ db }: Deps, caller: Caller, input: Input<'movePlant'> & Required<Pick<Input<'movePlant'>, 'plant_uid' | 'target_parent_gridbox_id'>>, opts: { movedAt?: Date } = {}) {
  const position = targetPositionOf(input);
  const actor = actorOf(caller);
  await requireNamedIds({ db }, caller, { batch_id: input.batch_id, room_ids: [input.old_room_id, input.new_room_id] });
  return db.transaction().execute(async (trx) => {
    const plant = await getPlantByUid({ db: trx }, actor.companyId, input.plant_uid, { lock: true });
    const placed = await relocatePlant({ db: trx }, actor, plant, input.target_parent_gridbox_id, position);
    const movementId = await repo.insertMovement(trx, {
      company_id: actor.companyId,
      plant_id: plant.plant_id,
      from_sub_gridbox_id: placed.from?.sub_gridbox_id ?? null,
      to_sub_gridbox_id: placed.to.sub_gridbox_id,
      from_gridbox_id: placed.from?.parent_gridbox_id ?? null,
      to_gridbox_id: placed.to.parent_gridbox_id,
      from_room_id: placed.from?.room_id ?? null,
      to_room_id: placed.to.room_id,
      batch_id: null,
      movement_reason: input.movement_reason,
      notes: input.notes,
      moved_by: actor.userId,
      ...(opts.movedAt ? { moved_at: opts.movedAt } : {}),
    });
    const [row] = await repo.listHistory(
      trx,
      { companyId: actor.companyId, movementId },
      { key: 'moved_at', direction: 'desc', limit: 1, offset: 0 },
    );
    const movement = toMovement(row!);
    await writeAudit(trx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: 'plant.move',
      entityType: 'plant',
      entityId: plant.plant_id,
      before: placed.from,
      after: { ...placed.to, movement_id: movementId, movement_reason: input.movement_reason, notes: input.notes },
    });
    return { movement, subGridbox: placed.subGridbox };
  });
}

export async function movementHistory({ db }: Deps, caller: Caller, input: Input<'getCompanyMovementHistory'>) {
  if (input.company_id === undefined) throw badRequest(msg.companyRequired, 'company_id');
  assertOwnCompany(caller, input.company_id);
  if (input.start_date && input.end_date && input.start_date > input.end_date) throw badRequest(msg.dateOrder, 'start_date');
  await requireNamedIds({ db }, caller, { batch_id: input.batch_id, room_ids: [input.room_id] });
  const page = clampPage(input.limit, input.offset, 50, 500);
  const filter: repo.HistoryFilter = {
    companyId: input.company_id,
    batchId: input.batch_id,
    roomId: input.room_id,
    startDate: input.start_date,
    endDate: input.end_date,
  };
  const [total, rows] = await Promise.all([
    repo.countHistory(db, filter),
    repo.listHistory(db, filter, { key: input.sort_by, direction: input.sort_order, ...page }),
  ]);
  return { totalCount: total, ...page, movements: rows.map(toMovement) };
}
