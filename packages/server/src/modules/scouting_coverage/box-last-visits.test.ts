import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@verdant/contract';
import { BOX_LAST_VISITS_RECOMPUTED } from '../../db/migrations/2026_11_29_0400_box_last_visits.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

/**
 * box_last_visits (kept by triggers as observations and form responses are written) must always equal the
 * full recomputation from those tables, after every kind of write, including concurrent ones.
 */
const kit = facilityKit(() => t.app);
useTwoTenants();

const at = (days: number) => new Date(Date.parse('2026-11-01T00:00:00Z') + days * DAY_MS);

type Row = Record<string, unknown>;
const key = (r: Row) => JSON.stringify([r.grid_box_id, r.company_id, r.observed_at, r.observed_by, r.observation_id, r.responded_at, r.responded_by, r.response_id]);

async function expectKeptEqualsRecomputed(step: string) {
  const kept = await sql<Row>`SELECT * FROM box_last_visits WHERE observation_id IS NOT NULL OR response_id IS NOT NULL`.execute(t.app.db);
  const full = await sql<Row>`${sql.raw(BOX_LAST_VISITS_RECOMPUTED)}`.execute(t.app.db);
  expect(kept.rows.map(key).sort(), step).toEqual(full.rows.map(key).sort());
  return kept.rows.length;
}

let boxes: number[] = [];
let boxesB: number[] = [];
let template: number;
let templateB: number;
let gridToDrop: number;

beforeAll(async () => {
  const room = await kit.room(a, 'Visits');
  const g1 = await kit.grid(a, room, 4, 5, 'Kept');
  gridToDrop = await kit.grid(a, room, 2, 2, 'Dropped');
  boxes = [...(await kit.boxes(g1)), ...(await kit.boxes(gridToDrop))].map((x) => x.grid_box_id);
  const roomB = await kit.room(b, 'Visits B');
  boxesB = (await kit.boxes(await kit.grid(b, roomB, 2, 2, 'B'))).map((x) => x.grid_box_id);
  const tpl = (c: number, u: number) =>
    t.app.db.insertInto('form_templates').values({ company_id: c, template_name: 'Walk', created_by: u }).returning('template_id').executeTakeFirstOrThrow();
  template = (await tpl(a.companyId, a.admin.user_id)).template_id;
  templateB = (await tpl(b.companyId, b.admin.user_id)).template_id;
});

const observe = (rows: Array<{ box: number; day: number; by?: number; source?: 'form' | 'scan' | 'batch_problem'; company?: number }>) =>
  t.app.db
    .insertInto('problem_observations')
    .values(rows.map((r) => ({
      company_id: r.company ?? a.companyId, problem: 'Thrips', grid_box_id: r.box, source: r.source ?? 'scan',
      observed_at: at(r.day), observed_by: r.by ?? a.regular.user_id,
    })))
    .returning('observation_id')
    .execute();
const respond = (rows: Array<{ box: number; day: number; by?: number }>) =>
  t.app.db
    .insertInto('form_responses')
    .values(rows.map((r) => ({ company_id: a.companyId, template_id: template, submitted_by: r.by ?? a.regular.user_id, grid_box_id: r.box, observed_at: at(r.day) })))
    .returning('response_id')
    .execute();

