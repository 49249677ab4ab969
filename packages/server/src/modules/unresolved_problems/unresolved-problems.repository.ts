import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { ProblemAction } from '@verdant/contract';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Where observations are looked for: a room includes the observations of the grids placed in it. */
export type Scope =
  | { kind: 'room'; id: number; problem?: string }
  | { kind: 'grid'; id: number; problem?: string }
  | { kind: 'box'; id: number };

/** Built apart from any query (Kysely's `expressionBuilder`), so queries that join other tables can use it as it is. */
export function inScope(scope: Scope): Expression<SqlBool> {
  const eb = expressionBuilder<DB, 'problem_observations'>();
  const parts: Expression<SqlBool>[] = [];
  if (scope.kind === 'box') parts.push(eb('problem_observations.grid_box_id', '=', scope.id));
  if (scope.kind === 'grid') parts.push(eb('problem_observations.grid_id', '=', scope.id));
  if (scope.kind === 'room') {
    parts.push(
      eb.or([
        eb('problem_observations.room_id', '=', scope.id),
        // `= ANY(ARRAY(sub-select))`, not `IN (sub-select)`: the grids become one value computed first, so each side of
        // the OR is an index condition (the partial open_room / open_grid indexes, a BitmapOr). With `IN` PostgreSQL
        // hashed the sub-select into a filter and read every open observation of every company (issue 19: 580 ms → 9 ms).
        sql<SqlBool>`problem_observations.grid_id = ANY(ARRAY(${eb.selectFrom('room_grid').select('room_grid.grid_id').where('room_grid.room_id', '=', scope.id)}))`,
      ]),
    );
  }
  if (scope.kind !== 'box' && scope.problem !== undefined) {
    parts.push(eb(sql<string>`lower(problem_observations.problem)`, '=', scope.problem.toLowerCase()));
  }
  return eb.and(parts);
}

const observationColumns = [
  'problem_observations.observation_id',
  'problem_observations.problem',
  'problem_observations.problem_id',
  'problem_observations.severity',
  'problem_observations.room_id',
  'problem_observations.grid_id',
  'problem_observations.grid_box_id',
  'problem_observations.sub_gridbox_id',
  'problem_observations.batch_id',
  'problem_observations.response_id',
  'problem_observations.source',
  'problem_observations.notes',
  'problem_observations.observed_at',
  'problem_observations.observed_by',
  'problem_observations.status',
  'problem_observations.status_changed_at',
  'problem_observations.status_changed_by',
  'problem_observations.confidence',
] as const;

function observations(db: Db, companyId: number) {
  return db
    .selectFrom('problem_observations')
    .leftJoin('users as u', 'u.user_id', 'problem_observations.observed_by')
    .select([...observationColumns, 'u.first_name', 'u.last_name'])
    .where('problem_observations.company_id', '=', companyId);
}

export function openObservations(db: Db, companyId: number, scope: Scope) {
  return observations(db, companyId)
    .where('problem_observations.status', '=', 'open')
    .where(inScope(scope))
    .orderBy('problem_observations.observed_at', 'desc')
    .orderBy('problem_observations.observation_id', 'desc')
    .execute();
}
export type ObservationRow = Awaited<ReturnType<typeof openObservations>>[number];

/** openObservations of many boxes in one statement (each box's rows in the same order as its own read). */
export function openObservationsOfBoxes(db: Db, companyId: number, boxIds: number[]): Promise<ObservationRow[]> {
  if (boxIds.length === 0) return Promise.resolve([]);
  return observations(db, companyId)
    .where('problem_observations.status', '=', 'open')
    .where('problem_observations.grid_box_id', 'in', boxIds)
    .orderBy('problem_observations.observed_at', 'desc')
    .orderBy('problem_observations.observation_id', 'desc')
    .execute();
}

export function findObservation(db: Db, companyId: number, observationId: number) {
  return observations(db, companyId).where('problem_observations.observation_id', '=', observationId).executeTakeFirst();
}

export function lockObservation(trx: Transaction<DB>, companyId: number, observationId: number) {
  return trx
    .selectFrom('problem_observations')
    .select(['observation_id', 'status', 'problem'])
    .where('company_id', '=', companyId)
    .where('observation_id', '=', observationId)
    .forUpdate()
    .executeTakeFirst();
}

