import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import { typoVariants } from '../../lib/forgiving.js';

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

/**
 * Terms at least this long are also matched forgivingly — a typo, a missing or doubled letter ("Gorila Glu",
 * "powdry mildw") — by pg_trgm's trigram similarity, after every exact, prefix and anywhere match
 * (docs/decisions.md, "Forgiving search"). Shorter terms share too few trigrams for a likeness to mean anything.
 */
export const FUZZY_MIN_CHARS = 4;
export const matchesFuzzily = (term: string) => [...term].length >= FUZZY_MIN_CHARS;

/**
 * Like the term (pg_trgm, both GIN-indexable): as a whole (`%`: similarity ≥ pg_trgm.similarity_threshold, 0.3)
 * or some stretch of the column like it (`<%`: word similarity ≥ pg_trgm.word_similarity_threshold, 0.6), so a
 * misspelt first word of a longer name is found too. pg_trgm compares lower case, ignoring punctuation.
 */
export const similarTo = (column: RawBuilder<unknown>, term: string) => sql<boolean>`(${column} % ${term} OR ${term} <% ${column})`;
/**
 * A code (a plant uid) like the term: some stretch of it has word similarity ≥ 0.6 (`<%`) — not the whole-text
 * similarity ≥ 0.3 of `similarTo`. Uids share most trigrams ('P-000…'), so at 0.3 a typo matched most plants: noise,
 * and a trigram index scan that rechecked nearly every row (half a second at 200,000 plants; decisions.md).
 */
export const codeLike = (column: RawBuilder<unknown>, term: string) => sql<boolean>`${term} <% ${column}`;
/** How alike a column is to the term, 0 to 1: the better of the two likenesses `similarTo` tests. */
export const likeness = (column: RawBuilder<unknown>, term: string) =>
  sql<number>`greatest(similarity(${column}, ${term}), word_similarity(${term}, ${column}))`;

/**
 * The second tier (docs/decisions.md, "Forgiving search: transposed letters"): a name like one of the term's typo
 * variants (two neighbouring letters swapped, an inner space dropped: lib/forgiving.ts), each by the same trigram
 * tests as the term, so the GIN trigram index serves each (a BitmapOr). pg_trgm alone misses a swap in a short word
 * ("Broiso": 3 of 7 trigrams shared with "Brioso"). Names only, never codes (uids, batch numbers): a code with two
 * digits swapped is another plant. Null when the term has no variants (under 4 or over 32 characters).
 */
function nearVariant(column: RawBuilder<unknown>, term: string): RawBuilder<boolean> | null {
  const variants = matchesFuzzily(term) ? typoVariants(term) : [];
  if (variants.length === 0) return null;
  return sql<boolean>`(${sql.join(variants.map((v) => similarTo(column, v)), sql` OR `)})`;
}

/** How alike a name is to the term or its best typo variant (the variants' likeness only where the term's is lower). */
export function nameLikeness(column: RawBuilder<unknown>, term: string): RawBuilder<number> {
  const variants = matchesFuzzily(term) ? typoVariants(term) : [];
  if (variants.length === 0) return likeness(column, term);
  return sql<number>`greatest(${likeness(column, term)}, ${sql.join(variants.map((v) => likeness(column, v)), sql`, `)})`;
}

/**
 * ILIKE condition of a term on a column: anywhere for long terms, at the start for short ones; or like it (long
 * terms); or, for a name (`name`), like one of its typo variants.
 */
export function matching(column: RawBuilder<unknown>, term: string, name = false) {
  const literally = sql<boolean>`${column} ILIKE ${matchesAnywhere(term) ? containsPattern(term) : prefixPattern(term)}`;
  if (!matchesFuzzily(term)) return literally;
  const near = name ? nearVariant(column, term) : null;
  return near ? sql<boolean>`(${literally} OR ${similarTo(column, term)} OR ${near})` : sql<boolean>`(${literally} OR ${similarTo(column, term)})`;
}

