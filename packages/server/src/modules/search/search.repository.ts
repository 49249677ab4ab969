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

/** Whether a prefix matches at most PREFIX_SORT_MAX of the company's plants (counted on the lower(uid) range, stopping past it). */
const PREFIX_SORT_MAX = 20_000;
async function fewMatches(db: Kysely<DB>, companyId: number, term: string) {
  const { n } = await db
    .selectFrom((eb) => eb
      .selectFrom('plants as p')
      .select(sql<number>`1`.as('one'))
      .where('p.company_id', '=', companyId)
      .where(sql<boolean>`lower(p.plant_uid) LIKE lower(${prefixPattern(term)})`)
      .limit(PREFIX_SORT_MAX + 1)
      .as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n) <= PREFIX_SORT_MAX;
}

/**
 * The best `limit` plants are picked on the plants table alone, tier by tier (exact, prefix, anywhere; each
 * in uid order, stopping when the limit is full), and only they are placed: placing every match first (a
 * short query matches nearly every uid) joined and ranked the whole company per keystroke, and ranking every
 * match in one statement read them all even when the first tier filled the limit.
 */
export async function findPlants(db: Kysely<DB>, companyId: number, term: string, limit: number) {
  const ids: number[] = [];
  const tiers = matchesAnywhere(term) ? ([0, 1, 2] as const) : ([0, 1] as const);
  for (const tier of tiers) {
    if (ids.length >= limit) break;
    const matching = db
      .selectFrom('plants as p')
      .select(['p.plant_id', 'p.plant_uid'])
      .where('p.company_id', '=', companyId)
      .where(tierCondition(sql.ref('p.plant_uid'), term, tier));
    // A prefix of few plants is read by its lower(uid) range and sorted (behind OFFSET 0, so the planner does not
    // read the (company, uid) index in order from the start and filter: it misjudges how many a prefix matches).
    const few = tier === 1 && (await fewMatches(db, companyId, term));
    const rows = await (few ? db.selectFrom(matching.offset(0).as('p')).select(['p.plant_id', 'p.plant_uid']) : matching)
      .orderBy('p.plant_uid').orderBy('p.plant_id')
      .limit(limit - ids.length)
      .execute();
    ids.push(...rows.map((r) => r.plant_id));
  }
  if (ids.length === 0) return [];
  const best = db
    .selectFrom('plants as p')
    .select(['p.plant_id', 'p.plant_uid'])
    .select(rank(sql.ref('p.plant_uid'), term).as('rank'))
    .where('p.company_id', '=', companyId)
    .where('p.plant_id', 'in', ids);
  return db
    .selectFrom(best.as('p'))
    .leftJoin('sub_gridboxes as s', (j) => j.onRef('s.plant_id', '=', 'p.plant_id').on('s.company_id', '=', companyId))
    .leftJoin('grid_boxes as gb', (j) => j.onRef('gb.grid_box_id', '=', 's.parent_gridbox_id').on('gb.company_id', '=', companyId))
    .leftJoin('grids as g', (j) => j.onRef('g.grid_id', '=', 'gb.grid_id').on('g.company_id', '=', companyId))
    .leftJoin('rooms as r', (j) => j.on(sql<boolean>`r.room_id = ${roomOfGrid}`))
    .select(['p.plant_id', 'p.plant_uid', 'p.rank', 's.sub_gridbox_id', ...placeColumns])
    .orderBy('p.rank').orderBy('p.plant_uid').orderBy('p.plant_id')
    .limit(limit)
    .execute();
}
export type PlantHitRow = Awaited<ReturnType<typeof findPlants>>[number];

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
