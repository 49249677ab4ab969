import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export const findRooms = (db: Db, companyId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', companyId).where('room_id', 'in', ids).execute();

export interface NewBatchProblem {
  company_id: number;
  batch_id: number;
  problem: string;
  problem_id: number | null;
  severity: number;
  room_id: number | null;
  notes: string | null;
  observed_at: Date;
  observed_by: number;
}

export async function insertBatchProblems(trx: Transaction<DB>, rows: NewBatchProblem[]): Promise<number[]> {
  const made = await trx
    .insertInto('problem_observations')
    .values(rows.map((r) => ({ ...r, source: 'batch_problem' as const })))
    .returning('observation_id')
    .execute();
  return made.map((r) => r.observation_id);
}

/** A problem type: its name in any case, or (when it matched the library) the problem's id. */
export interface ProblemTypeFilter {
  name: string;
  problemId: number | null;
}

export interface BatchProblemFilter {
  companyId: number;
  ids?: number[];
  batchId?: number;
  roomIds?: number[];
  problemType?: ProblemTypeFilter;
  openOnly: boolean;
}

/** Built apart from any query (Kysely's `expressionBuilder`), so the joined list and the update use it alike. */
function matches(f: BatchProblemFilter): Expression<SqlBool> {
  const eb = expressionBuilder<DB, 'problem_observations'>();
  const parts: Expression<SqlBool>[] = [
    eb('problem_observations.company_id', '=', f.companyId),
    eb('problem_observations.source', '=', 'batch_problem'),
  ];
  if (f.ids) parts.push(eb('problem_observations.observation_id', 'in', f.ids.length ? f.ids : [0]));
  if (f.batchId !== undefined) parts.push(eb('problem_observations.batch_id', '=', f.batchId));
  if (f.roomIds) parts.push(eb('problem_observations.room_id', 'in', f.roomIds.length ? f.roomIds : [0]));
  if (f.openOnly) parts.push(eb('problem_observations.status', '=', 'open'));
  const type = f.problemType;
  if (type) {
    const byName = eb(sql<string>`lower(problem_observations.problem)`, '=', type.name.toLowerCase());
    parts.push(type.problemId === null ? byName : eb.or([byName, eb('problem_observations.problem_id', '=', type.problemId)]));
  }
  return eb.and(parts);
}

export function listBatchProblems(db: Db, f: BatchProblemFilter) {
  return db
    .selectFrom('problem_observations')
    .leftJoin('users as u', 'u.user_id', 'problem_observations.observed_by')
    .leftJoin('batches as b', 'b.batch_id', 'problem_observations.batch_id')
    .leftJoin('rooms as r', 'r.room_id', 'problem_observations.room_id')
    .selectAll('problem_observations')
    .select(['u.first_name', 'u.last_name', 'b.batch_number', 'r.name as room_name'])
    .where(matches(f))
    .orderBy('problem_observations.observed_at', 'desc')
    .orderBy('problem_observations.observation_id', 'desc')
    .execute();
}
export type BatchProblemRow = Awaited<ReturnType<typeof listBatchProblems>>[number];

/** Resolves the open batch problems that match and records the action per observation. */
export async function resolveOpen(trx: Transaction<DB>, f: Omit<BatchProblemFilter, 'openOnly'>, userId: number, at: Date): Promise<number[]> {
  const rows = await trx
    .updateTable('problem_observations')
    .set({ status: 'resolved', status_changed_at: at, status_changed_by: userId })
    .where(matches({ ...f, openOnly: true }))
    .returning('observation_id')
    .execute();
  const ids = rows.map((r) => r.observation_id).sort((a, b) => a - b);
  if (ids.length) {
    await trx
      .insertInto('observation_actions')
      .values(ids.map((id) => ({ company_id: f.companyId, observation_id: id, action: 'resolve' as const, user_id: userId, acted_at: at })))
      .execute();
  }
  return ids;
}
