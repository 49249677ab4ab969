import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { FINISHED_BATCH_STATUSES, type PlantCountGroup } from '@verdant/contract';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

const FINISHED = [...FINISHED_BATCH_STATUSES];

/** A batch that still holds plants: not harvested and not in a finished status. */
const growing = (b: string) =>
  sql`${sql.ref(`${b}.harvested_at`)} IS NULL AND NOT (${sql.ref(`${b}.batch_status`)} = ANY(${FINISHED}::text[]))`;

/** The batch is now (not unlinked) in one of the rooms. */
const inRooms = (b: string, roomIds: number[]) =>
  sql`EXISTS (SELECT 1 FROM room_batches rb WHERE rb.batch_id = ${sql.ref(`${b}.batch_id`)} AND rb.unlinked_at IS NULL AND rb.room_id = ANY(${roomIds}::int[]))`;

/** One spelling per case-insensitive variety, the same on every engine (byte order, not the locale's). */
const varietyLabel = (b: string) => sql`min(${sql.ref(`${b}.strain_name`)} COLLATE "C")`;

const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);

export async function customStatusNames(db: Db, companyId: number): Promise<string[]> {
  const rows = await db.selectFrom('custom_batch_statuses').select('status_name').where('company_id', '=', companyId).orderBy('status_name').execute();
  return rows.map((r) => r.status_name);
}

/** How many of `ids` are the company's rooms / batches (tenancy of a filter). */
export async function countOwnRooms(db: Db, companyId: number, ids: number[]) {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM rooms WHERE company_id = ${companyId} AND room_id = ANY(${ids}::int[])`.execute(db);
  return r.rows[0]!.n;
}
export async function countOwnBatches(db: Db, companyId: number, ids: number[]) {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM batches WHERE company_id = ${companyId} AND batch_id = ANY(${ids}::int[])`.execute(db);
  return r.rows[0]!.n;
}

export interface CropStatusRow {
  batch_id: number;
  batch_number: string;
  strain_name: string;
  batch_status: string;
  number_of_plants: number;
  pre_books: number;
  start_date: string | null;
  end_date: string | null;
  harvested: boolean;
  status_since: Date;
  rooms: Array<{ room_id: number; name: string }> | string;
}

/** The batches in `statuses` (exact, canonical names), optionally only those now in `roomIds`. */
export async function cropStatusBatches(db: Db, companyId: number, statuses: string[], roomIds: number[] | null) {
  const where = [sql`b.company_id = ${companyId}`, sql`b.batch_status = ANY(${statuses}::text[])`];
  if (roomIds) where.push(inRooms('b', roomIds));
  const r = await sql<CropStatusRow>`
    SELECT b.batch_id, b.batch_number, b.strain_name, b.batch_status, b.number_of_plants, b.pre_books,
           to_char(b.start_date, 'YYYY-MM-DD') AS start_date, to_char(b.end_date, 'YYYY-MM-DD') AS end_date,
           (b.harvested_at IS NOT NULL) AS harvested,
           coalesce((SELECT max(h.changed_at) FROM batch_status_history h WHERE h.batch_id = b.batch_id AND h.to_status = b.batch_status),
                    b.created_at) AS status_since,
           coalesce((SELECT json_agg(json_build_object('room_id', r.room_id, 'name', r.name) ORDER BY r.name, r.room_id)
                     FROM room_batches rb JOIN rooms r ON r.room_id = rb.room_id
                     WHERE rb.batch_id = b.batch_id AND rb.unlinked_at IS NULL), '[]'::json) AS rooms
    FROM batches b
    WHERE ${and(where)}
    ORDER BY b.end_date NULLS LAST, b.batch_number, b.batch_id`.execute(db);
  return r.rows;
}

export interface TotalsRow {
  batches: number;
  plants: number;
  pre_books: number;
}

export async function statusTotals(db: Db, companyId: number, statuses: string[], roomIds: number[] | null) {
  const where = [sql`b.company_id = ${companyId}`, sql`b.batch_status = ANY(${statuses}::text[])`];
  if (roomIds) where.push(inRooms('b', roomIds));
  const r = await sql<TotalsRow & { batch_status: string }>`
    SELECT b.batch_status, count(*)::int AS batches, coalesce(sum(b.number_of_plants), 0)::int AS plants,
           coalesce(sum(b.pre_books), 0)::int AS pre_books
    FROM batches b WHERE ${and(where)}
    GROUP BY b.batch_status`.execute(db);
  return r.rows;
}

