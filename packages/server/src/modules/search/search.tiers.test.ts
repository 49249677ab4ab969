import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeFacility } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import {
  alikeAsTyped, codeLike, containsPattern, findBatches, findGridBoxes, findPlants, findSubGridboxes, likeness, matching, nameLikeness,
  prefixPattern, rank, score, similarTo, type BatchMatch,
} from './search.repository.js';
import { typoVariants } from '../../lib/forgiving.js';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';

let t: TestApp;
let companyId: number;
let otherId: number;

const UIDS = [
  'AB1', 'ab1-z', 'AB1-a', 'x-ab1', 'Z-AB1', 'zab1', 'AB2', 'b-1',
  'a%b', 'axb', 'a_c', 'abc', 'a\\d', 'aXd', 'end\\', 'end1', 'q__1', 'q_x1',
];

beforeAll(async () => {
  t = await buildTestApp();
  companyId = (await makeTenant(t.app)).companyId;
  otherId = (await makeTenant(t.app)).companyId;
  const now = new Date();
  await t.app.db.insertInto('plants').values(UIDS.map((plant_uid) => ({ company_id: companyId, plant_uid, created_at: now }))).execute();
  // Another company's look-alikes of every tier: never found for the first.
  await t.app.db.insertInto('plants').values(['ab1-b', 'Y-AB1', 'a%bb'].map((plant_uid) => ({ company_id: otherId, plant_uid, created_at: now }))).execute();
  const place = await makeFacility(t.app, companyId, { roomName: 'Room', gridName: 'Grid', nx: 3, ny: 1 });
  const names = ['Mist 1', 'mist', 'A mist'];
  for (const [i, name] of names.entries()) {
    await t.app.db.updateTable('grid_boxes').set({ custom_name: name }).where('grid_box_id', '=', place.box(i + 1, 1)).execute();
  }
}, 240_000);
afterAll(() => t?.close());

const uids = async (term: string, limit = 10) => (await findPlants(t.app.db, companyId, term, limit)).map((r) => r.plant_uid);

/**
 * The ranking in one statement, as before the tiers: every match ranked and sorted. The tiers must answer the same
 * (a term under 3 characters matching at the start only; of 4 or more that no uid holds, what is only alike).
 */
async function oneStatement(term: string, limit: number, company = companyId) {
  const uid = sql.ref('p.plant_uid');
  const rows = await t.app.db
    .selectFrom('plants as p')
    .select('p.plant_uid')
    .where('p.company_id', '=', company)
    .where('p.plant_uid', 'ilike', [...term].length >= 3 ? containsPattern(term) : prefixPattern(term))
    .orderBy(sql`CASE WHEN lower(p.plant_uid) = lower(${term}) THEN 0 WHEN p.plant_uid ILIKE ${containsPattern(term).slice(1)} THEN 1 ELSE 2 END`)
    .orderBy('p.plant_uid').orderBy('p.plant_id')
    .limit(limit)
    .execute();
  if (rows.length > 0 || [...term].length < 4) return rows.map((r) => r.plant_uid);
  const alike = await t.app.db
    .selectFrom('plants as p')
    .select('p.plant_uid')
    .where('p.company_id', '=', company)
    .where(codeLike(uid, term))
    .orderBy(sql`${likeness(uid, term)}::real`, 'desc')
    .orderBy('p.plant_uid').orderBy('p.plant_id')
    .limit(limit)
    .execute();
  return alike.map((r) => r.plant_uid);
}

