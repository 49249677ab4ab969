import {
  BATCH_PROBLEM_REQUIRED,
  batchProblemsMessages as msg,
  type EndpointInput,
  type batchProblemsEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { changeObservationStatus, fileObservations, problemMatcher, type FiledObservation } from '../observations/observations.service.js';
import { getCompanyBatch } from '../plants/index.js';
import * as repo from './batch-problems.repository.js';
import { toBatchProblem } from './batch-problems.mapper.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof batchProblemsEndpoints> = EndpointInput<(typeof batchProblemsEndpoints)[K]>;

/** The rooms named, each once; any that is not the company's is a 404. */
async function companyRooms({ db }: Deps, companyId: number, ids: number[] | undefined): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  const found = new Set((await repo.findRooms(db, companyId, unique)).map((r) => r.room_id));
  if (unique.some((id) => !found.has(id))) throw notFound('Room');
  return unique;
}

/** A problem type as the filter takes it: its name, plus the library/company problem it names, if any. */
async function problemType({ db }: Deps, companyId: number, type: string | undefined): Promise<repo.ProblemTypeFilter | undefined> {
  if (type === undefined) return undefined;
  const known = (await problemMatcher({ db }, companyId, [type]))(type);
  return { name: type, problemId: known?.problem_id ?? null };
}

/**
 * Records a problem on a batch: one open observation per room named, or one without a room. The type
 * is stored under the library's (or the company's own) problem name when it matches one. A harvested
 * batch still takes problems: post-harvest issues (mould in drying) are real. Filed like a scout's
 * observation, so automations on a problem observed hear of it and action thresholds count it
 * (docs/decisions.md, "Suspected problems and one observation writer").
 */
export async function createBatchProblem({ db }: Deps, caller: Caller, input: Input<'createBatchProblem'>) {
  const missing = BATCH_PROBLEM_REQUIRED.find((field) => input[field] === undefined);
  if (missing) throw badRequest(msg.missingFields, missing);
  const batchId = input.batch_id!;
  const type = input.problem_type!;
  const ids = await db.transaction().execute(async (trx) => {
    await getCompanyBatch({ db: trx }, caller.company_id, batchId);
    const rooms = await companyRooms({ db: trx }, caller.company_id, input.room_ids);
    const known = (await problemMatcher({ db: trx }, caller.company_id, [type]))(type);
    const rows: FiledObservation[] = (rooms?.length ? rooms : [null]).map((roomId) => ({
      place: { room_id: roomId, grid_id: null, grid_box_id: null, sub_gridbox_id: null },
      batch_id: batchId,
      problem: known?.name ?? type,
      problem_id: known?.problem_id ?? null,
      severity: input.severity!,
      notes: input.notes ?? null,
    }));
    const ids = await fileObservations({ db: trx }, { companyId: caller.company_id, source: 'batch', observedBy: caller.user_id, observedAt: new Date(), observations: rows });
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'batch_problem.create',
      entityType: 'batch',
      entityId: batchId,
      after: { observation_ids: ids, problem: rows[0]!.problem, severity: input.severity, room_ids: rooms ?? [], observed_by: caller.user_id },
    });
    return ids;
  });
  const rows = await repo.listBatchProblems(db, { companyId: caller.company_id, ids, openOnly: false });
  return { status: 'success' as const, message: msg.created, ProblemIDs: ids, problems: rows.map(toBatchProblem) };
}

/** Resolves the batch's open problems (only in the rooms named, only of the type named) with one audit event. */
export async function resolveBatchProblems({ db }: Deps, caller: Caller, input: Input<'resolveBatchProblem'>, now = new Date()) {
  await getCompanyBatch({ db }, caller.company_id, input.batch_id);
  const roomIds = await companyRooms({ db }, caller.company_id, input.room_ids);
  const type = await problemType({ db }, caller.company_id, input.problem_type);
  const ids = await db.transaction().execute(async (trx) => {
    const open = await repo.lockOpen(trx, { companyId: caller.company_id, batchId: input.batch_id, roomIds, problemType: type });
    const ids = await changeObservationStatus({ db: trx }, { companyId: caller.company_id, ids: open, action: 'resolve', userId: caller.user_id, at: now });
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'batch_problem.resolve',
      entityType: 'batch',
      entityId: input.batch_id,
      after: { observation_ids: ids, count: ids.length, room_ids: roomIds ?? null, problem_type: input.problem_type ?? null, resolved_by: caller.user_id },
    });
    return ids;
  });
  return { status: 'success' as const, message: ids.length ? msg.resolved : msg.noneOpen, affected: ids.length, ProblemIDs: ids };
}

export async function listBatchProblems({ db }: Deps, caller: Caller, input: Input<'getBatchProblems'>) {
  if (input.batch_id !== undefined) await getCompanyBatch({ db }, caller.company_id, input.batch_id);
  const roomIds = await companyRooms({ db }, caller.company_id, input.room_id === undefined ? undefined : [input.room_id]);
  const rows = await repo.listBatchProblems(db, {
    companyId: caller.company_id,
    batchId: input.batch_id,
    roomIds,
    problemType: await problemType({ db }, caller.company_id, input.problem_type),
    openOnly: !input.include_resolved,
  });
  return { status: 'success' as const, problems: rows.map(toBatchProblem) };
}