/** Whether the term itself is like the column by pg_trgm's tests (false: found only by a typo variant). */
export const alikeAsTyped = (column: RawBuilder<unknown>, term: string) =>
  matchesFuzzily(term) ? similarTo(column, term) : sql<boolean>`false`;

/** 0 exact, 1 prefix, 2 anywhere, 3 only alike (a typo): the order suggestions are shown in. */
export function rank(column: RawBuilder<unknown>, term: string) {
  return sql<number>`CASE WHEN lower(${column}) = lower(${term}) THEN 0 WHEN ${column} ILIKE ${prefixPattern(term)} THEN 1
    WHEN ${column} ILIKE ${containsPattern(term)} THEN 2 ELSE 3 END`;
}

/** Within the typo tier, the most alike first (0 for the literal tiers, which keep their name order). */
export function score(rankOf: RawBuilder<number>, alike: RawBuilder<number>) {
  return sql<number>`CASE WHEN ${rankOf} = 3 THEN ${alike} ELSE 0 END`;
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
  /** How alike the uid is to the term (the typo tier, rank 3); 0 otherwise. */
  score: number;
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
  // Inside the uid (terms of 3 characters or more); an empty tier otherwise.
  const anywhere = matchesAnywhere(term)
    ? sql`SELECT p.plant_id, p.plant_uid, 2 AS rank, 0::real AS score FROM plants p
        WHERE p.company_id = ${companyId} AND ${tierCondition(uid, term, 2)}
          AND (SELECT count(*) FROM t0) + (SELECT count(*) FROM t1) < ${limit}
        ORDER BY p.plant_uid, p.plant_id LIMIT ${limit}`
    : sql`SELECT plant_id, plant_uid, rank, score FROM t0 WHERE false`;
  // Only alike (a typo, a missing letter), the most alike first, read through the uid's trigram index — asked only
  // when no uid holds the term as typed: a uid found as typed is the one meant, and a whole uid's trigrams are shared
  // by thousands of its neighbours ('P-0012…'), which the index would all hand over to be checked.
  const alike = likeness(uid, term);
  const fuzzy = matchesFuzzily(term)
    ? sql`UNION ALL (
        SELECT p.plant_id, p.plant_uid, 3 AS rank, ${alike}::real AS score FROM plants p
        WHERE p.company_id = ${companyId} AND ${codeLike(uid, term)}
          AND NOT EXISTS (SELECT 1 FROM t0) AND NOT EXISTS (SELECT 1 FROM t1) AND NOT EXISTS (SELECT 1 FROM t2)
        ORDER BY 4 DESC, p.plant_uid, p.plant_id LIMIT ${limit})`
    : sql``;
  const { rows } = await sql<PlantHitRow>`
    WITH t0 AS MATERIALIZED (
      SELECT p.plant_id, p.plant_uid, 0 AS rank, 0::real AS score FROM plants p
      WHERE p.company_id = ${companyId} AND ${tierCondition(uid, term, 0)}
      ORDER BY p.plant_uid, p.plant_id LIMIT ${limit}
    ), prefixed AS MATERIALIZED (
      SELECT p.plant_id, p.plant_uid FROM plants p
      WHERE p.company_id = ${companyId} AND lower(p.plant_uid) LIKE lower(${prefixPattern(term)})
      LIMIT ${PREFIX_SORT_MAX + 1}
    ), t1 AS MATERIALIZED (
      (SELECT f.plant_id, f.plant_uid, 1 AS rank, 0::real AS score FROM prefixed f
       WHERE lower(f.plant_uid) <> lower(${term})
         AND (SELECT count(*) FROM t0) < ${limit} AND (SELECT count(*) FROM prefixed) <= ${PREFIX_SORT_MAX}
       ORDER BY f.plant_uid, f.plant_id LIMIT ${limit})
      UNION ALL
      (SELECT p.plant_id, p.plant_uid, 1 AS rank, 0::real AS score FROM plants p
       WHERE p.company_id = ${companyId} AND ${prefix}
         AND (SELECT count(*) FROM t0) < ${limit} AND (SELECT count(*) FROM prefixed) > ${PREFIX_SORT_MAX}
       ORDER BY p.plant_uid, p.plant_id LIMIT ${limit})
    ), t2 AS MATERIALIZED (
      ${anywhere}
    ), best AS (
      SELECT * FROM (
        SELECT * FROM t0 UNION ALL SELECT * FROM t1 UNION ALL SELECT * FROM t2 ${fuzzy}
      ) tiers
      ORDER BY rank, score DESC, plant_uid, plant_id LIMIT ${limit}
    )
    SELECT p.plant_id, p.plant_uid, p.rank, p.score, s.sub_gridbox_id,
           r.room_id, r.name AS room_name, g.grid_id, g.name AS grid_name,
           gb.grid_box_id, gb.custom_name AS box_name, gb.x, gb.y
    FROM best p
    -- A plant's place is its live sub-box (a deleted one is no place); so written, the partial unique index on
    -- sub_gridboxes (plant_id) serves the join instead of a read of every sub-box (issue 19).
    LEFT JOIN sub_gridboxes s ON s.plant_id = p.plant_id AND s.company_id = ${companyId} AND s.deleted_at IS NULL AND s.plant_id IS NOT NULL
    LEFT JOIN grid_boxes gb ON gb.grid_box_id = s.parent_gridbox_id AND gb.company_id = ${companyId}
    LEFT JOIN grids g ON g.grid_id = gb.grid_id AND g.company_id = ${companyId}
    LEFT JOIN rooms r ON r.room_id = ${roomOfGrid}
    ORDER BY p.rank, p.score DESC, p.plant_uid, p.plant_id
    LIMIT ${limit}`.execute(db);
  return rows;
}