describe('findPlants tiers', () => {
  it('answers exact, then prefix, then anywhere, each tier in uid order, the limit cutting across tiers', async () => {
    expect(await uids('ab1')).toEqual(['AB1', 'AB1-a', 'ab1-z', 'Z-AB1', 'x-ab1', 'zab1']);
    expect(await uids('ab1', 1)).toEqual(['AB1']);
    expect(await uids('ab1', 3)).toEqual(['AB1', 'AB1-a', 'ab1-z']);
    expect(await uids('ab1', 4)).toEqual(['AB1', 'AB1-a', 'ab1-z', 'Z-AB1']);
    // No exact match: prefixes first; no prefix: anywhere only.
    expect(await uids('ab1-')).toEqual(['AB1-a', 'ab1-z']);
    expect(await uids('-ab1')).toEqual(['x-ab1', 'Z-AB1'].sort());
    // Of 4 characters or more matching no uid as typed: what is only alike (pg_trgm reads 'ab1+' as the word
    // 'ab1'), the most alike first — never 'AB2' or 'zab1', half alike.
    expect(await uids('ab1+')).toEqual(['AB1', 'AB1-a', 'Z-AB1', 'ab1-z', 'x-ab1']);
    expect(await uids('AB1-a', 10)).toEqual(['AB1-a']);
  });

  it('ranks each row as its tier', async () => {
    const rows = await findPlants(t.app.db, companyId, 'AB1', 10);
    expect(rows.map((r) => [r.plant_uid, r.rank])).toEqual([['AB1', 0], ['AB1-a', 1], ['ab1-z', 1], ['Z-AB1', 2], ['x-ab1', 2], ['zab1', 2]]);
  });

  it('matches %, _ and \\ literally in every tier', async () => {
    expect(await uids('a%')).toEqual(['a%b']);
    expect(await uids('a%b')).toEqual(['a%b']);
    expect(await uids('%bb')).toEqual([]);
    expect(await uids('a_c')).toEqual(['a_c']);
    expect(await uids('_c1')).toEqual([]);
    expect(await uids('q__')).toEqual(['q__1']);
    expect(await uids('a\\d')).toEqual(['a\\d']);
    expect(await uids('d\\')).toEqual([]); // two characters: at the start only
    expect(await uids('nd\\')).toEqual(['end\\']);
    expect(await uids('a\\')).toEqual(['a\\d']);
    expect(await uids('q_')).toEqual(['q__1', 'q_x1']);
  });

  it('matches a term under 3 characters at the start only (exact, then prefix)', async () => {
    expect((await uids('ab')).sort()).toEqual(['AB1', 'AB1-a', 'ab1-z', 'AB2', 'abc'].sort());
    expect(await uids('b1')).toEqual([]); // 'AB1' … hold it in the middle
    expect(await uids('B-')).toEqual(['b-1']);
    expect((await uids('en')).sort()).toEqual(['end\\', 'end1'].sort());
  });

  it('answers what ranking every match in one statement answers', async () => {
    for (const term of ['ab1', 'AB', 'a', 'b', '1', 'x', 'a%', '_', 'q_', 'end', 'zz', 'B-1', 'b-1', 'd\\', '1-a', 'xyz', 'ab1+', 'q_x2', 'end2']) {
      for (const limit of [1, 2, 5, 10, 50]) expect(await uids(term, limit), `${term} ${limit}`).toEqual(await oneStatement(term, limit));
    }
  });

  it('answers the same for a prefix of more than 20,000 plants (read in uid order) as for a sparse one (read by its range)', async () => {
    const dense = (await makeTenant(t.app)).companyId;
    await sql`INSERT INTO plants (company_id, plant_uid, created_at)
      SELECT ${dense}, CASE WHEN i % 7 = 0 THEN 'd-' ELSE 'D-' END || lpad(i::text, 5, '0') || CASE WHEN i % 1000 = 0 THEN '-x' ELSE '' END, now()
      FROM generate_series(1, 20100) i`.execute(t.app.db);
    await sql`INSERT INTO plants (company_id, plant_uid, created_at) VALUES (${dense}, 'XD-00007', now()), (${dense}, 'D-', now())`.execute(t.app.db);
    for (const term of ['D-', 'd-0', 'D-0', 'D-1', 'D-2010', 'D-00007', 'D-00007-', '000-x', '0070']) {
      for (const limit of [1, 10, 50]) {
        const found = (await findPlants(t.app.db, dense, term, limit)).map((r) => r.plant_uid);
        expect(found, `${term} ${limit}`).toEqual(await oneStatement(term, limit, dense));
      }
    }
  }, 120_000);

  it("never answers another company's plants", async () => {
    const found = await findPlants(t.app.db, otherId, 'ab1', 10);
    expect(found.map((r) => r.plant_uid)).toEqual(['ab1-b', 'Y-AB1']);
  });
});

describe('box names', () => {
  it('finds named boxes and sub-boxes only, exact then prefix then anywhere', async () => {
    expect((await findGridBoxes(t.app.db, companyId, 'mist', 10)).map((r) => r.box_name)).toEqual(['mist', 'Mist 1', 'A mist']);
    expect(await findGridBoxes(t.app.db, otherId, 'mist', 10)).toEqual([]);
    expect(await findSubGridboxes(t.app.db, companyId, 'mist', 10)).toEqual([]);
  });

  it('matches a box name under 3 characters at the start only', async () => {
    expect((await findGridBoxes(t.app.db, companyId, 'mi', 10)).map((r) => r.box_name).sort()).toEqual(['Mist 1', 'mist']);
    expect(await findGridBoxes(t.app.db, companyId, 'st', 10)).toEqual([]);
  });
});