export const findRoom = (db: Db, companyId: number, id: number) =>
  db.selectFrom('rooms').select(['room_id', 'name']).where('room_id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
export const findGrid = (db: Db, companyId: number, id: number) =>
  db.selectFrom('grids').select(['grid_id', 'name']).where('grid_id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
export const findBox = (db: Db, companyId: number, id: number) =>
  db.selectFrom('grid_boxes').select(['grid_box_id', 'grid_id']).where('grid_box_id', '=', id).where('company_id', '=', companyId).executeTakeFirst();

/** The company's boxes among `ids`. */
export function findBoxes(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('grid_boxes').select(['grid_box_id', 'grid_id']).where('grid_box_id', 'in', ids).where('company_id', '=', companyId).execute();
}

export async function gridIsInRoom(db: Db, gridId: number, roomId: number) {
  const row = await db.selectFrom('room_grid').select('id').where('grid_id', '=', gridId).where('room_id', '=', roomId).executeTakeFirst();
  return row !== undefined;
}

export function boxesOf(db: Db, boxIds: number[]) {
  if (boxIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('grid_boxes').select(['grid_box_id', 'x', 'y', 'custom_name']).where('grid_box_id', 'in', boxIds).orderBy('x').orderBy('y').execute();
}

export interface BoxProblemRow {
  grid_box_id: number;
  problem: string;
  count: number;
  max_severity: number | null;
  last_observed_at: Date;
}

/** Open observations of a grid's boxes grouped by box and problem (case-insensitive). */
export async function openProblemsPerBox(db: Db, companyId: number, gridId: number): Promise<BoxProblemRow[]> {
  const res = await sql<BoxProblemRow>`
    SELECT o.grid_box_id, min(o.problem) AS problem, count(*)::int AS count,
           max(o.severity) AS max_severity, max(o.observed_at) AS last_observed_at
    FROM problem_observations o
    JOIN grid_boxes b ON b.grid_box_id = o.grid_box_id
    WHERE o.company_id = ${companyId} AND b.grid_id = ${gridId} AND o.status = 'open'
    GROUP BY o.grid_box_id, lower(o.problem)
    ORDER BY o.grid_box_id, count(*) DESC, lower(o.problem)`.execute(db);
  return res.rows.map((r) => ({ ...r, count: Number(r.count), last_observed_at: new Date(r.last_observed_at) }));
}

export interface BoxSuspectedRow extends BoxProblemRow {
  confidence: number;
}

/** Suspected problems (unreviewed scan detections) of a grid's boxes by box and problem, with the highest confidence. */
export async function suspectedProblemsPerBox(db: Db, companyId: number, gridId: number): Promise<BoxSuspectedRow[]> {
  const res = await sql<BoxSuspectedRow>`
    SELECT o.grid_box_id, min(o.problem) AS problem, count(*)::int AS count, max(o.severity) AS max_severity,
           max(o.observed_at) AS last_observed_at, max(o.confidence)::float8 AS confidence
    FROM problem_observations o
    JOIN grid_boxes b ON b.grid_box_id = o.grid_box_id
    WHERE o.company_id = ${companyId} AND b.grid_id = ${gridId} AND o.status = 'suspected'
    GROUP BY o.grid_box_id, lower(o.problem)
    ORDER BY o.grid_box_id, count(*) DESC, lower(o.problem)`.execute(db);
  return res.rows.map((r) => ({ ...r, count: Number(r.count), confidence: Number(r.confidence), last_observed_at: new Date(r.last_observed_at) }));
}

/**
 * The observations of the scope an action applies to, locked: resolve/dismiss take open ones; reopen takes
 * those closed since `reopenSince`. The change itself is the observations module's (changeObservationStatus).
 */
export async function lockForAction(trx: Transaction<DB>, companyId: number, scope: Scope, action: ProblemAction, reopenSince: Date): Promise<number[]> {
  let q = trx.selectFrom('problem_observations').select('observation_id').where('company_id', '=', companyId).where(inScope(scope));
  q = action === 'reopen'
    ? q.where('status', 'in', ['resolved', 'dismissed']).where('status_changed_at', '>=', reopenSince)
    : q.where('status', '=', 'open');
  const rows = await q.orderBy('observation_id').forUpdate().execute();
  return rows.map((r) => r.observation_id);
}