export async function findGridBoxes(db: Kysely<DB>, companyId: number, term: string, limit: number) {
  const name = sql.ref('gb.custom_name');
  const r = rank(name, term);
  const sc = score(r, nameLikeness(name, term));
  return boxPlace(db, companyId)
    .select([...placeColumns])
    .select([r.as('rank'), sc.as('score'), alikeAsTyped(name, term).as('alike')])
    .where('gb.custom_name', 'is not', null) // implied by the ILIKE; lets the partial index of named boxes serve it
    .where(matching(name, term, true))
    .orderBy(r).orderBy(sc, 'desc').orderBy('gb.custom_name').orderBy('gb.grid_box_id')
    .limit(limit)
    .execute();
}
export type BoxHitRow = Awaited<ReturnType<typeof findGridBoxes>>[number];

export async function findSubGridboxes(db: Kysely<DB>, companyId: number, term: string, limit: number) {
  const name = sql.ref('s.custom_name');
  const r = rank(name, term);
  const sc = score(r, nameLikeness(name, term));
  return boxPlace(db, companyId)
    .innerJoin('sub_gridboxes as s', (j) => j.onRef('s.parent_gridbox_id', '=', 'gb.grid_box_id').on('s.company_id', '=', companyId))
    .leftJoin('plants as p', (j) => j.onRef('p.plant_id', '=', 's.plant_id').on('p.company_id', '=', companyId))
    .select(['s.sub_gridbox_id', 's.custom_name as sub_name', 'p.plant_uid', ...placeColumns])
    .select([r.as('rank'), sc.as('score'), alikeAsTyped(name, term).as('alike')])
    .where('s.custom_name', 'is not', null)
    .where(matching(name, term, true))
    .orderBy(r).orderBy(sc, 'desc').orderBy('s.custom_name').orderBy('s.sub_gridbox_id')
    .limit(limit)
    .execute();
}
export type SubBoxHitRow = Awaited<ReturnType<typeof findSubGridboxes>>[number];

