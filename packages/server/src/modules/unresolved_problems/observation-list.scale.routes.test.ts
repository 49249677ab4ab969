import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { makePlace, type ScoutedPlace } from '../../test/fixtures/unresolved-problems.fixtures.js';

/** The observations list of a large company (issue 19): capped room counts, exact filtered counts, keyset pages. */
let t: TestApp;
let a: Tenant;
let b: Tenant;
let big: ScoutedPlace;
let small: ScoutedPlace;
const { call } = facilityKit(() => t.app);
const list = (auth: object, query: Record<string, string | number>) => call('GET', '/get_problem_observations', auth, query);
const N = 10_030;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  big = await makePlace(t.app, a.companyId, 3, 3, 'Big bay');
  small = await makePlace(t.app, a.companyId, 1, 1, 'Small bay');
  // Half on the room, half on its grid only (no room_id): the room filter must find both. Many share an instant.
  await sql`
    INSERT INTO problem_observations (company_id, problem, room_id, grid_id, source, status, observed_at)
    SELECT ${a.companyId}, CASE WHEN i % 10 = 0 THEN 'Spider mites' WHEN i % 10 = 1 THEN 'Russet MITE' ELSE 'Thrips' END,
           CASE WHEN i % 2 = 0 THEN ${big.roomId}::int END, CASE WHEN i % 2 = 1 THEN ${big.gridId}::int END, 'scan',
           CASE WHEN i % 3 = 0 THEN 'resolved' ELSE 'open' END,
           timestamptz '2026-02-01 00:00:00+00' + make_interval(secs => (i / 5) * 60)
    FROM generate_series(1, ${N}) i`.execute(t.app.db);
  await sql`
    INSERT INTO problem_observations (company_id, problem, room_id, source, observed_at)
    VALUES (${a.companyId}, 'Spider mites', ${small.roomId}, 'scan', timestamptz '2026-02-03 00:00:00+00'),
           (${b.companyId}, 'Spider mites', NULL, 'scan', timestamptz '2026-02-03 00:00:00+00')`.execute(t.app.db);
});
afterAll(() => t.close());

async function expected(where: ReturnType<typeof sql>, direction: 'asc' | 'desc' = 'desc') {
  const dir = sql.raw(direction);
  const { rows } = await sql<{ observation_id: number }>`
    SELECT observation_id FROM problem_observations WHERE company_id = ${a.companyId} AND ${where}
    ORDER BY observed_at ${dir}, observation_id ${dir}`.execute(t.app.db);
  return rows.map((r) => r.observation_id);
}

async function walk(query: Record<string, string | number>) {
  const seen: number[] = [];
  let cursor: string | null = null;
  let total: unknown;
  for (let i = 0; i < 200; i++) {
    const res = await list(a.regular.auth, { company_id: a.companyId, limit: 200, ...query, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    total ??= { total_count: body.total_count, total_capped: body.total_capped };
    seen.push(...body.observations.map((o: { ProblemID: number }) => o.ProblemID));
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  return { seen, total };
}

describe('GET /get_problem_observations at scale', () => {
  it('caps a room count at 10,000 and says so, and pages the room by cursor without a gap or a repeat', async () => {
    const room = await walk({ room_id: big.roomId });
    expect(room.total).toEqual({ total_count: 10_000, total_capped: true });
    expect(room.seen).toEqual(await expected(sql`(room_id = ${big.roomId} OR grid_id = ${big.gridId})`));
    const asc = await walk({ room_id: big.roomId, sort_order: 'asc', status: 'resolved' });
    expect(asc.total).toEqual({ total_count: Math.floor(N / 3), total_capped: false });
    expect(asc.seen).toEqual(await expected(sql`(room_id = ${big.roomId} OR grid_id = ${big.gridId}) AND status = 'resolved'`, 'asc'));
  });

  it('counts a problem-text filter exactly, any case, from the day counts, and lists the same rows', async () => {
    const mites = await walk({ problem: 'mite' });
    const all = await expected(sql`problem ILIKE '%mite%'`);
    expect(mites.total).toEqual({ total_count: all.length, total_capped: false });
    expect(mites.seen).toEqual(all);
    const dated = await list(a.regular.auth, { company_id: a.companyId, problem: 'SPIDER', start_date: '2026-02-03', end_date: '2026-02-03', limit: 1 });
    const inDay = await expected(sql`problem ILIKE '%spider%' AND observed_at >= '2026-02-03T00:00:00Z' AND observed_at < '2026-02-04T00:00:00Z'`);
    expect(dated.json()).toMatchObject({ total_count: inDay.length, total_capped: false });
    expect(dated.json().observations.map((o: { ProblemID: number }) => o.ProblemID)).toEqual(inDay.slice(0, 1));
    expect((await list(a.regular.auth, { company_id: a.companyId, problem: 'no such pest' })).json()).toMatchObject({ total_count: 0, observations: [], next_cursor: null });
  });

  it('keeps offsets working, also after a cursor, and refuses a cursor that is not one', async () => {
    const byOffset = await list(a.regular.auth, { company_id: a.companyId, room_id: big.roomId, limit: 5, offset: 10 });
    const first = await list(a.regular.auth, { company_id: a.companyId, room_id: big.roomId, limit: 5 });
    const next = await list(a.regular.auth, { company_id: a.companyId, room_id: big.roomId, limit: 5, offset: 5, cursor: first.json().next_cursor });
    expect(next.json().observations).toEqual(byOffset.json().observations);
    const bad = await list(a.regular.auth, { company_id: a.companyId, cursor: Buffer.from('soon|1').toString('base64url') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('cursor');
    expect((await list(a.regular.auth, { company_id: a.companyId, cursor: 'a b' })).json().field).toBe('cursor');
    expect((await list(b.regular.auth, { company_id: a.companyId, room_id: big.roomId })).statusCode).toBe(403);
    expect((await list(b.regular.auth, { company_id: b.companyId, room_id: big.roomId })).statusCode).toBe(404);
  });
});
