import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mondayOf, reportsMessages as msg, utcDate } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { addObservation, makePlace, type ScoutedPlace } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { resolveRange } from './report-range.js';
import { countsByProblem, run } from './trends.repository.js';
import { toSeries } from './reports.mapper.js';

/**
 * One fixed data set, counted by hand (UTC days). The five weeks of 2026-02-23 (Mon) .. 2026-03-29 (Sun):
 *
 *   #  problem   when (UTC)             place            severity  notes
 *   1  Aphids    Sun 03-01 23:59:59     grid A (no room)  2        last second of week 02-23
 *   2  Aphids    Mon 03-02 00:00:00     grid A            4        first second of week 03-02
 *   3  aphids    Mon 03-02 12:00        room B            –        other spelling, other room
 *   4  Thrips    Sun 03-08 23:30        grid A            3        Mon 00:30 in Amsterdam
 *   5  Thrips    Mon 03-16 10:00        grid A            4
 *   6  Thrips    Tue 03-17 10:00        grid A            2        dismissed: never counted
 *   7  Mildew    Fri 03-20 10:00        grid A            –        of batch X
 *   8  Aphids    Sun 02-22 23:00        grid A            –        before the range (in it in Amsterdam)
 *   9  Aphids    Sun 03-29 23:59        grid A            3        last minute of the range (after it in Amsterdam, CEST)
 *  10  Aphids    Mon 03-30 00:00        grid A            –        after the range
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
let empty: Tenant;
let roomA: ScoutedPlace;
let roomB: ScoutedPlace;
let spareGridA: number;
let batchX: number;
let batchOfB: number;
let fields: Record<string, number>;
let templateId: number;
const { call } = facilityKit(() => t.app);
const RANGE = { date_option: 'date_range', start_date: '2026-02-23', end_date: '2026-03-29' };
const WEEKS = ['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'];
const at = (iso: string) => new Date(iso);

const get = (path: string, auth: object, query: Record<string, string | number>) => call('GET', path, auth, query);
type Series = { key: string; label: string; total: number; points: Array<{ bucket: string; value: number }> };
const values = (series: Series[], key: string) => series.find((s) => s.key === key)?.points.map((p) => p.value);

async function makeBatch(companyId: number, number: string, start: string | null, end: string | null) {
  const row = await t.app.db
    .insertInto('batches')
    .values({ company_id: companyId, batch_number: number, start_date: start, end_date: end })
    .returning('batch_id')
    .executeTakeFirstOrThrow();
  return row.batch_id;
}

async function answer(companyId: number, fieldId: number, when: string, input: string, roomId: number | null = null) {
  const r = await t.app.db
    .insertInto('form_responses')
    .values({ company_id: companyId, template_id: templateId, observed_at: at(when), room_id: roomId })
    .returning('response_id')
    .executeTakeFirstOrThrow();
  await t.app.db.insertInto('field_responses').values({ company_id: companyId, response_id: r.response_id, field_id: fieldId, input_data: input }).execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  empty = await makeTenant(t.app);
  roomA = await makePlace(t.app, a.companyId, 2, 2, 'Room A');
  roomB = await makePlace(t.app, a.companyId, 1, 1, 'Room B');
  const spare = await t.app.db.insertInto('grids').values({ company_id: a.companyId, name: 'Spare gutter', nx: 1, ny: 1 }).returning('grid_id').executeTakeFirstOrThrow();
  spareGridA = spare.grid_id;
  await t.app.db.insertInto('room_grid').values({ company_id: a.companyId, room_id: roomA.roomId, grid_id: spareGridA }).execute();
  batchX = await makeBatch(a.companyId, 'X-1', '2026-03-01', '2026-03-31');
  batchOfB = await makeBatch(b.companyId, 'B-1', null, null);

  const inGridA = { companyId: a.companyId, gridId: roomA.gridId, boxId: roomA.box(1, 1) };
  await addObservation(t.app, { ...inGridA, problem: 'Aphids', observedAt: at('2026-03-01T23:59:59Z'), severity: 2 });
  await addObservation(t.app, { ...inGridA, problem: 'Aphids', observedAt: at('2026-03-02T00:00:00Z'), severity: 4 });
  await addObservation(t.app, { companyId: a.companyId, roomId: roomB.roomId, problem: 'aphids', observedAt: at('2026-03-02T12:00:00Z') });
  await addObservation(t.app, { ...inGridA, problem: 'Thrips', observedAt: at('2026-03-08T23:30:00Z'), severity: 3 });
  await addObservation(t.app, { ...inGridA, problem: 'Thrips', observedAt: at('2026-03-16T10:00:00Z'), severity: 4 });
  await addObservation(t.app, { ...inGridA, problem: 'Thrips', observedAt: at('2026-03-17T10:00:00Z'), severity: 2, status: 'dismissed' });
  const mildew = await addObservation(t.app, { ...inGridA, problem: 'Mildew', observedAt: at('2026-03-20T10:00:00Z') });
  await t.app.db.updateTable('problem_observations').set({ batch_id: batchX }).where('observation_id', '=', mildew).execute();
  await addObservation(t.app, { ...inGridA, problem: 'Aphids', observedAt: at('2026-02-22T23:00:00Z') });
  await addObservation(t.app, { ...inGridA, problem: 'Aphids', observedAt: at('2026-03-29T23:59:00Z'), severity: 3 });
  await addObservation(t.app, { ...inGridA, problem: 'Aphids', observedAt: at('2026-03-30T00:00:00Z') });
  await addObservation(t.app, { companyId: b.companyId, problem: 'Marker pest of B', observedAt: at('2026-03-04T10:00:00Z') });

  const template = await makeTemplate(t.app, a.companyId, 'Scouting', 'scouting', [
    ['Trap count', 'number', [], false],
    ['Vigour', 'select', ['low', 'high'], false],
    ['Pests seen', 'multi-select', ['mites', 'flies'], false],
    ['Photo', 'photo', [], false],
  ]);
  templateId = template.templateId;
  fields = template.field;
  await answer(a.companyId, fields['Trap count']!, '2026-03-03T08:00:00Z', '2', roomA.roomId);
  await answer(a.companyId, fields['Trap count']!, '2026-03-04T08:00:00Z', ' 4 ', roomA.roomId);
  await answer(a.companyId, fields['Trap count']!, '2026-03-05T08:00:00Z', 'n/a', roomA.roomId);
  await answer(a.companyId, fields['Trap count']!, '2026-03-17T08:00:00Z', '1.5', roomB.roomId);
  await answer(a.companyId, fields['Vigour']!, '2026-03-03T08:00:00Z', 'low');
  await answer(a.companyId, fields['Vigour']!, '2026-03-10T08:00:00Z', 'high');
  await answer(a.companyId, fields['Vigour']!, '2026-03-11T08:00:00Z', 'low');
  await answer(a.companyId, fields['Pests seen']!, '2026-03-03T08:00:00Z', '["mites","flies"]');
  await answer(a.companyId, fields['Pests seen']!, '2026-03-24T08:00:00Z', 'mites');
});
afterAll(() => t.close());

describe('GET /get_trends_report_graph', () => {
  it('counts observations per problem in Monday weeks, the week boundaries to the second (hand-counted)', async () => {
    const res = await get('/get_trends_report_graph', a.regular.auth, { company_id: a.companyId, ...RANGE });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.range).toEqual({
      date_option: 'date_range', start_date: '2026-02-23', end_date: '2026-03-29',
      granularity: 'week', bucket_days: 7, time_zone: 'UTC', buckets: WEEKS,
    });
    expect(body.series.map((s: Series) => [s.key, s.label, s.total])).toEqual([['aphids', 'Aphids', 4], ['thrips', 'Thrips', 2], ['mildew', 'Mildew', 1]]);
    expect(values(body.series, 'aphids')).toEqual([1, 2, 0, 0, 1]);
    expect(values(body.series, 'thrips')).toEqual([0, 1, 0, 1, 0]);
    expect(values(body.series, 'mildew')).toEqual([0, 0, 0, 1, 0]);
    expect(body.series[0].points[1]).toEqual({ bucket: '2026-03-02', value: 2 });
    expect(res.body).not.toContain('Marker');
  });

  it('keeps to the rooms given: a room’s grids count for it', async () => {
    const res = await get('/get_trends_report_graph', a.admin.auth, { company_id: a.companyId, room_ids: String(roomA.roomId), ...RANGE });
    expect(values(res.json().series, 'aphids')).toEqual([1, 1, 0, 0, 1]);
    const both = await get('/get_trends_report_graph', a.admin.auth, { company_id: a.companyId, room_ids: `${roomA.roomId},${roomB.roomId}`, ...RANGE });
    expect(values(both.json().series, 'aphids')).toEqual([1, 2, 0, 0, 1]);
  });

  it('draws a range of up to 31 days by day', async () => {
    const res = await get('/get_trends_report_graph', a.admin.auth, { company_id: a.companyId, date_option: 'date_range', start_date: '2026-03-01', end_date: '2026-03-03' });
    const body = res.json();
    expect(body.range).toMatchObject({ granularity: 'day', bucket_days: 1, buckets: ['2026-03-01', '2026-03-02', '2026-03-03'] });
    expect(values(body.series, 'aphids')).toEqual([1, 2, 0]);
  });

  it('coarsens the longest possible range to at most 2,000 whole-week buckets', async () => {
    const res = await get('/get_trends_report_graph', a.admin.auth, { company_id: a.companyId, date_option: 'date_range', start_date: '0001-01-01', end_date: '9999-12-31' });
    expect(res.statusCode, res.body).toBe(200);
    const { range, series } = res.json();
    expect(range.buckets.length).toBeLessThanOrEqual(2000);
    expect(range.bucket_days % 7).toBe(0);
    expect(series.find((s: Series) => s.key === 'aphids').total).toBe(6);
  });

  it('batch_related_date counts only observations of a batch', async () => {
    const res = await get('/get_trends_report_graph', a.admin.auth, { company_id: a.companyId, ...RANGE, date_option: 'batch_related_date' });
    expect(res.json().series.map((s: Series) => [s.key, s.total])).toEqual([['mildew', 1]]);
  });

  it('weeks_ago 0 is this week (Monday to Sunday) by day; weeks_ago 1 adds the week before', async () => {
    const today = utcDate();
    const monday = mondayOf(today);
    const lastSunday = new Date(`${addDays(monday, -1)}T23:59:59.999Z`);
    await addObservation(t.app, { companyId: empty.companyId, problem: 'Now', observedAt: new Date() });
    await addObservation(t.app, { companyId: empty.companyId, problem: 'Now', observedAt: lastSunday });
    try {
      const res = await get('/get_trends_report_graph', empty.regular.auth, { company_id: empty.companyId, date_option: 'weeks_ago', weeks_ago: 0 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.range).toMatchObject({ date_option: 'weeks_ago', start_date: monday, end_date: addDays(monday, 6), granularity: 'day' });
      expect(body.range.buckets).toHaveLength(7);
      expect(body.series).toHaveLength(1);
      expect(body.series[0].total).toBe(1);
      expect(body.series[0].points.find((p: { bucket: string }) => p.bucket === today).value).toBe(1);
      const two = await get('/get_trends_report_graph', empty.regular.auth, { company_id: empty.companyId, date_option: 'weeks_ago', weeks_ago: 1 });
      expect(two.json().range).toMatchObject({ start_date: addDays(monday, -7), end_date: addDays(monday, 6) });
      expect(two.json().series[0].total).toBe(2);
    } finally {
      await t.app.db.deleteFrom('problem_observations').where('company_id', '=', empty.companyId).execute();
    }
  });

  it('answers an empty company with its buckets and no series', async () => {
    const res = await get('/get_trends_report_graph', empty.admin.auth, { company_id: empty.companyId, ...RANGE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', series: [], range: { buckets: WEEKS } });
  });

  it.each([
    [{}, msg.invalidDateOption, 'date_option'],
    [{ date_option: 'last_month' }, msg.invalidDateOption, 'date_option'],
    [{ date_option: 'weeks_ago' }, msg.weeksAgoRequired, 'weeks_ago'],
    [{ date_option: 'date_range', end_date: '2026-03-01' }, msg.startDateRequired, 'start_date'],
    [{ date_option: 'batch_related_date', start_date: '2026-03-01' }, msg.endDateRequired, 'end_date'],
    [{ date_option: 'date_range', start_date: '2026-03-02', end_date: '2026-03-01' }, msg.dateOrder, 'end_date'],
    [{ date_option: 'date_range', start_date: '2026-02-30', end_date: '2026-03-01' }, 'start_date must be a real calendar date.', 'start_date'],
    [{ date_option: 'weeks_ago', weeks_ago: -1 }, 'weeks_ago must be 0 or more.', 'weeks_ago'],
    [{ date_option: 'weeks_ago', weeks_ago: 2 ** 31 }, 'weeks_ago must be at most 2147483647.', 'weeks_ago'],
    [{ ...RANGE, room_ids: '1,abc' }, 'room_ids.1 must be a number.', 'room_ids.1'],
    [{ ...RANGE, room_ids: String(2 ** 31) }, 'room_ids.0 must be at most 2147483647.', 'room_ids.0'],
  ])('refuses %j: %s', async (query, message, field) => {
    const res = await get('/get_trends_report_graph', a.admin.auth, { company_id: a.companyId, ...query });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message, field });
  });

  it('refuses another company (403) and its rooms (404); needs a token', async () => {
    expect((await get('/get_trends_report_graph', b.admin.auth, { company_id: a.companyId, ...RANGE })).statusCode).toBe(403);
    const res = await get('/get_trends_report_graph', b.admin.auth, { company_id: b.companyId, room_ids: String(roomA.roomId), ...RANGE });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Aphids');
    expect((await get('/get_trends_report_graph', {}, { company_id: a.companyId, ...RANGE })).statusCode).toBe(401);
  });
});

describe('time zones around midnight', () => {
  it('counts a day from the zone’s midnight: Sunday 23:30 UTC is Monday in Amsterdam, and DST moves the last minute out', async () => {
    const range = resolveRange(RANGE, { options: ['date_range'] }, 'Europe/Amsterdam');
    const rows = await run(t.app.db, countsByProblem({ companyId: a.companyId, range }));
    const series = toSeries(range, rows);
    // #8 (02-22 23:00Z = 02-23 00:00 CET) enters; #1 and #2 share week 03-02; #4 moves to week 03-09; #9 (03-30 01:59 CEST) leaves.
    expect(values(series, 'aphids')).toEqual([1, 3, 0, 0, 0]);
    expect(values(series, 'thrips')).toEqual([0, 0, 1, 1, 0]);
    expect(values(series, 'mildew')).toEqual([0, 0, 0, 1, 0]);
  });
});

describe('GET /get_trends_cumulative_report_graph', () => {
  it('adds up each problem bucket by bucket, in one room', async () => {
    const res = await get('/get_trends_cumulative_report_graph', a.regular.auth, { company_id: a.companyId, ...RANGE });
    expect(values(res.json().series, 'aphids')).toEqual([1, 3, 3, 3, 4]);
    const inB = await get('/get_trends_cumulative_report_graph', a.regular.auth, { company_id: a.companyId, room_id: roomB.roomId, ...RANGE });
    expect(inB.json().series).toEqual([expect.objectContaining({ key: 'aphids', total: 1 })]);
    expect(values(inB.json().series, 'aphids')).toEqual([0, 1, 1, 1, 1]);
  });

  it.each([
    [{ date_option: 'batch_related_date', start_date: '2026-03-01', end_date: '2026-03-02' }, msg.invalidDateOption],
    [{ date_option: 'weeks_ago', weeks_ago: 0 }, msg.cumulativeWeeksAgo],
    [{ date_option: 'weeks_ago' }, msg.weeksAgoRequired],
  ])('refuses %j', async (query, message) => {
    const res = await get('/get_trends_cumulative_report_graph', a.regular.auth, { company_id: a.companyId, ...query });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses another company’s room', async () => {
    expect((await get('/get_trends_cumulative_report_graph', b.regular.auth, { company_id: b.companyId, room_id: roomA.roomId, ...RANGE })).statusCode).toBe(404);
    expect((await get('/get_trends_cumulative_report_graph', b.regular.auth, { company_id: a.companyId, ...RANGE })).statusCode).toBe(403);
  });
});

describe('GET /get_problem_trends', () => {
  it('answers trends over the dates given, and over this week and the 3 before without them', async () => {
    const res = await get('/get_problem_trends', a.regular.auth, { company_id: a.companyId, start_date: '2026-02-23', end_date: '2026-03-29' });
    expect(res.statusCode, res.body).toBe(200);
    expect(values(res.json().trends, 'aphids')).toEqual([1, 2, 0, 0, 1]);
    const recent = await get('/get_problem_trends', a.regular.auth, { company_id: a.companyId });
    const monday = mondayOf(utcDate());
    expect(recent.json().range).toMatchObject({ date_option: 'weeks_ago', start_date: addDays(monday, -21), end_date: addDays(monday, 6), granularity: 'day' });
  });

  it('refuses half a range and another company', async () => {
    const res = await get('/get_problem_trends', a.regular.auth, { company_id: a.companyId, start_date: '2026-02-23' });
    expect(res.json()).toMatchObject({ message: msg.endDateRequired, field: 'end_date' });
    expect((await get('/get_problem_trends', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });
});

describe('GET /get_specific_trends', () => {
  it("covers the batch's own days without a date option, by day", async () => {
    const res = await get('/get_specific_trends', a.regular.auth, { company_id: a.companyId, batch_id: batchX });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.batch).toEqual({ batch_id: batchX, BatchNumber: 'X-1' });
    expect(body.range).toMatchObject({ date_option: 'batch_related_date', start_date: '2026-03-01', end_date: '2026-03-31', granularity: 'day' });
    expect(body.series).toHaveLength(1);
    expect(body.series[0].points.find((p: { value: number }) => p.value > 0)).toEqual({ bucket: '2026-03-20', value: 1 });
  });

  it('filters by form template and photos (observations written without a response match neither)', async () => {
    const byForm = await get('/get_specific_trends', a.regular.auth, { company_id: a.companyId, batch_id: batchX, specificForm: templateId, ...RANGE });
    expect(byForm.json().series).toEqual([]);
    const photos = await get('/get_specific_trends', a.regular.auth, { company_id: a.companyId, batch_id: batchX, include_images_only: 'true', ...RANGE });
    expect(photos.json().series).toEqual([]);
    const category = await get('/get_specific_trends', a.regular.auth, { company_id: a.companyId, batch_id: batchX, form_category: 'scouting', ...RANGE });
    expect(category.statusCode).toBe(200);
  });

  it('needs batch_id; refuses another company’s batch, template and room', async () => {
    const missing = await get('/get_specific_trends', a.regular.auth, { company_id: a.companyId });
    expect(missing.json()).toMatchObject({ message: 'batch_id is required.', field: 'batch_id' });
    expect((await get('/get_specific_trends', a.regular.auth, { company_id: a.companyId, batch_id: batchOfB })).statusCode).toBe(404);
    expect((await get('/get_specific_trends', b.regular.auth, { company_id: b.companyId, batch_id: batchOfB, specificForm: templateId })).statusCode).toBe(404);
    expect((await get('/get_specific_trends', b.regular.auth, { company_id: b.companyId, batch_id: batchOfB, room_id: roomA.roomId })).statusCode).toBe(404);
    expect((await get('/get_specific_trends', b.regular.auth, { company_id: a.companyId, batch_id: batchX })).statusCode).toBe(403);
  });
});

describe('GET /get_trends_with_severity', () => {
  it('answers the mean and highest severity per bucket, null where none was rated', async () => {
    const res = await get('/get_trends_with_severity', a.regular.auth, { company_id: a.companyId, ...RANGE });
    expect(res.statusCode, res.body).toBe(200);
    const aphids = res.json().series.find((s: Series) => s.key === 'aphids');
    expect(aphids).toMatchObject({ total: 4, average: 3 });
    expect(aphids.points).toEqual([
      { bucket: '2026-02-23', value: 2, max: 2, count: 1 },
      { bucket: '2026-03-02', value: 4, max: 4, count: 2 },
      { bucket: '2026-03-09', value: null, max: null, count: 0 },
      { bucket: '2026-03-16', value: null, max: null, count: 0 },
      { bucket: '2026-03-23', value: 3, max: 3, count: 1 },
    ]);
    const thrips = await get('/get_trends_with_severity', a.regular.auth, { company_id: a.companyId, problem: 'THRIPS', ...RANGE });
    expect(thrips.json().series).toEqual([expect.objectContaining({ key: 'thrips', total: 2, average: 3.5 })]);
    const ofBatch = await get('/get_trends_with_severity', a.regular.auth, { company_id: a.companyId, batch_id: batchX, ...RANGE });
    expect(ofBatch.json().series).toEqual([expect.objectContaining({ key: 'mildew', average: null })]);
  });

  it('refuses a bad date option, another company and its batch', async () => {
    expect((await get('/get_trends_with_severity', a.regular.auth, { company_id: a.companyId, date_option: 'x' })).json().message).toBe(msg.invalidDateOption);
    expect((await get('/get_trends_with_severity', a.regular.auth, { company_id: a.companyId, batch_id: batchOfB })).statusCode).toBe(404);
    expect((await get('/get_trends_with_severity', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });
});

describe('GET /get_single_problem_trend', () => {
  it('answers one series per room for one problem, any spelling', async () => {
    const res = await get('/get_single_problem_trend', a.regular.auth, { company_id: a.companyId, problem: 'APHIDS', ...RANGE });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.problem).toBe('APHIDS');
    expect(body.series.map((s: Series) => [s.label, s.total])).toEqual([['Room A', 3], ['Room B', 1]]);
    expect(values(body.series, String(roomA.roomId))).toEqual([1, 1, 0, 0, 1]);
    expect(values(body.series, String(roomB.roomId))).toEqual([0, 1, 0, 0, 0]);
  });

  it('lists every room asked about, a quiet one at zero', async () => {
    const res = await get('/get_single_problem_trend', a.regular.auth, { company_id: a.companyId, problem: 'Mildew', room_ids: `${roomA.roomId},${roomB.roomId}`, ...RANGE });
    expect(res.json().series.map((s: Series) => [s.label, s.total])).toEqual([['Room A', 1], ['Room B', 0]]);
  });

  it('needs a problem; refuses another company’s rooms', async () => {
    expect((await get('/get_single_problem_trend', a.regular.auth, { company_id: a.companyId })).json().message).toBe('problem is required.');
    expect((await get('/get_single_problem_trend', b.regular.auth, { company_id: b.companyId, problem: 'Aphids', room_ids: String(roomA.roomId) })).statusCode).toBe(404);
    expect((await get('/get_single_problem_trend', b.regular.auth, { company_id: a.companyId, problem: 'Aphids' })).statusCode).toBe(403);
  });
});

describe('GET /get_gutter_trends', () => {
  it("answers each gutter of the rooms for the problems given, 'NULL' meaning every batch", async () => {
    const res = await get('/get_gutter_trends', a.regular.auth, {
      company_id: a.companyId, batch_id: 'NULL', room_ids: String(roomA.roomId), plant_problems: 'aphids,Thrips', ...RANGE,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.map((g: { label: string; total: number }) => [g.label, g.total])).toEqual([['Room A grid', 5], ['Spare gutter', 0]]);
    expect(data[0]).toMatchObject({
      grid_id: roomA.gridId, room_id: roomA.roomId, room_name: 'Room A',
      by_problem: [{ problem: 'aphids', count: 3 }, { problem: 'Thrips', count: 2 }],
    });
    expect(data[0].points.map((p: { value: number }) => p.value)).toEqual([1, 2, 0, 1, 1]);
    expect(data[1].points.every((p: { value: number }) => p.value === 0)).toBe(true);
    const ofBatch = await get('/get_gutter_trends', a.regular.auth, {
      company_id: a.companyId, batch_id: batchX, room_ids: String(roomA.roomId), plant_problems: 'Mildew,Aphids', ...RANGE,
    });
    expect(ofBatch.json().data[0].by_problem).toEqual([{ problem: 'Mildew', count: 1 }, { problem: 'Aphids', count: 0 }]);
  });

  it.each([
    [{ plant_problems: 'Aphids' }, 'room_ids is required.'],
    [{ room_ids: ' , ', plant_problems: 'Aphids' }, msg.roomsRequired],
    [{ room_ids: '1' }, 'plant_problems is required.'],
    [{ room_ids: '1', plant_problems: ',' }, msg.problemsRequired],
    [{ room_ids: '1', plant_problems: 'Aphids', batch_id: 'none' }, 'batch_id must be a number.'],
  ])('refuses %j', async (query, message) => {
    const res = await get('/get_gutter_trends', a.regular.auth, { company_id: a.companyId, ...query });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses another company’s rooms and batch', async () => {
    const q = { room_ids: String(roomA.roomId), plant_problems: 'Aphids' };
    expect((await get('/get_gutter_trends', b.regular.auth, { company_id: b.companyId, ...q })).statusCode).toBe(404);
    expect((await get('/get_gutter_trends', a.regular.auth, { company_id: a.companyId, ...q, batch_id: batchOfB })).statusCode).toBe(404);
    expect((await get('/get_gutter_trends', b.regular.auth, { company_id: a.companyId, ...q })).statusCode).toBe(403);
  });
});

describe('GET /get_field_responses_report', () => {
  it('charts a number field as average, total and count; answers that are not numbers are left out', async () => {
    const res = await get('/get_field_responses_report', a.regular.auth, { company_id: a.companyId, FieldID: fields['Trap count']!, ...RANGE });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.field).toEqual({ FieldID: fields['Trap count'], FieldName: 'Trap count', FieldType: 'number' });
    expect(values(body.grouped_data, 'average')).toEqual([0, 3, 0, 1.5, 0]);
    expect(values(body.grouped_data, 'total')).toEqual([0, 6, 0, 1.5, 0]);
    expect(values(body.grouped_data, 'count')).toEqual([0, 2, 0, 1, 0]);
    const inA = await get('/get_field_responses_report', a.regular.auth, { company_id: a.companyId, FieldID: fields['Trap count']!, room_id: roomA.roomId, ...RANGE });
    expect(values(inA.json().grouped_data, 'total')).toEqual([0, 6, 0, 0, 0]);
  });

  it('charts a choice field as one series per answer, list answers item by item', async () => {
    const vigour = await get('/get_field_responses_report', a.regular.auth, { company_id: a.companyId, FieldID: fields['Vigour']!, ...RANGE });
    expect(vigour.json().grouped_data.map((s: Series) => [s.key, s.total])).toEqual([['low', 2], ['high', 1]]);
    expect(values(vigour.json().grouped_data, 'low')).toEqual([0, 1, 1, 0, 0]);
    const pests = await get('/get_field_responses_report', a.regular.auth, { company_id: a.companyId, FieldID: fields['Pests seen']!, ...RANGE });
    expect(pests.json().grouped_data.map((s: Series) => [s.key, s.total])).toEqual([['mites', 2], ['flies', 1]]);
  });

  it('refuses a photo field, another company’s field, room and batch', async () => {
    const photo = await get('/get_field_responses_report', a.regular.auth, { company_id: a.companyId, FieldID: fields['Photo']!, ...RANGE });
    expect(photo.json()).toMatchObject({ message: msg.fieldNotReportable, field: 'FieldID' });
    expect((await get('/get_field_responses_report', b.regular.auth, { company_id: b.companyId, FieldID: fields['Vigour']! })).statusCode).toBe(404);
    const q = { company_id: a.companyId, FieldID: fields['Vigour']! };
    expect((await get('/get_field_responses_report', a.regular.auth, { ...q, batchid: batchOfB })).statusCode).toBe(404);
    const roomOfB = await makePlace(t.app, b.companyId, 1, 1, 'B room');
    expect((await get('/get_field_responses_report', a.regular.auth, { ...q, room_id: roomOfB.roomId })).statusCode).toBe(404);
    expect((await get('/get_field_responses_report', b.regular.auth, q)).statusCode).toBe(403);
    expect((await get('/get_field_responses_report', a.regular.auth, { company_id: a.companyId })).json().message).toBe('FieldID is required.');
  });
});

describe('GET /get_treatment_effectiveness_report', () => {
  it('answers an empty, well-formed report until treatments are recorded', async () => {
    const res = await get('/get_treatment_effectiveness_report', a.regular.auth, { company_id: a.companyId, weeks_after: 4, ...RANGE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', weeks_before: 2, weeks_after: 4, data: [], range: { buckets: WEEKS } });
  });

  it('checks its inputs as it will with data', async () => {
    expect((await get('/get_treatment_effectiveness_report', a.regular.auth, { company_id: a.companyId, weeks_before: 9 })).json().message).toBe('weeks_before must be at most 8.');
    expect((await get('/get_treatment_effectiveness_report', a.regular.auth, { company_id: a.companyId, date_option: 'yesterday' })).json().message).toBe(msg.invalidDateOption);
    expect((await get('/get_treatment_effectiveness_report', b.regular.auth, { company_id: b.companyId, room_ids: String(roomA.roomId) })).statusCode).toBe(404);
    expect((await get('/get_treatment_effectiveness_report', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });
});
