import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export const findRooms = (db: Db, companyId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', companyId).where('room_id', 'in', ids).execute();

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

/** The open batch problems that match, locked for the change (made by the observations module). */
export async function lockOpen(trx: Transaction<DB>, f: Omit<BatchProblemFilter, 'openOnly'>): Promise<number[]> {
  const rows = await trx
    .selectFrom('problem_observations')
    .select('observation_id')
    .where(matches({ ...f, openOnly: true }))
    .orderBy('observation_id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.observation_id);
}
