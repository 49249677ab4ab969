import {
  apiTokenMayUndo, apiTokensMessages, bulkMessages as msg, bulkRefusals as refused, type bulkEndpoints, type EndpointInput,
} from '@verdant/contract';
import type { Transaction } from 'kysely';
import type { BulkRecord, DB } from '../../db/schema.js';
import type { Caller } from '../../plugins/auth.js';
import { writeAudits } from '../../lib/audit.js';
import type { Deps } from '../../lib/deps.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { lockBoxLooks, setBoxLooks, type BoxLook } from '../grids/index.js';
import { changeObservationStatus, lockObservations, problemMatcher, reassignObservations } from '../observations/observations.service.js';
import { changeTask } from '../tasks/index.js';
import * as repo from './bulk.repository.js';
import { toBulkChange } from './bulk.mapper.js';

type Input<K extends keyof typeof bulkEndpoints> = EndpointInput<(typeof bulkEndpoints)[K]>;
type Kind = repo.BulkChangeRow['kind'];

/** Each id once, ascending: the order records are locked in, so two changes of overlapping records take turns. */
const distinct = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The first id asked for that is not among those found (both ascending), or undefined. */
function firstMissing(asked: number[], found: number[]): number | undefined {
  const have = new Set(found);
  return asked.find((id) => !have.has(id));
}

/** Keeps the change with its records (for the undo) and audits each record, in the change's transaction. */
async function record(trx: Transaction<DB>, caller: Caller, kind: Kind, action: string, entityType: string, records: BulkRecord[], audit = true) {
  const row = await repo.insertChange(trx, { companyId: caller.company_id, userId: caller.user_id, kind, action, records });
  if (audit) {
    await writeAudits(trx, records.map((r) => ({
      companyId: caller.company_id, userId: caller.user_id, action: `${entityType}.bulk_${action}`, entityType, entityId: r.id,
      before: r.before, after: { ...r.after, change_id: row.change_id },
    })));
  }
  return row;
}

const answer = (message: string, row: repo.BulkChangeRow) => ({ status: 'success' as const, message, change: toBulkChange(row) });

/** Sets the status and/or colour of many boxes: all or nothing (a box that is not the company's refuses the whole). */
export async function updateGridBoxes({ db }: Deps, caller: Caller, input: Input<'bulkUpdateGridBoxes'>) {
  if (input.Status === undefined && input.Color === undefined) throw badRequest(msg.nothingToSet, 'Status');
  const ids = distinct(input.GridBoxIDs);
  const status = input.Status === undefined ? undefined : input.Status || null;
  const row = await db.transaction().execute(async (trx) => {
    const found = await lockBoxLooks({ db: trx }, caller.company_id, ids);
    const missing = firstMissing(ids, found.map((b) => b.grid_box_id));
    if (missing !== undefined) throw new AppError('not_found', refused.boxMissing(missing), 'GridBoxIDs');
    const after: BoxLook[] = found.map((b) => ({
      grid_box_id: b.grid_box_id, status: status === undefined ? b.status : status, color: input.Color === undefined ? b.color : input.Color,
    }));
    await setBoxLooks({ db: trx }, caller.company_id, after);
    return record(trx, caller, 'grid_boxes', 'update', 'grid_box', found.map((b, i) => ({
      id: b.grid_box_id, before: { status: b.status, color: b.color }, after: { status: after[i]!.status, color: after[i]!.color },
    })));
  });
  return answer(msg.boxesChanged, row);
}

/** Resolves many open observations, or files them under another problem: all or nothing. */
export async function updateObservations({ db }: Deps, caller: Caller, input: Input<'bulkUpdateObservations'>) {
  if (input.action === 'reassign' && input.problem === undefined) throw badRequest(msg.problemRequired, 'problem');
  const ids = distinct(input.observation_ids);
  const row = await db.transaction().execute(async (trx) => {
    const found = await lockObservations({ db: trx }, caller.company_id, ids);
    const missing = firstMissing(ids, found.map((o) => o.observation_id));
    if (missing !== undefined) throw new AppError('not_found', refused.observationMissing(missing), 'observation_ids');
    if (input.action === 'resolve') {
      const notOpen = found.find((o) => o.status !== 'open');
      if (notOpen) throw conflict(refused.observationNotOpen(notOpen.observation_id, notOpen.status));
      await changeObservationStatus({ db: trx }, { companyId: caller.company_id, ids, action: 'resolve', userId: caller.user_id, at: new Date() });
      return record(trx, caller, 'observations', 'resolve', 'observation', found.map((o) => ({
        id: o.observation_id, before: { status: o.status }, after: { status: 'resolved' },
      })));
    }
    const name = input.problem!;
    const known = (await problemMatcher({ db: trx }, caller.company_id, [name]))(name);
    const problem = { problem: known?.name ?? name, problem_id: known?.problem_id ?? null };
    await reassignObservations({ db: trx }, caller.company_id, found.map((o) => ({ id: o.observation_id, ...problem })));
    return record(trx, caller, 'observations', 'reassign', 'observation', found.map((o) => ({
      id: o.observation_id, before: { problem: o.problem, problem_id: o.problem_id }, after: problem,
    })));
  });
  return answer(msg.observationsChanged, row);
}

