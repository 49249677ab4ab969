import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { ProblemAction } from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import { isoUtc } from '../rooms/index.js';

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

/**
 * An observation `po` (joined to its observer `u`) as the columns of `toObservation`'s wire shape
 * (observations.mapper.ts), in its order, so that `row_to_json` of them is that JSON written by PostgreSQL:
 * a room's answer lists thousands, and parsing them into rows, Dates and objects to write them out again was
 * most of its time (issue 19). ObservedByName as `fullName` (blank parts left out, null when none). The routes
 * test checks it against `toObservation` of the same rows.
 */
const observationWireColumns = sql`po.observation_id AS "ProblemID", po.problem AS "Problem", po.problem_id AS "PlantProblemID",
  po.severity AS "Severity", po.room_id AS "RoomID", po.grid_id AS "GridID", po.grid_box_id AS "GridBoxID",
  po.sub_gridbox_id AS "Sub_gridboxID", po.batch_id AS "BatchID", po.response_id AS "ResponseID", po.source AS "Source",
  po.notes AS "Notes", ${isoUtc('po.observed_at')} AS "ObservedAt", po.observed_by AS "ObservedBy",
  nullif(concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, '')), '') AS "ObservedByName", po.status AS "Status",
  po.confidence AS "Confidence", ${isoUtc('po.status_changed_at')} AS "StatusChangedAt", po.status_changed_by AS "StatusChangedBy"`;

/** A problem's open observations in a room: the summary of its answer, before it is put in order (inSummaryOrder). */
export interface RoomSummaryRow {
  Problem: string;
  count: number;
  max_severity: number | null;
  last_observed_at: string;
}

/**
 * The open observations of a room (its own and its grids', as `openObservations` with a room scope) in one
 * statement: the answer's `problems` as JSON text, newest first, and one row per problem (case-insensitive) for
 * its summary, spelt as its newest observation, with the count, highest severity and latest time.
 */
export async function openObservationsOfRoomText(db: Db, companyId: number, roomId: number): Promise<{ problems: string; summary: RoomSummaryRow[] }> {
  // "ObservedAt" is ISO text of one width: in byte order ("C") it sorts as the time does.
  const res = await sql<{ problems: string; summary: RoomSummaryRow[] }>`
    WITH o AS MATERIALIZED (
      SELECT ${observationWireColumns}
      FROM problem_observations po LEFT JOIN users u ON u.user_id = po.observed_by
      WHERE po.company_id = ${companyId} AND po.status = 'open'
        AND (po.room_id = ${roomId} OR po.grid_id = ANY(ARRAY(SELECT rg.grid_id FROM room_grid rg WHERE rg.room_id = ${roomId})))
    )
    SELECT
      (SELECT coalesce(string_agg(row_to_json(o)::text, ',' ORDER BY o."ObservedAt" COLLATE "C" DESC, o."ProblemID" DESC), '') FROM o) AS problems,
      (SELECT coalesce(json_agg(s), '[]') FROM (
        SELECT (array_agg(o."Problem" ORDER BY o."ObservedAt" COLLATE "C" DESC, o."ProblemID" DESC))[1] AS "Problem", count(*)::int AS count,
               max(o."Severity") AS max_severity, max(o."ObservedAt" COLLATE "C") AS last_observed_at
        FROM o GROUP BY lower(o."Problem")
      ) s) AS summary`.execute(db);
  return res.rows[0]!;
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

/** A problem of a box as a circle's or suspected entry's fields (`toSummary`'s shape, `confidence` on a suspected one). */
export interface BoxSummaryJson {
  Problem: string;
  count: number;
  max_severity: number | null;
  last_observed_at: string;
  confidence?: number;
}

/** A box of a grid and its open (or suspected) problems, as JSON in the circles answer's order. */
export interface BoxProblemsRow {
  grid_box_id: number;
  x: number;
  y: number;
  problems: BoxSummaryJson[];
}

/**
 * The boxes of a grid with open problems, or with suspected ones (unreviewed scan detections), in (x, y) order, and
 * per box each problem (case-insensitive) with its count, highest severity and latest time (a suspected one's highest
 * confidence too), most frequent first, as JSON made by PostgreSQL (issue 19: the room map asks this once per grid,
 * for a few hundred boxes each). Each kind is read through its own partial index (open by box, suspected by company);
 * one statement for both was planned in parallel, whose workers cost more than the reads.
 */
export async function problemsPerBoxJson(db: Db, companyId: number, gridId: number, status: 'open' | 'suspected'): Promise<BoxProblemsRow[]> {
  const confidence = status === 'suspected' ? sql`, 'confidence', p.confidence` : sql``;
  const res = await sql<BoxProblemsRow>`
    SELECT p.grid_box_id, p.x, p.y,
      json_agg(json_build_object('Problem', p.problem, 'count', p.count, 'max_severity', p.max_severity, 'last_observed_at', p.last_observed_at${confidence})
        ORDER BY p.count DESC, p.key) AS problems
    FROM (
      SELECT o.grid_box_id, b.x, b.y, lower(o.problem) AS key, min(o.problem) AS problem, count(*)::int AS count,
             max(o.severity) AS max_severity, ${isoUtc('max(o.observed_at)')} AS last_observed_at, max(o.confidence)::float8 AS confidence
      FROM problem_observations o
      JOIN grid_boxes b ON b.grid_box_id = o.grid_box_id
      WHERE o.company_id = ${companyId} AND b.grid_id = ${gridId} AND o.status = ${status}
      GROUP BY o.grid_box_id, b.x, b.y, lower(o.problem)
    ) p
    GROUP BY p.grid_box_id, p.x, p.y
    ORDER BY p.x, p.y`.execute(db);
  return res.rows;
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
