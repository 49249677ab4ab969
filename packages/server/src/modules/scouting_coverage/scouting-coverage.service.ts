import { scoutingCoverageMessages } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import * as repo from './scouting-coverage.repository.js';
import { toFrequency, toRoomCoverage } from './scouting-coverage.mapper.js';

export async function getFrequency(deps: Deps, caller: Caller) {
  return { status: 'success' as const, ...toFrequency(await repo.frequencies(deps.db, caller.company_id)) };
}

/**
 * Sets (days ≥ 1) or clears (0) the company's interval, or one room's override with `roomId`.
 * The room is checked to be the caller's company's; the change is audited in the same transaction.
 */
export async function setFrequency(deps: Deps, caller: Caller, roomId: number | null, days: number) {
  const rows = await deps.db.transaction().execute(async (trx) => {
    if (roomId !== null && !(await repo.roomOfCompany(trx, caller.company_id, roomId))) throw notFound('Room');
    const before = await repo.lockFrequency(trx, caller.company_id, roomId);
    if (days === 0) await repo.clearFrequency(trx, caller.company_id, roomId);
    else await repo.saveFrequency(trx, caller.company_id, roomId, days, caller.user_id);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: days === 0 ? 'scouting_frequency.cleared' : 'scouting_frequency.set',
      entityType: roomId === null ? 'company' : 'room',
      entityId: roomId ?? caller.company_id,
      before: { due_every_days: before?.due_every_days ?? null },
      after: { due_every_days: days === 0 ? null : days },
    });
    return repo.frequencies(trx, caller.company_id);
  });
  return {
    status: 'success' as const,
    message: days === 0 ? scoutingCoverageMessages.cleared : scoutingCoverageMessages.saved,
    ...toFrequency(rows),
  };
}

export async function getCoverage(deps: Deps, caller: Caller, roomId: number | null, now = new Date()) {
  if (roomId !== null && !(await repo.roomOfCompany(deps.db, caller.company_id, roomId))) throw notFound('Room');
  // One room lists its overdue boxes (a row per box, bounded by the room); every room reads the kept counts.
  const rows = roomId !== null
    ? await repo.coverage(deps.db, caller.company_id, now, roomId, true)
    : await repo.coverageFromCounts(deps.db, caller.company_id, now);
  return {
    status: 'success' as const,
    generated_at: now.toISOString(),
    rooms: rows.map(toRoomCoverage),
    ...(roomId !== null ? { overdue_GridBoxIDs: rows[0]?.overdue_box_ids ?? [] } : {}),
  };
}