/** Assigns many tasks to one user, or closes them (status done): all or nothing. Each task is audited by its owner's change. */
export async function updateTasks({ db }: Deps, caller: Caller, input: Input<'bulkUpdateTasks'>) {
  if (input.action === 'assign' && input.assignee_id === undefined) throw badRequest(msg.assigneeRequired, 'assignee_id');
  const change = input.action === 'assign' ? { assignee_id: input.assignee_id } : { status: 'done' };
  const ids = distinct(input.task_ids);
  const row = await db.transaction().execute(async (trx) => {
    const records: BulkRecord[] = [];
    for (const id of ids) {
      const done = await changeTask({ db: trx }, caller, id, change);
      if (!done) throw new AppError('not_found', refused.taskMissing(id), 'task_ids');
      records.push({ id, before: { ...done.before }, after: { ...done.after } });
    }
    return record(trx, caller, 'tasks', input.action, 'task', records, false);
  });
  return answer(msg.tasksChanged, row);
}

/** Fails the undo when a record no longer holds what the change left (someone changed it since). */
function unchangedSince<T extends object>(what: string, id: number, now: T | undefined, after: Record<string, unknown>) {
  const same = now !== undefined && Object.entries(after).every(([k, v]) => k in now && now[k as keyof T] === v);
  if (!same) throw conflict(refused.changedSince(what, id));
}

/**
 * Undoes one of the caller's bulk changes: every record back to its value before, in one transaction, refused
 * (409, naming the record) when any record changed since. Another user's change, or another company's, is 404.
 */
export async function undoChange({ db }: Deps, caller: Caller, changeId: number) {
  const row = await db.transaction().execute(async (trx) => {
    const change = await repo.lockChange(trx, caller.company_id, changeId);
    if (!change || change.user_id !== caller.user_id) throw notFound('Change');
    if (change.undone_at) throw conflict(msg.undoneAlready);
    // A scouting API token undoes only what it could have made (observations, tasks), not a change of boxes.
    if (caller.api_token && !apiTokenMayUndo(caller.api_token.scope, change.kind)) throw forbidden(apiTokensMessages.scopeRefused);
    const ids = change.records.map((r) => r.id);
    const now = new Date();
    if (change.kind === 'grid_boxes') {
      const current = new Map((await lockBoxLooks({ db: trx }, caller.company_id, ids)).map((b) => [b.grid_box_id, b]));
      for (const r of change.records) unchangedSince('Grid box', r.id, current.get(r.id), r.after);
      await setBoxLooks({ db: trx }, caller.company_id, change.records.map((r) => ({
        grid_box_id: r.id, status: r.before.status as string | null, color: r.before.color as string | null,
      })));
    } else if (change.kind === 'observations') {
      const current = new Map((await lockObservations({ db: trx }, caller.company_id, ids)).map((o) => [o.observation_id, o]));
      for (const r of change.records) unchangedSince('Observation', r.id, current.get(r.id), r.after);
      if (change.action === 'resolve') {
        await changeObservationStatus({ db: trx }, { companyId: caller.company_id, ids, action: 'reopen', userId: caller.user_id, at: now });
      } else {
        await reassignObservations({ db: trx }, caller.company_id, change.records.map((r) => ({
          id: r.id, problem: r.before.problem as string, problem_id: r.before.problem_id as number | null,
        })));
      }
    } else {
      for (const r of change.records) {
        const done = await changeTask({ db: trx }, caller, r.id, { status: r.before.status as string, assignee_id: r.before.assignee_id as number | null });
        unchangedSince('Task', r.id, done?.before, r.after);
      }
    }
    if (change.kind !== 'tasks') {
      const entityType = change.kind === 'grid_boxes' ? 'grid_box' : 'observation';
      await writeAudits(trx, change.records.map((r) => ({
        companyId: caller.company_id, userId: caller.user_id, action: `${entityType}.bulk_undo`, entityType, entityId: r.id,
        before: r.after, after: { ...r.before, change_id: change.change_id },
      })));
    }
    return repo.markUndone(trx, caller.company_id, change.change_id, caller.user_id, now);
  });
  return answer(msg.undone, row);
}
