import { scoutingMessages } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { clearScannedGrids, markGridScanned } from '../grids/index.js';
import { clearScannedRooms, holdRoomVersions, markRoomScanned } from '../rooms/index.js';
import * as repo from './scouting.repository.js';
import { toMark, toPreviousRound, toRound, toScanState } from './scouting.mapper.js';
import { fullName } from '../../lib/full-name.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps, TxDeps } from '../../lib/deps.js';

const label = { room: 'Room', grid: 'Grid' } as const;

/**
 * Sets the scanned flag, time and scanner (`userId`: the routes pass the signed-in caller, whatever
 * `user_id` the request names) and records a mark in the current scouting round, all in one transaction.
 */
export async function markScanned(deps: Deps, caller: Caller, target: repo.Target, userId: number, now = new Date()) {
  const { round, state } = await deps.db.transaction().execute((trx) => markScannedIn({ db: trx }, caller, target, userId, now));
  const found = await repo.findTarget(deps.db, caller.company_id, target);
  const name = found ? fullName(found.first_name, found.last_name) : null;
  const base = { status: 'success' as const, round_id: round.round_id, ...toScanState(state, name) };
  return target.kind === 'room'
    ? { ...base, message: scoutingMessages.roomMarked, RoomID: target.id }
    : { ...base, message: scoutingMessages.gridMarked, GridID: target.id };
}

/** The mark of `markScanned` inside the caller's transaction (a photo scan marks its room and grid with its own write). */
export async function markScannedIn({ db: trx }: TxDeps, caller: Caller, target: repo.Target, userId: number, now: Date) {
  // The room's version before its room or grid row: a scan marks both, in the order the version triggers take them.
  await holdRoomVersions({ db: trx }, caller.company_id, target);
  const before = await repo.lockTarget(trx, caller.company_id, target);
  if (!before) throw notFound(label[target.kind]);
  const round = await repo.currentRoundForMark(trx, caller.company_id, caller.user_id, now);
  // The flags are the owners': rooms and grids set them in this transaction.
  if (target.kind === 'grid') await markGridScanned({ db: trx }, target.id, userId, now);
  else await markRoomScanned({ db: trx }, target.id, userId, now);
  const mark = await repo.markScanned(trx, caller.company_id, target, userId, round.round_id, now);
  await writeAudit(trx, {
    companyId: caller.company_id,
    userId: caller.user_id,
    action: `${target.kind}.scanned`,
    entityType: target.kind,
    entityId: target.id,
    before: { scanned: before.scanned, scanned_at: before.scanned_at, last_scanned_by: before.last_scanned_by },
    after: { scanned: true, scanned_at: now.toISOString(), last_scanned_by: userId, round_id: round.round_id, mark_id: mark.mark_id },
  });
  return { round, state: { scanned: true, scanned_at: now, last_scanned_by: userId } };
}

/** Resets every room and grid of the caller's company and opens a new round (the only one "current"). */
export async function resetScanned(deps: Deps, caller: Caller, companyId: number | undefined) {
  if (companyId !== undefined) assertOwnCompany(caller, companyId);
  return deps.db.transaction().execute(async (trx) => {
    const previous = await repo.latestRound(trx, caller.company_id);
    const counts = { rooms: await clearScannedRooms({ db: trx }, caller.company_id), grids: await clearScannedGrids({ db: trx }, caller.company_id) };
    const round = await repo.insertRound(trx, caller.company_id, caller.user_id);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'scouting.reset',
      entityType: 'scouting_round',
      entityId: round.round_id,
      before: { round_id: previous?.round_id ?? null, rooms_scanned: counts.rooms, grids_scanned: counts.grids },
      after: { round_id: round.round_id },
    });
    return {
      status: 'success' as const,
      message: scoutingMessages.reset,
      round: toRound(round),
      rooms_reset: counts.rooms,
      grids_reset: counts.grids,
    };
  });
}

export async function scanDetails(deps: Deps, caller: Caller, target: repo.Target) {
  const found = await repo.findTarget(deps.db, caller.company_id, target);
  if (!found) throw notFound(label[target.kind]);
  const round = await repo.latestRound(deps.db, caller.company_id);
  const [marks, previous] = round
    ? await Promise.all([
        repo.marksInRound(deps.db, caller.company_id, target, round.round_id),
        repo.previousRounds(deps.db, caller.company_id, target, round.round_id),
      ])
    : [[], []];
  const details = {
    status: 'success' as const,
    Name: found.name,
    ...toScanState(found, fullName(found.first_name, found.last_name)),
    current_round: round ? toRound(round) : null,
    marks: marks.map(toMark),
    previous_rounds: previous.map(toPreviousRound),
  };
  return target.kind === 'room' ? { ...details, RoomID: target.id } : { ...details, GridID: target.id };
}