/** How a batch matches: its number or strain (auto), its strain anywhere (variety), or its strain's first word (crop). */
export type BatchMatch = 'number_or_strain' | 'strain' | 'crop';

type BatchColumns = Pick<Selectable<DB['batches']>, 'batch_id' | 'batch_number' | 'strain_name' | 'batch_status'>;
export interface BatchHitRow extends BatchColumns {
  rank: number;
  /** How alike the number or name is to the term (the typo tier, rank 3); 0 otherwise. */
  score: number;
  /** Like the term as typed by pg_trgm's tests (false: found only by a typo variant). */
  alike: boolean;
  /** The number (a code) like the term as typed. */
  code_alike: boolean;
}

/**
 * The best `limit` batches in two tiers (docs/decisions.md, "Autocomplete: only the tiers a query needs"): first what
 * holds the term as typed (exact, prefix, anywhere: cheap ILIKE tests), then, only while the limit is not full, what
 * is only alike (`findBatchesAlike`). Answers what one statement ranking every match answers.
 */
export async function findBatches(db: Kysely<DB>, companyId: number, term: string, limit: number, match: BatchMatch): Promise<BatchHitRow[]> {
  const found = await findBatchesAsTyped(db, companyId, term, limit, match);
  if (found.length >= limit) return found;
  return [...found, ...(await findBatchesAlike(db, companyId, term, limit - found.length, match))];
}

/** The pieces both tiers share: the rank, the alike flags of the rows shown, and what holds the term as typed. */
function batchTerms(term: string, match: BatchMatch) {
  const crop = sql<string>`split_part(b.strain_name, ' ', 1)`;
  const number = sql.ref('b.batch_number');
  const strain = sql.ref('b.strain_name');
  // The name compared forgivingly: the strain, or its first word (the crop).
  const nameOf = match === 'crop' ? crop : strain;
  const r =
    match === 'number_or_strain'
      ? sql<number>`LEAST(${rank(number, term)}, ${rank(strain, term)})`
      : match === 'strain' ? rank(strain, term) : rank(crop, term);
  const asTyped =
    match === 'number_or_strain' ? sql<boolean>`(${alikeAsTyped(number, term)} OR ${alikeAsTyped(strain, term)})`
    : alikeAsTyped(nameOf, term);
  const codeAlike = match === 'number_or_strain' ? alikeAsTyped(number, term) : sql<boolean>`false`;
  const literally = (column: RawBuilder<unknown>) =>
    sql<boolean>`${column} ILIKE ${matchesAnywhere(term) ? containsPattern(term) : prefixPattern(term)}`;
  const asWritten =
    match === 'number_or_strain' ? sql<boolean>`(${literally(number)} OR ${literally(strain)})`
    : match === 'strain' ? literally(strain) : sql<boolean>`${crop} ILIKE ${prefixPattern(term)}`;
  // The alike flags only of the rows shown (each is up to four trigram comparisons), not of every match sorted.
  const shown = (tier: RawBuilder<unknown>) => sql<BatchHitRow>`
    SELECT t.batch_id, t.batch_number, t.strain_name, t.batch_status, t.rank, t.score,
           ${asTyped.as('alike')}, ${codeAlike.as('code_alike')}
    FROM (${tier}) t JOIN batches b ON b.batch_id = t.batch_id
    ORDER BY t.rank, t.score DESC, t.batch_number, t.batch_id`;
  return { number, strain, nameOf, r, asWritten, shown };
}

/** The first tier: batches whose number or name holds the term as typed (rank 0–2), best first. */
export async function findBatchesAsTyped(db: Kysely<DB>, companyId: number, term: string, limit: number, match: BatchMatch): Promise<BatchHitRow[]> {
  const { r, asWritten, shown } = batchTerms(term, match);
  const { rows } = await shown(sql`
    SELECT b.batch_id, b.batch_number, b.strain_name, b.batch_status, ${r} AS rank, 0::real AS score FROM batches b
    WHERE b.company_id = ${companyId} AND ${asWritten}
    ORDER BY 5, b.batch_number, b.batch_id LIMIT ${limit}`).execute(db);
  return rows;
}

