/**
 * The scale seed without its large company (`seed:scale -- --hectares 0 --companies 1`, issue 19's many-growers
 * baseline): only the small companies are made, each the same as beside the large one.
 * Run: npx vitest run --project outbox-property bench/scale-seed-alone.test.ts
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../packages/server/src/test/build-test-app.js';
import { SCALE_COMPANY, seedScale, SMALL } from './scale-reads/seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

it('seeds one small grower alone when the area is 0', async () => {
  const db = t.app.database;
  const n = async (text: string, values: unknown[] = []) => Number((await db.query(text, values)).rows[0]!.n);
  const out = await seedScale(db, { hectares: 0, companies: 1 });
  expect(out.companyId).toBeNull();
  expect(out.users).toBe(1 + SMALL.scouts);
  expect(await n(`SELECT count(*) AS n FROM companies WHERE company_name = $1`, [SCALE_COMPANY])).toBe(0);
  const company = (await db.query(`SELECT company_id FROM companies WHERE company_name = 'Small grower 1'`)).rows[0]!.company_id;
  expect(await n(`SELECT count(*) AS n FROM companies`)).toBe(1);
  expect(await n(`SELECT count(*) AS n FROM problem_observations WHERE company_id = $1`, [company])).toBe(SMALL.observations);
  expect(await n(`SELECT count(*) AS n FROM grid_boxes WHERE company_id = $1`, [company])).toBe(SMALL.rooms * SMALL.gridsPerRoom * SMALL.nx * SMALL.ny);
  expect(await n(`SELECT count(*) AS n FROM users WHERE company_id = $1`, [company])).toBe(1 + SMALL.scouts);
}, 120_000);
