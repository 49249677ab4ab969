/**
 * The scale seed (issue 19) at a tiny size, on the test database (embedded, or TEST_DATABASE_URL's server): the
 * rows it says it made are there, every foreign key and kept value holds although the load skipped triggers, and
 * the seeded company's reads answer through the app.
 * Run: npx vitest run --project outbox-property bench/scale-seed.test.ts
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../packages/server/src/test/build-test-app.js';
import { BOX_LAST_VISITS_RECOMPUTED } from '../packages/server/src/db/migrations/2026_11_29_0400_box_last_visits.js';
import { COVERAGE_COUNTS_RECOMPUTED } from '../packages/server/src/db/migrations/2026_12_01_0300_coverage_counts.js';
import { SCALE_ADMIN_EMAIL, seedScale, shapeFor, SMALL } from './scale-reads/seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const HECTARES = 0.1;
const COMPANIES = 3;

it('seeds a tiny site whose rows, references and kept values hold, and whose reads answer', async () => {
  const db = t.app.database;
  const n = async (text: string, values: unknown[] = []) => Number((await db.query(text, values)).rows[0]!.n);
  const out = await seedScale(db, { hectares: HECTARES, companies: COMPANIES });
  const shape = shapeFor(HECTARES);
  const id = out.companyId;

  const boxes = shape.rooms * shape.gridsPerRoom * shape.nx * shape.ny;
  expect(await n(`SELECT count(*) AS n FROM companies`)).toBe(1 + COMPANIES);
  expect(await n(`SELECT count(*) AS n FROM users WHERE company_id = $1`, [id])).toBe(1 + shape.scouts);
  expect(await n(`SELECT count(*) AS n FROM grid_boxes WHERE company_id = $1`, [id])).toBe(boxes);
  expect(await n(`SELECT count(*) AS n FROM sub_gridboxes s JOIN plants p USING (plant_id) WHERE s.company_id = $1 AND p.company_id = $1`, [id])).toBe(boxes * shape.subPerBox!);
  expect(await n(`SELECT count(*) AS n FROM problem_observations WHERE company_id = $1`, [id])).toBe(shape.observations);
  expect(await n(`SELECT count(*) AS n FROM form_responses WHERE company_id = $1 AND template_id IN (SELECT template_id FROM form_templates WHERE template_name = 'Scale walk')`, [id])).toBe(shape.responses);
  expect(await n(`SELECT count(*) AS n FROM field_responses WHERE company_id = $1`, [id])).toBe(shape.responses * 2);
  expect(await n(`SELECT count(*) AS n FROM tasks WHERE company_id = $1`, [id])).toBe(shape.tasks);
  expect(await n(`SELECT count(*) AS n FROM scans WHERE company_id = $1`, [id])).toBe(shape.scans);
  expect(await n(`SELECT count(*) AS n FROM audit_events WHERE company_id = $1`, [id])).toBe(shape.audit);
  expect(await n(`SELECT count(*) AS n FROM problem_observations WHERE company_id <> $1`, [id])).toBe(COMPANIES * SMALL.observations);
  expect(out.large.problem_observations).toBe(shape.observations);

  // Every foreign key holds (the load ran with triggers, and so foreign-key checks, off).
  const fks = (await db.query(`
    SELECT c.conname, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
           (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS cols,
           (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS pcols
    FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`)).rows as Array<{ conname: string; child: string; parent: string; cols: string[]; pcols: string[] }>;
  expect(fks.length).toBeGreaterThan(50);
  const broken: string[] = [];
  for (const fk of fks) {
    const notNull = fk.cols.map((c) => `x.${c} IS NOT NULL`).join(' AND ');
    const match = fk.cols.map((c, i) => `p.${fk.pcols[i]} = x.${c}`).join(' AND ');
    const orphans = await n(`SELECT count(*) AS n FROM ${fk.child} x WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE ${match})`);
    if (orphans > 0) broken.push(`${fk.conname}: ${orphans}`);
  }
  expect(broken).toEqual([]);

  // The kept values equal their full recomputation, and the day counts sum to the observations.
  const kept = `SELECT grid_box_id, company_id, observed_at, observed_by, observation_id, responded_at, responded_by, response_id FROM box_last_visits
    WHERE observation_id IS NOT NULL OR response_id IS NOT NULL`;
  expect(await n(`SELECT count(*) AS n FROM box_last_visits WHERE company_id = $1`, [id])).toBeGreaterThan(boxes / 2);
  expect(await n(`SELECT count(*) AS n FROM ((${BOX_LAST_VISITS_RECOMPUTED}) EXCEPT (${kept})) d`)).toBe(0);
  expect(await n(`SELECT count(*) AS n FROM ((${kept}) EXCEPT (${BOX_LAST_VISITS_RECOMPUTED})) d`)).toBe(0);
  // Every box has its row, and the coverage counts equal theirs (migration 2026_12_01_0300).
  expect(await n(`SELECT count(*) AS n FROM grid_boxes g LEFT JOIN box_last_visits v USING (grid_box_id) WHERE v.grid_id IS DISTINCT FROM g.grid_id`)).toBe(0);
  for (const [table, recomputed] of [['coverage_grid_totals', COVERAGE_COUNTS_RECOMPUTED.totals], ['coverage_grid_days', COVERAGE_COUNTS_RECOMPUTED.days]] as const) {
    const cols = table === 'coverage_grid_days' ? 'grid_id, day, boxes' : 'grid_id, boxes';
    expect(await n(`SELECT count(*) AS n FROM ((SELECT ${cols} FROM (${recomputed}) r) EXCEPT (SELECT ${cols} FROM ${table})) d`), table).toBe(0);
    expect(await n(`SELECT count(*) AS n FROM ((SELECT ${cols} FROM ${table}) EXCEPT (SELECT ${cols} FROM (${recomputed}) r)) d`), table).toBe(0);
  }
  expect(await n(`SELECT sum(open_count + resolved_count + dismissed_count + suspected_count) AS n FROM problem_observation_days WHERE company_id = $1`, [id])).toBe(shape.observations);

  // The seeded company's reads answer.
  const admin = (await db.query(`SELECT user_id, company_id, user_role FROM users WHERE email = $1`, [SCALE_ADMIN_EMAIL])).rows[0] as { user_id: number; company_id: number; user_role: 'Admin' };
  const headers = { authorization: `Bearer ${await t.app.tokens.signAccess(admin)}` };
  const read = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const c = `company_id=${id}`;
  const rooms = await read(`/load_room_grids_boxes?${c}`);
  expect(rooms.rooms).toHaveLength(shape.rooms);
  const observations = await read(`/get_problem_observations?${c}`);
  expect(observations.total_count).toBe(shape.observations);
  const coverage = await read(`/get_scouting_coverage?${c}`);
  expect(JSON.stringify(coverage)).toContain('Scale room 1');
  const batches = await read(`/get_batches?${c}`);
  expect(batches).toHaveLength(shape.batches);
  const scout = Number((await db.query(`SELECT assignee_id FROM tasks WHERE company_id = $1 LIMIT 1`, [id])).rows[0]!.assignee_id);
  expect((await read(`/get_tasks?user_id=${scout}&status=all`)).tasks.length).toBeGreaterThan(0);
  expect((await read(`/get_scan_history?${c}`)).scans.length).toBeGreaterThan(0);
  expect((await read(`/get_audit_events?${c}`)).events.length).toBeGreaterThan(0);
  expect(JSON.stringify(await read(`/search_plants_autocomplete?${c}&query=Tomato`))).toContain('Tomato');
}, 120_000);
