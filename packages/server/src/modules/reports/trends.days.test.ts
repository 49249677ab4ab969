import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import type { ReportRange } from '@verdant/contract';
import { resolveRange } from './report-range.js';
import { answeredByDays, countsByProblem, countsByProblemFromDays, countsByProblemFromObservations, run, type CountRow } from './trends.repository.js';
import { listObservations } from '../unresolved_problems/observation-list.service.js';
import { compactObservationDays } from './observation-days.repository.js';

/**
 * problem_observation_days (kept by triggers on problem_observations) must answer what counting the
 * observations answers, after every kind of write: inserts of many rows at once, status changes, a problem
 * renamed, an observation moved to another day, deletes and the deletes cascaded from a room; and after
 * its rows are compacted.
 */
let t: TestApp;
let companyId: number;
let otherId: number;
let rooms: number[];

const PROBLEMS = ['Aphids', 'aphids', 'Thrips', 'Powdery mildew', 'Whitefly'];
const STATUSES = ['open', 'open', 'resolved', 'dismissed'];
const DAYS = 800;
const TODAY = '2026-11-20';

/** The company's observations of a status (all without one), as the overview's list answers its total. */
const totalOf = async (company: number, status?: 'open' | 'resolved' | 'dismissed') =>
  (await listObservations(t.app, { user_id: 0, company_id: company, user_role: 'Admin' }, { company_id: company, status, limit: 1, offset: 0, sort_order: 'desc' })).total_count;

/** n observations spread over the DAYS before TODAY (a few at 23:59:59 and 00:00:00 UTC, the day's edges), seeded. */
async function addObservations(company: number, roomIds: number[], n: number, seed: number) {
  await sql`
    INSERT INTO problem_observations (company_id, problem, room_id, source, observed_at, status)
    SELECT ${company}, (${PROBLEMS}::text[])[1 + (i * 7 + ${seed}) % ${PROBLEMS.length}],
           (${roomIds}::int[])[1 + (i * 5 + ${seed}) % ${roomIds.length}], 'form',
           ${TODAY}::date::timestamp AT TIME ZONE 'UTC' - ((i * 7919 + ${seed}) % ${DAYS}) * interval '1 day'
             + CASE i % 5 WHEN 0 THEN interval '23:59:59' WHEN 1 THEN interval '0' ELSE ((i * 104729) % 86400) * interval '1 second' END,
           (${STATUSES}::text[])[1 + (i * 13 + ${seed}) % ${STATUSES.length}]
    FROM generate_series(1, ${n}) i`.execute(t.app.db);
}

const sorted = (rows: CountRow[]) => rows.map((r) => `${r.key}|${r.bucket}|${r.value}`).sort();

function ranges(): ReportRange[] {
  const all = { options: ['weeks_ago', 'date_range', 'batch_related_date'] as const };
  const now = new Date(`${TODAY}T12:00:00Z`);
  return [
    resolveRange({ date_option: 'weeks_ago', weeks_ago: 104 }, all, 'UTC', now),
    resolveRange({ date_option: 'weeks_ago', weeks_ago: 3 }, all, 'UTC', now),
    resolveRange({ date_option: 'date_range', start_date: '2025-01-15', end_date: '2026-03-04', granularity: 'week' }, all, 'UTC', now),
    resolveRange({ date_option: 'date_range', start_date: '2026-06-03', end_date: '2026-07-09', granularity: 'day' }, all, 'UTC', now),
    resolveRange({ date_option: 'date_range', start_date: '2020-01-01', end_date: '2027-01-01' }, all, 'UTC', now),
  ];
}

async function expectSameAnswers() {
  for (const company of [companyId, otherId]) {
    for (const range of ranges()) {
      const f = { companyId: company, range, batchOnly: false };
      expect(answeredByDays(f)).toBe(true);
      const fromDays = await run(t.app.db, countsByProblemFromDays(f));
      const fromObservations = await run(t.app.db, countsByProblemFromObservations(f));
      expect(fromObservations.length, `company ${company} ${range.start}..${range.end}`).toBeGreaterThan(0);
      expect(sorted(fromDays), `${range.start}..${range.end} ${range.granularity}`).toEqual(sorted(fromObservations));
    }
    for (const status of ['open', 'resolved', 'dismissed', undefined] as const) {
      const counted = await t.app.db.selectFrom('problem_observations').select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', company).$if(status !== undefined, (q) => q.where('status', '=', status!)).executeTakeFirstOrThrow();
      expect(await totalOf(company, status), `${status}`).toBe(Number(counted.n));
    }
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  companyId = (await makeTenant(t.app)).companyId;
  otherId = (await makeTenant(t.app)).companyId;
  rooms = [];
  for (const [company, names] of [[companyId, ['R1', 'R2', 'R3']], [otherId, ['S1']]] as const) {
    for (const name of names) {
      rooms.push((await t.app.db.insertInto('rooms').values({ company_id: company, name }).returning('room_id').executeTakeFirstOrThrow()).room_id);
    }
  }
  await addObservations(companyId, rooms.slice(0, 3), 3000, 1);
  await addObservations(otherId, rooms.slice(3), 500, 2);
}, 240_000);
afterAll(() => t?.close());

