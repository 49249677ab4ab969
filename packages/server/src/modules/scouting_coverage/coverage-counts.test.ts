import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, utcDate } from '@verdant/contract';
import { COVERAGE_COUNTS_RECOMPUTED } from '../../db/migrations/2026_12_01_0300_coverage_counts.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { coverage, coverageFromCounts } from './scouting-coverage.repository.js';

/**
 * The coverage counts kept per grid and day (migration 2026_12_01_0300) must always equal their recomputation
 * from grid_boxes and box_last_visits — after every kind of write, concurrent writers, deletes of boxes, grids
 * and rooms, and a rolled-back attempt that is then retried — and the whole company's coverage read from them
 * must equal the per-box statement room by room.
 */
const kit = facilityKit(() => t.app);
useTwoTenants();

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');
const at = (days: number) => new Date(T0 + days * DAY_MS);

type Row = Record<string, unknown>;
const key = (r: Row) => JSON.stringify([r.grid_id, r.day instanceof Date ? utcDate(r.day) : String(r.day), Number(r.boxes)]);

async function expectCountsExact(step: string) {
  const db = t.app.db;
  const kept = {
    totals: await sql<Row>`SELECT grid_id, NULL AS day, boxes FROM coverage_grid_totals WHERE boxes <> 0`.execute(db),
    days: await sql<Row>`SELECT grid_id, day::text AS day, boxes FROM coverage_grid_days`.execute(db),
  };
  const full = {
    totals: await sql<Row>`SELECT grid_id, NULL AS day, boxes FROM (${sql.raw(COVERAGE_COUNTS_RECOMPUTED.totals)}) x`.execute(db),
    days: await sql<Row>`SELECT grid_id, day::text AS day, boxes FROM (${sql.raw(COVERAGE_COUNTS_RECOMPUTED.days)}) x`.execute(db),
  };
  expect(kept.totals.rows.map(key).sort(), `${step}: totals`).toEqual(full.totals.rows.map(key).sort());
  expect(kept.days.rows.map(key).sort(), `${step}: days`).toEqual(full.days.rows.map(key).sort());
  // Every box has its row, in its grid, with its culled flag; no row outlives its box.
  const misplaced = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM grid_boxes g FULL JOIN box_last_visits v ON v.grid_box_id = g.grid_box_id
    WHERE g.grid_box_id IS NULL OR v.grid_box_id IS NULL OR (v.grid_id, v.culled) IS DISTINCT FROM (g.grid_id, g.culled)`.execute(db);
  expect(misplaced.rows[0]!.n, `${step}: box rows`).toBe(0);
}

/** The company answer from the counts, room by room equal to the per-box statement for that room. */
async function expectCoverageUnchanged(companyId: number, now: Date, step: string) {
  const counted = await coverageFromCounts(t.app.db, companyId, now);
  expect(counted.length, step).toBeGreaterThan(0);
  for (const room of counted) {
    const [perBox] = await coverage(t.app.db, companyId, now, room.room_id, false);
    const norm = (r: Row) => ({ ...r, overdue_box_ids: null, last_scouted_at: r.last_scouted_at ? new Date(r.last_scouted_at as string).toISOString() : null, round_started_at: r.round_started_at ? new Date(r.round_started_at as string).toISOString() : null });
    expect(norm(room as unknown as Row), `${step}: room ${room.name}`).toEqual(norm(perBox as unknown as Row));
  }
  return counted;
}

const observe = (rows: Array<{ box: number; at: Date; by?: number; source?: 'scan' | 'batch_problem'; company?: number }>) =>
  t.app.db.insertInto('problem_observations')
    .values(rows.map((r) => ({ company_id: r.company ?? a.companyId, problem: 'Thrips', grid_box_id: r.box, source: r.source ?? 'scan', observed_at: r.at, observed_by: r.by ?? a.regular.user_id })))
    .returning('observation_id').execute();

let roomId: number;
let g1: number;
let g2: number;
let boxes1: number[];
let boxes2: number[];
let template: number;

beforeAll(async () => {
  roomId = await kit.room(a, 'Counted');
  g1 = await kit.grid(a, roomId, 4, 5, 'One');
  g2 = await kit.grid(a, roomId, 3, 2, 'Two');
  boxes1 = (await kit.boxes(g1)).map((x) => x.grid_box_id);
  boxes2 = (await kit.boxes(g2)).map((x) => x.grid_box_id);
  template = (await t.app.db.insertInto('form_templates').values({ company_id: a.companyId, template_name: 'Walk', created_by: a.admin.user_id })
    .returning('template_id').executeTakeFirstOrThrow()).template_id;
});

describe('coverage counts', () => {
  it('equal their recomputation after each kind of write and delete', async () => {
    await expectCountsExact('new grids: every box counted, none visited');
    const obs = await observe([
      { box: boxes1[0]!, at: at(3) }, { box: boxes1[0]!, at: at(5) }, { box: boxes1[1]!, at: at(5) }, { box: boxes1[2]!, at: at(2) },
      { box: boxes1[3]!, at: at(9), source: 'batch_problem' }, { box: boxes2[0]!, at: new Date(at(5).getTime() + 23 * HOUR) },
    ]);
    await expectCountsExact('observations, two on a box, a batch problem');
    await observe([{ box: boxes1[0]!, at: new Date(at(5).getTime() + HOUR) }]);
    await expectCountsExact('a second visit the same day');
    const ids = obs.map((o) => o.observation_id);
    await t.app.db.updateTable('problem_observations').set({ observed_at: at(12) }).where('observation_id', '=', ids[2]!).execute();
    await t.app.db.updateTable('problem_observations').set({ grid_box_id: boxes2[1]! }).where('observation_id', '=', ids[3]!).execute();
    await expectCountsExact('re-dated and moved to a box of another grid');
    await t.app.db.insertInto('form_responses').values([
      { company_id: a.companyId, template_id: template, submitted_by: a.admin.user_id, grid_box_id: boxes1[0]!, observed_at: at(20) },
      { company_id: a.companyId, template_id: template, submitted_by: a.admin.user_id, grid_box_id: boxes1[5]!, observed_at: at(1) },
    ]).execute();
    await expectCountsExact('form responses');
    await t.app.db.deleteFrom('problem_observations').where('observation_id', '=', ids[5]!).execute();
    await t.app.db.deleteFrom('form_responses').where('grid_box_id', '=', boxes1[0]!).execute();
    await expectCountsExact('a box\'s only visit and a newest visit deleted');

    const cull = await kit.formPost('/update_culling_status', a.admin.auth, { GridBoxID: boxes1[1]!, user_id: a.admin.user_id, culled: 1 });
    expect(cull.statusCode, cull.body).toBe(200);
    await t.app.db.updateTable('grid_boxes').set({ culled: true }).where('grid_box_id', '=', boxes1[6]!).execute();
    await expectCountsExact('a visited box and an unvisited one culled');
    await t.app.db.updateTable('grid_boxes').set({ culled: false }).where('grid_box_id', '=', boxes1[6]!).execute();
    await t.app.db.updateTable('grid_boxes').set({ grid_id: g2 }).where('grid_box_id', '=', boxes1[2]!).execute();
    await expectCountsExact('a box back from culling, a box moved to another grid');
    await t.app.db.deleteFrom('grid_boxes').where('grid_box_id', 'in', [boxes1[0]!, boxes1[19]!]).execute();
    await expectCountsExact('a visited and an unvisited box deleted');

    const g3 = await kit.grid(a, roomId, 2, 2, 'Three');
    await observe((await kit.boxes(g3)).map((x, i) => ({ box: x.grid_box_id, at: at(i) })));
    await expectCountsExact('a grid added and visited');
    const del = await kit.call('PUT', '/delete_grid', a.admin.auth, { grid_id: g3 });
    expect(del.statusCode, del.body).toBe(200);
    await expectCountsExact('a grid deleted');
    const gone = await sql<{ n: number }>`SELECT (SELECT count(*) FROM coverage_grid_totals WHERE grid_id = ${g3}) + (SELECT count(*) FROM coverage_grid_days WHERE grid_id = ${g3}) AS n`.execute(t.app.db);
    expect(Number(gone.rows[0]!.n)).toBe(0);

    const other = await kit.room(a, 'To delete');
    const g4 = await kit.grid(a, other, 2, 3, 'Four');
    await observe((await kit.boxes(g4)).map((x, i) => ({ box: x.grid_box_id, at: at(i % 2) })));
    const delRoom = await kit.call('DELETE', '/delete_room', a.admin.auth, { room_id: other });
    expect(delRoom.statusCode, delRoom.body).toBe(200);
    await expectCountsExact('a room deleted');
  });

  it('equal their recomputation after concurrent writers and a retried attempt', async () => {
    const shared = [...boxes1.slice(2, 10), ...boxes2.slice(0, 4)];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const retryable = (e: unknown) => ['40P01', '40001', '23505'].includes((e as { code?: string }).code ?? '');
    async function writer(n: number) {
      for (;;) {
        try {
          await t.app.db.transaction().execute(async (trx) => {
            const box = shared[rand(shared.length)]!;
            const kind = rand(5);
            if (kind <= 1) {
              // Visits of several boxes in one statement, at hours spread over three days.
              await trx.insertInto('problem_observations').values([0, 1, 2].map((i) => ({
                company_id: a.companyId, problem: 'Mites', grid_box_id: shared[(n + i) % shared.length]!, source: 'scan' as const,
                observed_at: new Date(at(40).getTime() + rand(72) * HOUR), observed_by: a.regular.user_id,
              }))).execute();
            } else if (kind === 2) {
              await trx.insertInto('form_responses').values({ company_id: a.companyId, template_id: template, submitted_by: a.admin.user_id, grid_box_id: box, observed_at: at(38 + rand(5)) }).execute();
            } else if (kind === 3) {
              const newest = await trx.selectFrom('problem_observations').select('observation_id').where('grid_box_id', '=', box).orderBy('observed_at', 'desc').limit(1).executeTakeFirst();
              if (newest) await trx.deleteFrom('problem_observations').where('observation_id', '=', newest.observation_id).execute();
            } else {
              const culled = await trx.selectFrom('grid_boxes').select('culled').where('grid_box_id', '=', box).executeTakeFirstOrThrow();
              await trx.updateTable('grid_boxes').set({ culled: !culled.culled }).where('grid_box_id', '=', box).execute();
            }
          });
          return;
        } catch (e) {
          if (!retryable(e)) throw e;
        }
      }
    }
    for (let wave = 0; wave < 5; wave++) {
      await Promise.all(Array.from({ length: 8 }, (_, i) => writer(wave * 8 + i)));
      await expectCountsExact(`concurrent wave ${wave}`);
    }

    // An attempt that writes visits and a cull, then fails, leaves nothing; its retry counts once.
    const attempt = (fail: boolean) => t.app.db.transaction().execute(async (trx) => {
      await trx.insertInto('problem_observations').values(shared.map((box) => ({ company_id: a.companyId, problem: 'Aphids', grid_box_id: box, source: 'scan' as const, observed_at: at(60), observed_by: a.regular.user_id }))).execute();
      await trx.updateTable('grid_boxes').set({ culled: true }).where('grid_box_id', '=', shared[0]!).execute();
      if (fail) throw new Error('the connection dropped');
    });
    const before = await sql<Row>`SELECT grid_id, day::text AS day, boxes FROM coverage_grid_days WHERE day = ${'2026-12-31'}::date`.execute(t.app.db);
    await expect(attempt(true)).rejects.toThrow('the connection dropped');
    await expectCountsExact('a failed attempt');
    expect((await sql<Row>`SELECT grid_id, day::text AS day, boxes FROM coverage_grid_days WHERE day = ${'2026-12-31'}::date`.execute(t.app.db)).rows).toEqual(before.rows);
    await attempt(false);
    await expectCountsExact('its retry');
    const counted = await sql<{ n: number }>`SELECT COALESCE(sum(boxes), 0)::int AS n FROM coverage_grid_days WHERE day = ${'2026-12-31'}::date AND company_id = ${a.companyId}`.execute(t.app.db);
    const live = await t.app.db.selectFrom('grid_boxes').select((s) => s.fn.countAll<number>().as('n')).where('grid_box_id', 'in', shared).where('culled', '=', false).executeTakeFirstOrThrow();
    expect(counted.rows[0]!.n).toBe(Number(live.n));
    expect(Number(live.n)).toBeGreaterThan(0);
  });

  it('answer the whole company\'s coverage as the per-box statement does', async () => {
    const room2 = await kit.room(a, 'Marked');
    const gm = await kit.grid(a, room2, 3, 3, 'Marked grid');
    const gn = await kit.grid(a, room2, 2, 2, 'Unmarked grid');
    const bm = (await kit.boxes(gm)).map((x) => x.grid_box_id);
    const bn = (await kit.boxes(gn)).map((x) => x.grid_box_id);
    await kit.room(a, 'Empty room');
    // Visits at exact hours around the thresholds, a tie in time between two users.
    const now = new Date(at(70).getTime() + 6 * HOUR);
    await observe([
      { box: bm[0]!, at: new Date(now.getTime() - 7 * DAY_MS) }, { box: bm[1]!, at: new Date(now.getTime() - 7 * DAY_MS - 1) },
      { box: bm[2]!, at: new Date(now.getTime() - 2 * DAY_MS), by: a.admin.user_id }, { box: bn[0]!, at: new Date(now.getTime() - 2 * DAY_MS) },
      { box: bn[1]!, at: new Date(now.getTime() - 10 * DAY_MS) }, { box: bn[2]!, at: new Date(now.getTime() - 3 * HOUR) },
      { box: bn[3]!, at: new Date(now.getTime() - 7 * DAY_MS + 5 * HOUR) }, { box: bm[3]!, at: new Date(now.getTime() - 6 * HOUR - 1) },
    ]);
    // Another company's visits and counts are not read.
    const roomB = await kit.room(b, 'B room');
    const bB = (await kit.boxes(await kit.grid(b, roomB, 2, 2, 'B grid'))).map((x) => x.grid_box_id);
    await observe(bB.map((box) => ({ box, at: now, by: b.regular.user_id, company: b.companyId })));

    await expectCoverageUnchanged(a.companyId, now, 'no interval, no round');
    await t.app.db.insertInto('scouting_frequencies').values({ company_id: a.companyId, room_id: null, due_every_days: 7 }).execute();
    await expectCoverageUnchanged(a.companyId, now, 'a 7-day interval: a visit exactly at the due time, one a millisecond before');
    await t.app.db.insertInto('scouting_frequencies').values({ company_id: a.companyId, room_id: room2, due_every_days: 3 }).execute();
    await t.app.db.insertInto('scouting_rounds').values({ company_id: a.companyId, started_at: new Date(now.getTime() - 6 * HOUR) }).execute();
    await expectCoverageUnchanged(a.companyId, now, 'a room override and a round started at midnight');
    await t.app.db.insertInto('scan_marks').values({ company_id: a.companyId, grid_id: gm, user_id: a.regular.user_id, scanned_at: new Date(now.getTime() - 2 * DAY_MS) }).execute();
    await expectCoverageUnchanged(a.companyId, now, 'a grid mark tied with a visit');
    await t.app.db.insertInto('scan_marks').values([
      { company_id: a.companyId, room_id: room2, user_id: a.admin.user_id, scanned_at: new Date(now.getTime() - HOUR) },
      { company_id: a.companyId, room_id: roomId, user_id: a.admin.user_id, scanned_at: new Date(now.getTime() - 20 * DAY_MS) },
    ]).execute();
    await expectCoverageUnchanged(a.companyId, now, 'room marks, recent and old');
    await t.app.db.updateTable('grid_boxes').set({ culled: true }).where('grid_box_id', 'in', bn).execute();
    const rows = await expectCoverageUnchanged(a.companyId, new Date(now.getTime() + 3 * DAY_MS), 'a grid all culled, three days on');
    expect(rows.find((r) => r.room_id === room2)?.boxes_total).toBe(bm.length);
    expect((await coverageFromCounts(t.app.db, b.companyId, now)).map((r) => r.boxes_total)).toEqual([bB.length]);
  });
  it('answer as the per-box statement after scouts mark and observe at once through the API and the database', async () => {
    // Tenant b: its coverage has no round yet (the first mark opens it) and a 2-day interval.
    await t.app.db.insertInto('scouting_frequencies').values({ company_id: b.companyId, room_id: null, due_every_days: 2 }).execute();
    const room = await kit.room(b, 'Busy');
    const grids = [await kit.grid(b, room, 4, 4, 'Busy one'), await kit.grid(b, room, 3, 3, 'Busy two')];
    const busy = (await Promise.all(grids.map((g) => kit.boxes(g)))).flat().map((x) => x.grid_box_id);
    const scouts = [b.regular, b.admin];
    // 24 actions at once: grid and room marks through their endpoints, observations (several boxes a statement) beside them.
    const actions = Array.from({ length: 24 }, (_, i) => async () => {
      const scout = scouts[i % 2]!;
      if (i % 4 === 0) {
        const res = await kit.call('POST', '/mark_grid_scanned', scout.auth, { grid_id: grids[i % 3 === 0 ? 0 : 1]!, user_id: scout.user_id });
        expect(res.statusCode, res.body).toBe(200);
      } else if (i % 4 === 1) {
        const res = await kit.call('POST', '/mark_room_scanned', scout.auth, { room_id: room, user_id: scout.user_id });
        expect(res.statusCode, res.body).toBe(200);
      } else {
        await observe([0, 5, 11].map((k) => ({ box: busy[(i * 7 + k) % busy.length]!, at: new Date(Date.now() - (i % 5) * DAY_MS), by: scout.user_id, company: b.companyId })));
      }
    });
    await Promise.all(actions.map((act) => act()));
    await expectCountsExact('concurrent marks and observations');
    for (const days of [0, 1, 3]) await expectCoverageUnchanged(b.companyId, new Date(Date.now() + days * DAY_MS), `concurrent marks and observations, ${days} days on`);
    const counted = (await coverageFromCounts(t.app.db, b.companyId, new Date())).find((r) => r.room_id === room)!;
    expect(counted.boxes_total).toBe(busy.length);
    expect(counted.boxes_scouted).toBe(busy.length);
    expect(scouts.map((u) => u.user_id)).toContain(counted.last_scouted_by);
  });
});