export interface PlantCountFilter {
  groupBy: PlantCountGroup;
  batchIds: number[] | null;
  roomIds: number[] | null;
}

/** The batches a plant count covers, as a CTE body: growing ones unless counting by status. */
function plantCountScope(companyId: number, f: PlantCountFilter) {
  const where = [sql`b.company_id = ${companyId}`];
  if (f.groupBy !== 'status') where.push(growing('b'));
  if (f.batchIds) where.push(sql`b.batch_id = ANY(${f.batchIds}::int[])`);
  if (f.roomIds) where.push(inRooms('b', f.roomIds));
  return sql`
    scope AS (
      SELECT b.batch_id, b.strain_name, b.batch_status, b.number_of_plants, b.pre_books,
             coalesce(t.trays, 0) AS trays, coalesce(t.tray_plants, 0) AS tray_plants
      FROM batches b
      LEFT JOIN (SELECT batch_id, count(*) AS trays, sum(number_of_plants) AS tray_plants
                 FROM trays WHERE company_id = ${companyId} AND batch_id IS NOT NULL GROUP BY batch_id) t ON t.batch_id = b.batch_id
      WHERE ${and(where)}
    )`;
}

export interface PlantCountGroupRow extends TotalsRow {
  group: string;
  room_id: number | null;
  trays: number;
  tray_plants: number;
}

const sums = sql`count(s.batch_id)::int AS batches, coalesce(sum(s.number_of_plants), 0)::int AS plants,
  coalesce(sum(s.pre_books), 0)::int AS pre_books, coalesce(sum(s.trays), 0)::int AS trays,
  coalesce(sum(s.tray_plants), 0)::int AS tray_plants`;

export async function plantCountGroups(db: Db, companyId: number, f: PlantCountFilter) {
  const scope = plantCountScope(companyId, f);
  if (f.groupBy === 'room') {
    const roomWhere = [sql`r.company_id = ${companyId}`];
    if (f.roomIds) roomWhere.push(sql`r.room_id = ANY(${f.roomIds}::int[])`);
    // Without a batch filter every room is listed, an empty one with zeros; with one, only rooms holding its batches.
    const having = f.batchIds ? sql`HAVING count(s.batch_id) > 0` : sql``;
    const r = await sql<PlantCountGroupRow>`
      WITH ${scope}
      SELECT r.name AS "group", r.room_id, ${sums}
      FROM rooms r
      LEFT JOIN room_batches rb ON rb.room_id = r.room_id AND rb.unlinked_at IS NULL
      LEFT JOIN scope s ON s.batch_id = rb.batch_id
      WHERE ${and(roomWhere)}
      GROUP BY r.room_id, r.name
      ${having}
      ORDER BY r.name, r.room_id`.execute(db);
    return r.rows;
  }
  // Varieties group case-insensitively ('Basil' and 'basil' are one crop), shown in one stored spelling.
  const [key, label] = f.groupBy === 'crop' ? [sql`lower(s.strain_name)`, varietyLabel('s')] : [sql`s.batch_status`, sql`s.batch_status`];
  const r = await sql<PlantCountGroupRow>`
    WITH ${scope}
    SELECT ${label} AS "group", NULL::int AS room_id, ${sums}
    FROM scope s
    GROUP BY ${key}
    ORDER BY plants DESC, 1`.execute(db);
  return r.rows;
}

export interface PlantCountTotalsRow extends TotalsRow {
  trays: number;
  tray_plants: number;
  batches_without_room: number;
  plants_without_room: number;
  trays_without_batch: number;
  tray_plants_without_batch: number;
}