describe('box_last_visits', () => {
  it('equals the full recomputation after each kind of write', async () => {
    const [b0, b1, b2, b3] = boxes as [number, number, number, number];
    const obs = await observe([
      { box: b0, day: 3 }, { box: b0, day: 5, by: a.admin.user_id }, { box: b1, day: 2 }, { box: b1, day: 2 },
      { box: b2, day: 9, source: 'batch_problem' }, { box: b3, day: 1, source: 'form' },
    ]);
    await observe([{ box: boxesB[0]!, day: 4, by: b.regular.user_id, company: b.companyId }]);
    expect(await expectKeptEqualsRecomputed('multi-row insert, a tie, a batch problem, another company')).toBe(4);
    await observe([{ box: b0, day: 1 }]);
    await expectKeptEqualsRecomputed('an older observation');
    await observe([{ box: b0, day: 5 }]);
    await expectKeptEqualsRecomputed('the same time, a higher id');

    const ids = obs.map((o) => o.observation_id);
    await t.app.db.updateTable('problem_observations').set({ observed_at: at(0) }).where('observation_id', '=', ids[1]!).execute();
    await expectKeptEqualsRecomputed('moved earlier');
    await t.app.db.updateTable('problem_observations').set({ observed_at: at(20) }).where('observation_id', '=', ids[0]!).execute();
    await expectKeptEqualsRecomputed('moved later');
    await t.app.db.updateTable('problem_observations').set({ grid_box_id: b2 }).where('observation_id', '=', ids[0]!).execute();
    await expectKeptEqualsRecomputed('moved to another box');
    await t.app.db.updateTable('problem_observations').set({ source: 'batch_problem' }).where('observation_id', '=', ids[2]!).execute();
    await t.app.db.updateTable('problem_observations').set({ source: 'scan' }).where('observation_id', '=', ids[4]!).execute();
    await expectKeptEqualsRecomputed('source changed both ways');
    await t.app.db.updateTable('problem_observations').set({ observed_by: a.superAdmin.user_id }).where('grid_box_id', 'in', [b0, b1, b2]).execute();
    await t.app.db.updateTable('problem_observations').set({ status: 'resolved' }).where('company_id', '=', a.companyId).execute();
    await expectKeptEqualsRecomputed('re-attributed, then a status change');
    await t.app.db.deleteFrom('problem_observations').where('observation_id', 'in', [ids[0]!, ids[3]!]).execute();
    await expectKeptEqualsRecomputed('newest deleted');
    await t.app.db.deleteFrom('problem_observations').where('grid_box_id', '=', b3).execute();
    await expectKeptEqualsRecomputed('every visit of a box deleted');

    const resp = await respond([{ box: b0, day: 30 }, { box: b3, day: 2 }, { box: b3, day: 2, by: a.admin.user_id }]);
    await expectKeptEqualsRecomputed('responses');
    await t.app.db.updateTable('form_responses').set({ observed_at: at(1) }).where('response_id', '=', resp[0]!.response_id).execute();
    await t.app.db.updateTable('form_responses').set({ grid_box_id: null }).where('response_id', '=', resp[2]!.response_id).execute();
    await expectKeptEqualsRecomputed('responses re-dated and detached');
    await t.app.db.deleteFrom('form_responses').where('response_id', '=', resp[1]!.response_id).execute();
    await expectKeptEqualsRecomputed('response deleted');

    const dropped = boxes.slice(20);
    await observe(dropped.map((box, i) => ({ box, day: 10 + i })));
    await respond(dropped.map((box, i) => ({ box, day: 12 - i })));
    await expectKeptEqualsRecomputed('visits in the grid to drop');
    const del = await kit.call('PUT', '/delete_grid', a.admin.auth, { grid_id: gridToDrop });
    expect(del.statusCode, del.body).toBe(200);
    await expectKeptEqualsRecomputed('grid deleted: its boxes, observations and responses cascade');
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM box_last_visits WHERE grid_box_id = ANY (${dropped})`.execute(t.app.db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('equals the full recomputation after concurrent writes to the same boxes', async () => {
    const shared = boxes.slice(0, 6);
    let seed = 19;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const retryable = (e: unknown) => ['40P01', '40001', '23505'].includes((e as { code?: string }).code ?? '');
    async function writer(round: number) {
      for (;;) {
        try {
          await t.app.db.transaction().execute(async (trx) => {
            const kind = rand(5);
            const box = shared[rand(shared.length)]!;
            if (kind === 0) {
              await trx.insertInto('problem_observations')
                .values([0, 1, 2].map((i) => ({ company_id: a.companyId, problem: 'Mites', grid_box_id: shared[(round + i) % shared.length]!, source: 'scan' as const, observed_at: at(40 + rand(30)), observed_by: a.regular.user_id })))
                .execute();
            } else if (kind === 1) {
              await trx.insertInto('form_responses').values({ company_id: a.companyId, template_id: template, submitted_by: a.admin.user_id, grid_box_id: box, observed_at: at(40 + rand(30)) }).execute();
            } else if (kind === 2) {
              const newest = await trx.selectFrom('problem_observations').select('observation_id').where('grid_box_id', '=', box).orderBy('observed_at', 'desc').limit(1).executeTakeFirst();
              if (newest) await trx.deleteFrom('problem_observations').where('observation_id', '=', newest.observation_id).execute();
            } else if (kind === 3) {
              await trx.updateTable('problem_observations').set({ observed_at: at(rand(80)) }).where('grid_box_id', '=', box).execute();
            } else {
              await trx.deleteFrom('form_responses').where('grid_box_id', '=', box).where('response_id', '=', (eb) => eb.selectFrom('form_responses').select((s) => s.fn.max('response_id').as('m')).where('grid_box_id', '=', box)).execute();
            }
          });
          return;
        } catch (e) {
          if (!retryable(e)) throw e;
        }
      }
    }
    for (let wave = 0; wave < 6; wave++) {
      await Promise.all(Array.from({ length: 8 }, (_, i) => writer(wave * 8 + i)));
      await expectKeptEqualsRecomputed(`concurrent wave ${wave}`);
    }
    // The other company's rows were never touched by these writes.
    await t.app.db.insertInto('form_responses').values({ company_id: b.companyId, template_id: templateB, submitted_by: b.regular.user_id, grid_box_id: boxesB[1]!, observed_at: at(3) }).execute();
    await expectKeptEqualsRecomputed('another company');
  });
});