/**
 * The second tier: batches not holding the term as typed but alike (a typo: pg_trgm's likeness of the term and of
 * its typo variants, up to 50 trigram comparisons a name), the most alike first; none for terms under 4 characters.
 * A company has thousands of batches but few strain names, so each distinct name is compared once (`names`) and the
 * batches of the names found joined; numbers (codes, each distinct) are compared as typed only, by their trigram index.
 */
export async function findBatchesAlike(db: Kysely<DB>, companyId: number, term: string, limit: number, match: BatchMatch): Promise<BatchHitRow[]> {
  if (!matchesFuzzily(term) || limit <= 0) return [];
  const { number, strain, nameOf, r, asWritten, shown } = batchTerms(term, match);
  const name = sql.ref('n.name');
  // A name like the term or one of its typo variants; for the crop (no index; a start of a word) the variants as starts.
  const variants = typoVariants(term);
  const nameAlike =
    match !== 'crop' ? sql<boolean>`${matching(name, term, true)}`
    : variants.length > 0 ? sql<boolean>`(${similarTo(name, term)} OR lower(${name}) LIKE ANY(${variants.map(prefixPattern)}::text[]))`
    : similarTo(name, term);
  const nameScore = match === 'crop' ? likeness(name, term) : nameLikeness(name, term);
  // The number, a code: like the term as typed only (through its trigram index); its likeness beside the name's.
  // (A crop holding the term past its start is no prefix, yet ranks as found anywhere: the row's own rank, as above.)
  const byNumber =
    match === 'number_or_strain'
      ? sql`UNION SELECT b.batch_id, b.batch_number, b.strain_name, b.batch_status FROM batches b
          WHERE b.company_id + 0 = ${companyId} AND ${similarTo(number, term)}`
      : sql``;
  const score =
    match === 'number_or_strain'
      ? sql<number>`greatest(${likeness(number, term)}, coalesce(n.score, ${nameLikeness(strain, term)}))`
      : sql<number>`n.score`;
  // MATERIALIZED: compared once per distinct name, not pushed down to each batch row.
  // The planner reckons a trigram test as cheap as an equality, so at a few thousand batches it reads every row and
  // compares each number (two trigram tests a row: tens of ms) rather than ask the numbers' trigram index, which
  // answers a term like no number at once: in this statement's own transaction, no sequential scan while another way
  // exists (docs/decisions.md, "Autocomplete: only the tiers a query needs").
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    return (await shown(sql`
    WITH names AS MATERIALIZED (
      SELECT DISTINCT ${nameOf} AS name FROM batches b WHERE b.company_id = ${companyId} AND b.strain_name IS NOT NULL
    ), alike_names AS MATERIALIZED (
      SELECT n.name, ${nameScore} AS score FROM names n WHERE ${nameAlike}
    ), candidates AS (
      SELECT b.batch_id, b.batch_number, b.strain_name, b.batch_status
      FROM batches b JOIN alike_names n ON n.name = ${nameOf} WHERE b.company_id = ${companyId}
      ${byNumber}
    )
    SELECT b.batch_id, b.batch_number, b.strain_name, b.batch_status, ${r} AS rank,
           (CASE WHEN ${r} = 3 THEN ${score} ELSE 0 END)::real AS score
    FROM candidates b
    LEFT JOIN alike_names n ON n.name = ${nameOf}
    WHERE (${asWritten}) IS NOT TRUE
    ORDER BY 5, 6 DESC, b.batch_number, b.batch_id LIMIT ${limit}`).execute(trx)).rows;
  });
}