describe('problem_observation_days', () => {
  it('answers what counting the observations answers, after inserts of many rows at once', async () => {
    await expectSameAnswers();
  });

  it('follows status changes, renames, moves to another day and deletes', async () => {
    const db = t.app.db;
    await db.updateTable('problem_observations').set({ status: 'dismissed' }).where('company_id', '=', companyId).where(sql`observation_id % 7`, '=', 0).execute();
    await db.updateTable('problem_observations').set({ status: 'open' }).where('company_id', '=', companyId).where('status', '=', 'resolved').where(sql`observation_id % 5`, '=', 0).execute();
    await db.updateTable('problem_observations').set({ problem: 'Spider mites' }).where('company_id', '=', companyId).where(sql`observation_id % 11`, '=', 0).execute();
    await db.updateTable('problem_observations').set({ observed_at: sql`observed_at + interval '3 days 5 hours'` }).where(sql`observation_id % 13`, '=', 0).execute();
    await db.updateTable('problem_observations').set({ notes: 'no change to any count' }).where('company_id', '=', companyId).execute();
    await db.deleteFrom('problem_observations').where('company_id', '=', companyId).where(sql`observation_id % 17`, '=', 0).execute();
    await expectSameAnswers();
  });

  it('follows the observations a deleted room takes with it', async () => {
    const before = await totalOf(companyId);
    await t.app.db.deleteFrom('rooms').where('room_id', '=', rooms[1]!).execute();
    expect(await totalOf(companyId)).toBeLessThan(before);
    await expectSameAnswers();
  });

  it('stays right under concurrent writes of the same day and problems', async () => {
    const write = (i: number) => t.app.db.transaction().execute(async (trx) => {
      for (const problem of i % 2 ? ['Aphids', 'Thrips'] : ['Thrips', 'Aphids']) {
        await trx.insertInto('problem_observations')
          .values({ company_id: companyId, problem, room_id: rooms[0]!, source: 'form', observed_at: new Date(`${TODAY}T10:00:00Z`) }).execute();
      }
      await trx.updateTable('problem_observations').set({ status: 'resolved' })
        .where('company_id', '=', companyId).where('problem', '=', 'Thrips').where('observed_at', '=', new Date(`${TODAY}T10:00:00Z`)).where('status', '=', 'open')
        .execute();
    });
    // Writers only append rows: two transactions taking the same problems in opposite orders never wait on each other.
    await Promise.all(Array.from({ length: 8 }, (_, i) => write(i)));
    await expectSameAnswers();
  });

  it('answers the same once compacted to one row per company, day and problem, and compacting again folds nothing', async () => {
    const rowsOf = async () => (await t.app.db.selectFrom('problem_observation_days').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await rowsOf());
    expect(await compactObservationDays(t.app.db, companyId)).toBeGreaterThan(0);
    expect(await compactObservationDays(t.app.db, otherId)).toBeGreaterThanOrEqual(0);
    expect(Number(await rowsOf())).toBeLessThan(before);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM problem_observation_days GROUP BY company_id, day, problem HAVING count(*) > 1) k`.execute(t.app.db);
    expect(rows[0]!.n).toBe(0);
    expect(await compactObservationDays(t.app.db, companyId)).toBe(0);
    await expectSameAnswers();
  });

  it('answers only whole-company reports in UTC; anything narrower is counted on the observations', () => {
    const range = ranges()[0]!;
    const base = { companyId, range, batchOnly: false };
    expect(answeredByDays({ ...base, rooms: { roomIds: [rooms[0]!] } })).toBe(false);
    expect(answeredByDays({ ...base, batchOnly: true })).toBe(false);
    expect(answeredByDays({ ...base, problems: ['aphids'] })).toBe(false);
    expect(answeredByDays({ ...base, range: { ...range, timeZone: 'Europe/Amsterdam' } })).toBe(false);
    expect(countsByProblem(base).compile(t.app.db).sql).toContain('problem_observation_days');
    expect(countsByProblem({ ...base, batchOnly: true }).compile(t.app.db).sql).not.toContain('problem_observation_days');
  });
});
