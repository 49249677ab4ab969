import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase, type ScratchDatabase } from '../db/scratch-database.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeTenant } from './factories.js';
import { facilityKit, type Tenant } from './fixtures/facility-test-kit.js';
import { addObservation } from './fixtures/unresolved-problems.fixtures.js';
import { TEMPLATE_VARIABLE } from './migrated-start.js';

/**
 * READ_DATABASE_URL (issue 23, docs/deploy.md): reports, trends and register exports read from a replica, which
 * may lag a few seconds; everything else — above all what the caller just wrote — reads the primary. The
 * "replica" here is a second copy of the migrated database that never catches up: what the app answers from it
 * shows which reads went there. PostgreSQL only (the embedded database has no replica).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
let replica: ScratchDatabase;
let a: Tenant;
const { call, room, grid, boxes } = facilityKit(() => t.app);

beforeAll(async () => {
  if (!serverUrl) return;
  replica = await openScratchDatabase({ serverUrl, prefix: 'verdant_replica', template: process.env[TEMPLATE_VARIABLE] });
  if (replica.target.kind !== 'postgres') throw new Error('a PostgreSQL replica was expected');
  t = await buildTestApp({ readDatabaseUrl: replica.target.url });
  a = await makeTenant(t.app);
});
afterAll(async () => {
  await t?.close();
  await replica?.drop();
});

describe.skipIf(!serverUrl)('reads from a replica (READ_DATABASE_URL)', () => {
  it('reads what the caller just wrote from the primary; reports and exports from the replica', async () => {
    const current = async (db: typeof t.app.db) => (await sql<{ name: string }>`SELECT current_database() AS name`.execute(db)).rows[0]!.name;
    expect(await current(t.app.readDb)).toBe(new URL((replica.target as { url: string }).url).pathname.slice(1));
    expect(await current(t.app.readDb)).not.toBe(await current(t.app.db));

    // A write, then its read through the app: the primary answers, at once.
    const roomId = await room(a, 'Written just now');
    const loaded = await call('GET', '/load_room_grids_boxes', a.admin.auth, { room_id: roomId, company_id: a.companyId });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.body).toContain('Written just now');

    // An observation the primary holds; the replica has not caught up: the trends report (a lagging read) does not
    // show it yet, while the primary counts it.
    await addObservation(t.app, { companyId: a.companyId, roomId, problem: 'Replica aphids', observedAt: new Date('2026-03-03T10:00:00Z') });
    const trends = await call('GET', '/get_trends_report_graph', a.admin.auth, {
      company_id: a.companyId, date_option: 'date_range', start_date: '2026-03-02', end_date: '2026-03-08',
    });
    expect(trends.statusCode, trends.body).toBe(200);
    expect(trends.body).not.toContain('Replica aphids');
    const onPrimary = await t.app.db.selectFrom('problem_observations').select('problem').where('company_id', '=', a.companyId).execute();
    expect(onPrimary.map((r) => r.problem)).toEqual(['Replica aphids']);

    // An application recorded through the app: the register's list (what the caller just recorded) reads the primary
    // and shows it; the register's export, a lagging read, comes from the replica, which has none yet.
    const [box] = await boxes(await grid(a, roomId, 1, 1));
    const product = await t.app.inject({ method: 'POST', url: '/api/add_spray_product', query: { company_id: String(a.companyId) }, headers: a.admin.auth, payload: { name: 'Replica oil' } });
    expect(product.statusCode, product.body).toBe(200);
    const applied = await t.app.inject({
      method: 'POST', url: '/api/link_treatment_products_gridboxes', headers: a.admin.auth,
      payload: { ApplicationDate: '2026-03-04', ProductName: 'Replica oil', QuantityUsed: 1, Grid_boxIDs: JSON.stringify([box!.grid_box_id]) },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const period = { company_id: a.companyId, from: '2026-03-01', to: '2026-03-31' };
    const listed = await call('GET', '/register/applications', a.admin.auth, period);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).toContain('Replica oil');
    const exported = await call('GET', '/register/export', a.admin.auth, { ...period, format: 'applications_csv' });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).not.toContain('Replica oil');
  });
});
