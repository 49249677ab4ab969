import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A term as an ILIKE pattern that matches it literally (%, _ and \ escaped; backslash is Postgres' default escape). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const containsPattern = (term: string) => `%${literal(term)}%`;
export const prefixPattern = (term: string) => `${literal(term)}%`;

/**
 * Terms shorter than this match at the start only (exact, then prefix): a match anywhere needs a trigram
 * (3 characters) to be found by an index, and a two-letter fragment anywhere in a uid or name is noise in
 * a suggestion list (docs/decisions.md, "Search and overview speed").
 */
export const ANYWHERE_MIN_CHARS = 3;
export const matchesAnywhere = (term: string) => [...term].length >= ANYWHERE_MIN_CHARS;

/** ILIKE condition of a term on a column: anywhere for long terms, at the start for short ones. */
const matching = (column: RawBuilder<unknown>, term: string) =>
  sql<boolean>`${column} ILIKE ${matchesAnywhere(term) ? containsPattern(term) : prefixPattern(term)}`;

/** 0 exact, 1 prefix, 2 anywhere: the order suggestions are shown in. */
function rank(column: RawBuilder<unknown>, term: string) {
  return sql<number>`CASE WHEN lower(${column}) = lower(${term}) THEN 0 WHEN ${column} ILIKE ${prefixPattern(term)} THEN 1 ELSE 2 END`;
}

/** The room a grid is placed in (the lowest id if a grid were placed twice), as one scalar so rows never multiply. */
const roomOfGrid = sql<number | null>`(SELECT min(rg.room_id) FROM room_grid rg WHERE rg.grid_id = gb.grid_id AND rg.company_id = gb.company_id)`;

function boxPlace(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom('grid_boxes as gb')
    .innerJoin('grids as g', (j) => j.onRef('g.grid_id', '=', 'gb.grid_id').on('g.company_id', '=', companyId))
    .leftJoin('rooms as r', (j) => j.on(sql<boolean>`r.room_id = ${roomOfGrid}`))
    .where('gb.company_id', '=', companyId);
}

const placeColumns = [
  'r.room_id', 'r.name as room_name', 'g.grid_id', 'g.name as grid_name',
  'gb.grid_box_id', 'gb.custom_name as box_name', 'gb.x', 'gb.y',
] as const;

/** The tiers the rank orders by, each its own condition, so a tier is asked only while the limit is not full. */
function tierCondition(column: RawBuilder<unknown>, term: string, tier: 0 | 1 | 2) {
  // ILIKE on a UTF-8 database is lower(text) LIKE lower(pattern): written so, the lower(...) text_pattern_ops index serves it.
  const prefix = sql<boolean>`lower(${column}) LIKE lower(${prefixPattern(term)})`;
  if (tier === 0) return sql<boolean>`lower(${column}) = lower(${term})`;
  if (tier === 1) return sql<boolean>`${prefix} AND lower(${column}) <> lower(${term})`;
  // Inside but not at the start: only a longer uid can hold it (ILIKE compares lower() of both), so a term as
  // long as the uids is answered by the length index rather than the trigram lists every uid shares.
  return sql<boolean>`${column} ILIKE ${containsPattern(term)} AND NOT (${prefix}) AND length(lower(${column})) > length(lower(${term}))`;
}

/** A prefix matching at most this many of the company's plants is read by its lower(uid) range and sorted; more, in uid order. */
const PREFIX_SORT_MAX = 20_000;

/** Where a hit is: its room, grid and box (each null when the hit is not placed that far). */
export interface PlaceRow {
  room_id: number | null;
  room_name: string | null;
  grid_id: number | null;
  grid_name: string | null;
  grid_box_id: number | null;
  box_name: string | null;
  x: number | null;
  y: number | null;
}

export interface PlantHitRow extends PlaceRow {
  plant_id: number;
  plant_uid: string;
  rank: number;
  sub_gridbox_id: number | null;
}

/**
 * The best `limit` plants, tier by tier (exact, prefix, anywhere; each in uid order), then placed — in one
 * statement, so a keystroke is one round trip. Each tier reads at most `limit` rows, and a tier whose gate (a
 * one-time filter on what the tiers before it found) is false is never executed, so the search still stops
 * when the limit is full. The prefix tier first reads its matches on the lower(uid) range, stopping past
 * PREFIX_SORT_MAX: few are sorted from that read (the planner, misjudging how many a prefix matches, would read
 * the (company, uid) index from the start), many are read again in uid order, stopping at the limit. Placing only
 * the chosen plants: placing every match joined and ranked the whole company per keystroke.
 */
export async function findPlants(db: Kysely<DB>, companyId: number, term: string, limit: number): Promise<PlantHitRow[]> {
  const uid = sql.ref('p.plant_uid');
  const prefix = tierCondition(uid, term, 1);
  const anywhere = matchesAnywhere(term)
    ? sql`UNION ALL (
        SELECT p.plant_id, p.plant_uid, 2 AS rank FROM plants p
        WHERE p.company_id = ${companyId} AND ${tierCondition(uid, term, 2)}
          AND (SELECT count(*) FROM t0) + (SELECT count(*) FROM t1) < ${limit}
        ORDER BY p.plant_uid, p.plant_id LIMIT ${limit})`
    : sql``;
  const { rows } = await sql<PlantHitRow>`
    WITH t0 AS MATERIALIZED (
      SELECT p.plant_id, p.plant_uid, 0 AS rank FROM plants p
      WHERE p.company_id = ${companyId} AND ${tierCondition(uid, term, 0)}
      ORDER BY p.plant_uid, p.plant_id LIMIT ${limit}
    ), prefixed AS MATERIALIZED (
      SELECT p.plant_id, p.plant_uid FROM plants p
      WHERE p.company_id = ${companyId} AND lower(p.plant_uid) LIKE lower(${prefixPattern(term)})
      LIMIT ${PREFIX_SORT_MAX + 1}
    ), t1 AS MATERIALIZED (
      (SELECT f.plant_id, f.plant_uid, 1 AS rank FROM prefixed f
       WHERE lower(f.plant_uid) <> lower(${term})
         AND (SELECT count(*) FROM t0) < ${limit} AND (SELECT count(*) FROM prefixed) <= ${PREFIX_SORT_MAX}
       ORDER BY f.plant_uid, f.plant_id LIMIT ${limit})
      UNION ALL
      (SELECT p.plant_id, p.plant_uid, 1 AS rank FROM plants p
       WHERE p.company_id = ${companyId} AND ${prefix}
         AND (SELECT count(*) FROM t0) < ${limit} AND (SELECT count(*) FROM prefixed) > ${PREFIX_SORT_MAX}
       ORDER BY p.plant_uid, p.plant_id LIMIT ${limit})
    ), best AS (
      SELECT * FROM (
        SELECT * FROM t0 UNION ALL SELECT * FROM t1 ${anywhere}
      ) tiers
      ORDER BY rank, plant_uid, plant_id LIMIT ${limit}
    )
    SELECT p.plant_id, p.plant_uid, p.rank, s.sub_gridbox_id,
           r.room_id, r.name AS room_name, g.grid_id, g.name AS grid_name,
           gb.grid_box_id, gb.custom_name AS box_name, gb.x, gb.y
    FROM best p
    -- A plant's place is its live sub-box (a deleted one is no place); so written, the partial unique index on
    -- sub_gridboxes (plant_id) serves the join instead of a read of every sub-box (issue 19).
    LEFT JOIN sub_gridboxes s ON s.plant_id = p.plant_id AND s.company_id = ${companyId} AND s.deleted_at IS NULL AND s.plant_id IS NOT NULL
    LEFT JOIN grid_boxes gb ON gb.grid_box_id = s.parent_gridbox_id AND gb.company_id = ${companyId}
    LEFT JOIN grids g ON g.grid_id = gb.grid_id AND g.company_id = ${companyId}
    LEFT JOIN rooms r ON r.room_id = ${roomOfGrid}
    ORDER BY p.rank, p.plant_uid, p.plant_id
    LIMIT ${limit}`.execute(db);
  return rows;
}

export async function findGridBoxes(db: Kysely<DB>, companyId: number, term: string, limit: number) {
  const r = rank(sql.ref('gb.custom_name'), term);
  return boxPlace(db, companyId)
    .select([...placeColumns])
    .select(r.as('rank'))
    .where('gb.custom_name', 'is not', null) // implied by the ILIKE; lets the partial index of named boxes serve it
    .where(matching(sql.ref('gb.custom_name'), term))
    .orderBy(r).orderBy('gb.custom_name').orderBy('gb.grid_box_id')
    .limit(limit)
    .execute();
}
export type BoxHitRow = Awaited<ReturnType<typeof findGridBoxes>>[number];

export async function findSubGridboxes(db: Kysely<DB>, companyId: number, term: string, limit: number) {
  const r = rank(sql.ref('s.custom_name'), term);
  return boxPlace(db, companyId)
    .innerJoin('sub_gridboxes as s', (j) => j.onRef('s.parent_gridbox_id', '=', 'gb.grid_box_id').on('s.company_id', '=', companyId))
    .leftJoin('plants as p', (j) => j.onRef('p.plant_id', '=', 's.plant_id').on('p.company_id', '=', companyId))
    .select(['s.sub_gridbox_id', 's.custom_name as sub_name', 'p.plant_uid', ...placeColumns])
    .select(r.as('rank'))
    .where('s.custom_name', 'is not', null)
    .where(matching(sql.ref('s.custom_name'), term))
    .orderBy(r).orderBy('s.custom_name').orderBy('s.sub_gridbox_id')
    .limit(limit)
    .execute();
}
export type SubBoxHitRow = Awaited<ReturnType<typeof findSubGridboxes>>[number];

/** How a batch matches: its number or strain (auto), its strain anywhere (variety), or its strain's first word (crop). */
export type BatchMatch = 'number_or_strain' | 'strain' | 'crop';

export async function findBatches(db: Kysely<DB>, companyId: number, term: string, limit: number, match: BatchMatch) {
  const crop = sql<string>`split_part(b.strain_name, ' ', 1)`;
  const r =
    match === 'number_or_strain'
      ? sql<number>`LEAST(${rank(sql.ref('b.batch_number'), term)}, ${rank(sql.ref('b.strain_name'), term)})`
      : match === 'strain' ? rank(sql.ref('b.strain_name'), term) : rank(crop, term);
  let q = db
    .selectFrom('batches as b')
    .select(['b.batch_id', 'b.batch_number', 'b.strain_name', 'b.batch_status'])
    .select(r.as('rank'))
    .where('b.company_id', '=', companyId);
  if (match === 'number_or_strain') {
    q = q.where((eb) => eb.or([matching(sql.ref('b.batch_number'), term), matching(sql.ref('b.strain_name'), term)]));
  } else if (match === 'strain') {
    q = q.where(matching(sql.ref('b.strain_name'), term));
  } else {
    q = q.where(crop, 'ilike', prefixPattern(term));
  }
  return q.orderBy(r).orderBy('b.batch_number').orderBy('b.batch_id').limit(limit).execute();
}
export type BatchHitRow = Awaited<ReturnType<typeof findBatches>>[number];