describe('batches', () => {
  it('match a term under 3 characters at the start of the number or strain only, longer terms anywhere', async () => {
    const batchA = await makeBatch(t.app, companyId, { batchNumber: 'LT-1', strain: 'Lettuce Oak' });
    const batchB = await makeBatch(t.app, companyId, { batchNumber: 'X-2', strain: 'Oak Lettuce' });
    const ids = async (term: string) => (await findBatches(t.app.db, companyId, term, 10, 'number_or_strain')).map((r) => r.batch_id);
    expect(await ids('Le')).toEqual([batchA]);
    expect(await ids('Oa')).toEqual([batchB]);
    expect(await ids('T-')).toEqual([]);
    expect((await ids('Oak')).sort()).toEqual([batchA, batchB].sort());
  });

  /**
   * The batches ranked in one statement, as before the tiers (every match of every tier compared and sorted): the
   * tiers (as typed, then only alike by distinct name and by number) must answer the same rows, ranks and order.
   */
  async function oneBatchStatement(company: number, term: string, limit: number, match: BatchMatch) {
    const crop = sql<string>`split_part(b.strain_name, ' ', 1)`;
    const number = sql.ref('b.batch_number');
    const strain = sql.ref('b.strain_name');
    const r = match === 'number_or_strain' ? sql<number>`LEAST(${rank(number, term)}, ${rank(strain, term)})` : match === 'strain' ? rank(strain, term) : rank(crop, term);
    const alike = match === 'number_or_strain' ? sql<number>`greatest(${likeness(number, term)}, ${nameLikeness(strain, term)})`
      : match === 'strain' ? nameLikeness(strain, term) : likeness(crop, term);
    const sc = score(r, alike);
    const fuzzy = [...term].length >= 4;
    const variants = fuzzy ? typoVariants(term) : [];
    const prefix = sql<boolean>`${crop} ILIKE ${prefixPattern(term)}`;
    const cropMatch = !fuzzy ? prefix
      : variants.length > 0 ? sql<boolean>`(${prefix} OR ${similarTo(crop, term)} OR lower(${crop}) LIKE ANY(${variants.map(prefixPattern)}::text[]))`
      : sql<boolean>`(${prefix} OR ${similarTo(crop, term)})`;
    const where = match === 'number_or_strain' ? sql<boolean>`(${matching(number, term)} OR ${matching(strain, term, true)})`
      : match === 'strain' ? matching(strain, term, true) : cropMatch;
    const asTyped = match === 'number_or_strain' ? sql<boolean>`(${alikeAsTyped(number, term)} OR ${alikeAsTyped(strain, term)})`
      : alikeAsTyped(match === 'strain' ? strain : crop, term);
    return t.app.db
      .selectFrom('batches as b')
      .select(['b.batch_id'])
      .select([r.as('rank'), asTyped.as('alike')])
      .where('b.company_id', '=', company)
      .where(where)
      .orderBy(r).orderBy(sc, 'desc').orderBy('b.batch_number').orderBy('b.batch_id')
      .limit(limit)
      .execute();
  }

  it('answer in tiers what ranking every match in one statement answers, for every way of matching', async () => {
    const company = (await makeTenant(t.app)).companyId;
    const batches: Array<[string, string]> = [
      ['T-100', 'Brioso'], ['T-101', 'Bronco'], ['T-102', 'Gorilla Glue #4'], ['T-103', 'Gorilla Glue #4'], ['T-104', 'Green Gelato'],
      ['T-105', 'Northern Lights'], ['T-106', 'Basil Genovese'], ['T-107', 'Tomato Cherry'], ['T-108', 'Potato Spunta'],
      ['BRIOS-1', 'Lettuce Butterhead'], ['GG-2026-01', 'Gorilla Glue #4'], ['T-1000', 'Cherry Tomato'], ['X-9', 'Northern Lights'],
    ];
    for (const [batchNumber, strain] of batches) await makeBatch(t.app, company, { batchNumber, strain });
    const terms = ['Broiso', 'Brioso', 'brios', 'Bri oso', 'Gorila Glu', 'Gorilla Gleu', 'gorrilla', 'Nrothern', 'Nrothern Lihgts', 'Gelatto',
      'T-10', 'T-1O0', 'T-100', 'GG-2026-1', 'mato', 'Tomato', 'Che', 'xx', 'zqxwv'];
    // Not a vacuous comparison: rows of the typo tier (rank 3), of every way of matching, are compared too.
    const typos = { number_or_strain: 0, strain: 0, crop: 0 };
    for (const match of ['number_or_strain', 'strain', 'crop'] as const) {
      for (const term of terms) {
        for (const limit of [1, 2, 5, 10]) {
          const tiers = (await findBatches(t.app.db, company, term, limit, match)).map((b) => [b.batch_id, Number(b.rank), b.alike]);
          const one = (await oneBatchStatement(company, term, limit, match)).map((b) => [b.batch_id, Number(b.rank), b.alike]);
          expect(tiers, `${match} ${term} ${limit}`).toEqual(one);
          typos[match] += one.filter((b) => b[1] === 3).length;
        }
      }
    }
    expect(Object.values(typos).every((n) => n > 0), JSON.stringify(typos)).toBe(true);
  }, 120_000);
});