export async function plantCountTotals(db: Db, companyId: number, f: PlantCountFilter) {
  const unfiltered = !f.batchIds && !f.roomIds;
  const r = await sql<PlantCountTotalsRow>`
    WITH ${plantCountScope(companyId, f)},
    placed AS (SELECT DISTINCT rb.batch_id FROM room_batches rb JOIN scope s ON s.batch_id = rb.batch_id WHERE rb.unlinked_at IS NULL),
    loose AS (SELECT count(*)::int AS n, coalesce(sum(number_of_plants), 0)::int AS plants
              FROM trays WHERE company_id = ${companyId} AND batch_id IS NULL AND ${unfiltered ? sql`TRUE` : sql`FALSE`})
    SELECT ${sums},
           count(s.batch_id) FILTER (WHERE p.batch_id IS NULL)::int AS batches_without_room,
           coalesce(sum(s.number_of_plants) FILTER (WHERE p.batch_id IS NULL), 0)::int AS plants_without_room,
           (SELECT n FROM loose) AS trays_without_batch,
           (SELECT plants FROM loose) AS tray_plants_without_batch
    FROM scope s LEFT JOIN placed p ON p.batch_id = s.batch_id`.execute(db);
  return r.rows[0]!;
}

/** Unharvested batches of the company in `statuses`. */
const availableWhere = (companyId: number, statuses: string[]) =>
  and([sql`b.company_id = ${companyId}`, sql`b.harvested_at IS NULL`, sql`b.batch_status = ANY(${statuses}::text[])`]);

export async function availabilityByVariety(db: Db, companyId: number, statuses: string[]) {
  const r = await sql<TotalsRow & { strain_name: string; available: number }>`
    SELECT ${varietyLabel('b')} AS strain_name, count(*)::int AS batches, sum(b.number_of_plants)::int AS plants,
           sum(b.pre_books)::int AS pre_books, greatest(sum(b.number_of_plants) - sum(b.pre_books), 0)::int AS available
    FROM batches b WHERE ${availableWhere(companyId, statuses)}
    GROUP BY lower(b.strain_name)
    ORDER BY available DESC, 1`.execute(db);
  return r.rows;
}

export interface AvailabilityWeekRow extends TotalsRow {
  /** The Monday of the end date's week; null for the batches without an end date. */
  week_start: string | null;
  week_end: string | null;
  available: number;
  batch_list: AvailabilityBatchRow[] | string;
}
export interface AvailabilityBatchRow {
  batch_id: number;
  batch_number: string;
  strain_name: string;
  batch_status: string;
  number_of_plants: number;
  pre_books: number;
  end_date: string;
}

/** Per Monday-start week of the end date (date arithmetic, so no time zone enters), plus one row for no end date. */
export async function availabilityByWeek(db: Db, companyId: number, statuses: string[]) {
  const r = await sql<AvailabilityWeekRow>`
    WITH w AS (
      SELECT b.*, b.end_date - (extract(isodow FROM b.end_date)::int - 1) AS monday
      FROM batches b WHERE ${availableWhere(companyId, statuses)}
    )
    SELECT to_char(monday, 'YYYY-MM-DD') AS week_start, to_char(monday + 6, 'YYYY-MM-DD') AS week_end,
           count(*)::int AS batches, sum(number_of_plants)::int AS plants, sum(pre_books)::int AS pre_books,
           greatest(sum(number_of_plants) - sum(pre_books), 0)::int AS available,
           json_agg(json_build_object(
             'batch_id', batch_id, 'batch_number', batch_number, 'strain_name', strain_name, 'batch_status', batch_status,
             'number_of_plants', number_of_plants, 'pre_books', pre_books, 'end_date', to_char(end_date, 'YYYY-MM-DD'))
             ORDER BY end_date, batch_number, batch_id) AS batch_list
    FROM w
    GROUP BY monday
    ORDER BY monday NULLS LAST`.execute(db);
  return r.rows;
}

/** Per variety (lower-cased) and status, the batches of the named varieties. */
export async function varietyStatuses(db: Db, companyId: number, strainsLower: string[], statuses: string[] | null) {
  const where = [sql`b.company_id = ${companyId}`, sql`lower(b.strain_name) = ANY(${strainsLower}::text[])`];
  if (statuses) where.push(sql`b.batch_status = ANY(${statuses}::text[])`);
  const r = await sql<TotalsRow & { strain_key: string; strain_name: string; batch_status: string }>`
    SELECT lower(b.strain_name) AS strain_key, ${varietyLabel('b')} AS strain_name, b.batch_status,
           count(*)::int AS batches, sum(b.number_of_plants)::int AS plants, sum(b.pre_books)::int AS pre_books
    FROM batches b WHERE ${and(where)}
    GROUP BY lower(b.strain_name), b.batch_status`.execute(db);
  return r.rows;
}
