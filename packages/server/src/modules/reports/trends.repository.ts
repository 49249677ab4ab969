import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ReportRange } from '@verdant/contract';

/** Rooms a report keeps to: an observation's own room, or a grid of the room (the grids' ids, or found by the statement). */
export interface RoomFilter {
  roomIds: number[];
  gridIds?: number[];
}

/** Which observations a trend counts. */
export interface ObservationFilter {
  companyId: number;
  range: ReportRange;
  rooms?: RoomFilter;
  batchId?: number;
  /** batch_related_date: only observations of a batch. */
  batchOnly?: boolean;
  /** Lower-cased problem names. */
  problems?: string[];
  templateId?: number;
  formCategory?: string;
  imagesOnly?: boolean;
  /** Count the suspected problems (unreviewed scan detections) instead of the observations (issue 18). */
  suspected?: boolean;
}

/** The bucket an instant falls in: whole days since the range's origin (company days), divided by the bucket size. */
export const bucketOf = (column: RawBuilder<unknown>, range: ReportRange) =>
  sql<number>`((${column} AT TIME ZONE ${range.timeZone})::date - ${range.origin}::date) / ${range.bucketDays}::int`;

/** [first midnight, last midnight) of the range in the company's zone: a plain range on the indexed column. */
export function inRange(column: RawBuilder<unknown>, range: ReportRange): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} >= (${range.start}::date)::timestamp AT TIME ZONE ${range.timeZone}
    AND ${column} < ((${range.end}::date + 1)::timestamp AT TIME ZONE ${range.timeZone})`;
}

const col = (name: string) => sql.ref(name);

function where(f: ObservationFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`o.company_id = ${f.companyId}`,
    inRange(col('o.observed_at'), f.range),
    // A dismissed observation was a false alarm: it is not pressure; a suspected one is not seen yet (issue 18).
    f.suspected ? sql<SqlBool>`o.status = 'suspected'` : sql<SqlBool>`o.status IN ('open', 'resolved')`,
  ];
  if (f.rooms) {
    // ARRAY(SELECT …) is computed once (an InitPlan), so the grid index is still usable.
    const grids = f.rooms.gridIds
      ? sql`${f.rooms.gridIds}::int[]`
      : sql`ARRAY(SELECT rg.grid_id FROM room_grid rg WHERE rg.company_id = ${f.companyId} AND rg.room_id = ANY(${f.rooms.roomIds}::int[]))`;
    parts.push(sql<SqlBool>`(o.room_id = ANY(${f.rooms.roomIds}::int[]) OR o.grid_id = ANY(${grids}))`);
  }
  if (f.batchId !== undefined) parts.push(sql<SqlBool>`o.batch_id = ${f.batchId}`);
  if (f.batchOnly) parts.push(sql<SqlBool>`o.batch_id IS NOT NULL`);
  if (f.problems) parts.push(sql<SqlBool>`lower(o.problem) = ANY(${f.problems}::text[])`);
  if (f.templateId !== undefined || f.formCategory !== undefined) {
    const template = [sql<SqlBool>`r.response_id = o.response_id`];
    if (f.templateId !== undefined) template.push(sql<SqlBool>`r.template_id = ${f.templateId}`);
    if (f.formCategory !== undefined) template.push(sql<SqlBool>`lower(t.form_category) = lower(${f.formCategory})`);
    parts.push(sql<SqlBool>`EXISTS (SELECT 1 FROM form_responses r JOIN form_templates t ON t.template_id = r.template_id
      WHERE ${sql.join(template, sql` AND `)})`);
  }
  if (f.imagesOnly) {
    parts.push(sql<SqlBool>`(EXISTS (SELECT 1 FROM form_responses r WHERE r.response_id = o.response_id AND r.image_key IS NOT NULL)
      OR EXISTS (SELECT 1 FROM field_responses fr JOIN form_fields ff ON ff.field_id = fr.field_id
        WHERE fr.response_id = o.response_id AND ff.field_type = 'photo' AND btrim(fr.input_data) <> ''))`);
  }
  return sql.join(parts, sql` AND `) as RawBuilder<SqlBool>;
}

export interface CountRow {
  key: string;
  bucket: number;
  value: number;
}

/** Observations per problem (as written; the service merges case variants) and bucket, counted on the observations. */
export function countsByProblemFromObservations(f: ObservationFilter) {
  return sql<CountRow>`
    SELECT o.problem AS key, ${bucketOf(col('o.observed_at'), f.range)} AS bucket, count(*)::int AS value
    FROM problem_observations o
    WHERE ${where(f)}
    GROUP BY 1, 2`;
}

/** The zone problem_observation_days counts its days in (migration 2026_11_27_1000). */
const DAYS_TIME_ZONE = 'UTC';

/** Whether the per-day counts answer this filter: whole company, whole days of their zone, nothing narrower. */
export const answeredByDays = (f: ObservationFilter) =>
  f.range.timeZone === DAYS_TIME_ZONE && !f.rooms && f.batchId === undefined && !f.batchOnly && !f.problems
  && f.templateId === undefined && f.formCategory === undefined && !f.imagesOnly;

/** The same counts from the per-day counts (one row per day and problem, not one per observation). */
export function countsByProblemFromDays(f: ObservationFilter) {
  const counted = f.suspected ? sql`d.suspected_count` : sql`d.open_count + d.resolved_count`;
  return sql<CountRow>`
    SELECT d.problem AS key, (d.day - ${f.range.origin}::date) / ${f.range.bucketDays}::int AS bucket,
           sum(${counted})::int AS value
    FROM problem_observation_days d
    WHERE d.company_id = ${f.companyId} AND d.day >= ${f.range.start}::date AND d.day <= ${f.range.end}::date
    GROUP BY 1, 2
    HAVING sum(${counted}) > 0`;
}

/**
 * Observations per problem and bucket, not dismissed: from the per-day counts when they answer the filter
 * (a whole-history report reads ~15,000 rows instead of a million), otherwise from the observations.
 */
export function countsByProblem(f: ObservationFilter) {
  return answeredByDays(f) ? countsByProblemFromDays(f) : countsByProblemFromObservations(f);
}

/** Observations per room (an observation made in a grid counts for the grid's room; 'none' for no room) and bucket. */
export function countsByRoom(f: ObservationFilter) {
  return sql<CountRow>`
    SELECT coalesce(coalesce(o.room_id, gr.room_id)::text, 'none') AS key, ${bucketOf(col('o.observed_at'), f.range)} AS bucket, count(*)::int AS value
    FROM problem_observations o
    LEFT JOIN (SELECT grid_id, min(room_id) AS room_id FROM room_grid WHERE company_id = ${f.companyId} GROUP BY grid_id) gr
      ON gr.grid_id = o.grid_id
    WHERE ${where(f)}
    GROUP BY 1, 2`;
}

export interface GridProblemRow extends CountRow {
  problem: string;
}

/** Observations per grid, problem and bucket (observations not made in a grid are left out). */
export function countsByGridAndProblem(f: ObservationFilter) {
  return sql<GridProblemRow>`
    SELECT o.grid_id::text AS key, o.problem, ${bucketOf(col('o.observed_at'), f.range)} AS bucket, count(*)::int AS value
    FROM problem_observations o
    WHERE ${where(f)} AND o.grid_id IS NOT NULL
    GROUP BY 1, 2, 3`;
}

export interface SeverityRow {
  key: string;
  bucket: number;
  count: number;
  rated: number;
  severity_sum: number | null;
  severity_max: number | null;
}

/** Per problem and bucket: observations, how many had a severity, their sum and highest. */
export function severityByProblem(f: ObservationFilter) {
  return sql<SeverityRow>`
    SELECT o.problem AS key, ${bucketOf(col('o.observed_at'), f.range)} AS bucket, count(*)::int AS count,
           count(o.severity)::int AS rated, sum(o.severity) AS severity_sum, max(o.severity) AS severity_max
    FROM problem_observations o
    WHERE ${where(f)}
    GROUP BY 1, 2`;
}

/**
 * A report statement with, in the same round trip, how many of `roomIds` are rooms of the company: one
 * row more than nothing (its report columns null) when the report itself has no rows.
 */
export function withRoomsFound<T extends { key: string }>(companyId: number, roomIds: number[], query: RawBuilder<T>) {
  return sql<{ rooms_found: number } & { [K in keyof T]: T[K] | null }>`
    SELECT (SELECT count(*)::int FROM rooms WHERE company_id = ${companyId} AND room_id = ANY(${roomIds}::int[])) AS rooms_found, q.*
    FROM (SELECT 1) AS one LEFT JOIN (${query}) AS q ON true`;
}

export const run = async <T>(db: Kysely<DB>, query: RawBuilder<T>) => (await query.execute(db)).rows;

/** The company's rooms among these ids with the grids in them (a grid is in a room through room_grid), one read. */
export async function roomsWithGrids(db: Kysely<DB>, companyId: number, roomIds: number[]) {
  if (!roomIds.length) return { rooms: [], grids: [] };
  const rows = await db
    .selectFrom('rooms as r')
    .leftJoin('room_grid as rg', 'rg.room_id', 'r.room_id')
    .leftJoin('grids as g', 'g.grid_id', 'rg.grid_id')
    .select(['r.room_id', 'r.name as room_name', 'g.grid_id', 'g.name as grid_name'])
    .where('r.company_id', '=', companyId)
    .where('r.room_id', 'in', roomIds)
    .orderBy('r.name')
    .orderBy('g.name')
    .orderBy('g.grid_id')
    .execute();
  const rooms = new Map(rows.map((r) => [r.room_id, { room_id: r.room_id, name: r.room_name }]));
  const grids = rows.flatMap((r) => (r.grid_id === null || r.grid_name === null ? [] : [{ grid_id: r.grid_id, grid_name: r.grid_name, room_id: r.room_id, room_name: r.room_name }]));
  return { rooms: [...rooms.values()], grids };
}

/** The company's rooms among these ids, with their names. */
export function roomsByIds(db: Kysely<DB>, companyId: number, roomIds: number[]) {
  if (!roomIds.length) return Promise.resolve([]);
  return db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', companyId).where('room_id', 'in', roomIds).execute();
}

export function findBatch(db: Kysely<DB>, companyId: number, batchId: number) {
  return db
    .selectFrom('batches')
    .select(['batch_id', 'batch_number', 'start_date', 'end_date', 'created_at', 'harvested_at'])
    .where('company_id', '=', companyId)
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
}

export function findTemplate(db: Kysely<DB>, companyId: number, templateId: number) {
  return db
    .selectFrom('form_templates')
    .select('template_id')
    .where('company_id', '=', companyId)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
}

export function findField(db: Kysely<DB>, companyId: number, fieldId: number) {
  return db
    .selectFrom('form_fields')
    .select(['field_id', 'field_name', 'field_type'])
    .where('company_id', '=', companyId)
    .where('field_id', '=', fieldId)
    .executeTakeFirst();
}

export interface AnswerFilter {
  companyId: number;
  fieldId: number;
  range: ReportRange;
  rooms?: { roomIds: number[]; gridIds: number[] };
  batchId?: number;
  batchOnly?: boolean;
}

/** A decimal number as typed (no exponent, so a cast can never overflow float8). */
const NUMERIC = '^[-+]?([0-9]{1,30}([.][0-9]{0,30})?|[.][0-9]{1,30})$';

function answerWhere(f: AnswerFilter): RawBuilder<SqlBool> {
  const parts = [
    sql<SqlBool>`fr.company_id = ${f.companyId}`,
    sql<SqlBool>`fr.field_id = ${f.fieldId}`,
    sql<SqlBool>`btrim(fr.input_data) <> ''`,
    inRange(col('r.observed_at'), f.range),
  ];
  if (f.rooms) parts.push(sql<SqlBool>`(r.room_id = ANY(${f.rooms.roomIds}::int[]) OR r.grid_id = ANY(${f.rooms.gridIds}::int[]))`);
  if (f.batchId !== undefined) parts.push(sql<SqlBool>`r.batch_id = ${f.batchId}`);
  if (f.batchOnly) parts.push(sql<SqlBool>`r.batch_id IS NOT NULL`);
  return sql.join(parts, sql` AND `) as RawBuilder<SqlBool>;
}

/** Answers of a field per (trimmed) answer and bucket. */
export function answersByValue(f: AnswerFilter) {
  return sql<CountRow>`
    SELECT btrim(fr.input_data) AS key, ${bucketOf(col('r.observed_at'), f.range)} AS bucket, count(*)::int AS value
    FROM field_responses fr JOIN form_responses r ON r.response_id = fr.response_id
    WHERE ${answerWhere(f)}
    GROUP BY 1, 2`;
}

export interface NumericRow {
  bucket: number;
  count: number;
  total: number;
}

/** Numeric answers of a field per bucket: how many and their sum (answers that are not numbers are left out). */
export function numericAnswers(f: AnswerFilter) {
  return sql<NumericRow>`
    SELECT ${bucketOf(col('r.observed_at'), f.range)} AS bucket, count(*)::int AS count, sum(btrim(fr.input_data)::float8) AS total
    FROM field_responses fr JOIN form_responses r ON r.response_id = fr.response_id
    WHERE ${answerWhere(f)} AND btrim(fr.input_data) ~ ${NUMERIC}
    GROUP BY 1`;
}
