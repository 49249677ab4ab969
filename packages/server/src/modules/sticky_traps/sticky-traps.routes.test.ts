import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import type { Tenant } from '../../test/fixtures/facility-test-kit.js';
import { scoutingPlace } from '../../test/fixtures/form-responses.test-kit.js';
import { addDays, DAY_MS, utcDate } from '@verdant/contract';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let place: Awaited<ReturnType<typeof scoutingPlace>>;
const day = (offset: number) => addDays(utcDate(), offset);

const get = (path: string, headers: object, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: headers as Record<string, string>, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

async function trapReading(box: number, whiteflies: number | string, thrips: number | string, daysAgo: number) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/submit_form', headers: a.regular.auth,
    payload: {
      submittedBy: a.regular.user_id, GridBoxID: box, submittedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
      fieldResponses: [{ fieldID: place.traps.field.Whiteflies, inputData: whiteflies }, { fieldID: place.traps.field.Thrips, inputData: thrips }],
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().response_id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  place = await scoutingPlace(t.app, a);
  await trapReading(place.boxes[0]!, 4, 1, 14);
  await trapReading(place.boxes[0]!, 10, '', 7);
  await trapReading(place.boxes[0]!, 25, 5, 0);
  await trapReading(place.boxes[1]!, 2, 0, 3);
});
afterAll(() => t.close());

describe('sticky traps', () => {
  it('says whether a box has a reading and gives its latest', async () => {
    const yes = await get('/check_for_stickytrap', a.regular.auth, { GridBoxID: place.boxes[0]! });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toMatchObject({ status: 'success', has_submission: true, latest: { total: 30, counts: [{ FieldName: 'Whiteflies', count: 25 }, { FieldName: 'Thrips', count: 5 }] } });
    const no = await get('/check_for_stickytrap', a.regular.auth, { GridBoxID: place.boxes[2]! });
    expect(no.json()).toMatchObject({ has_submission: false, latest: null });
    expect((await get('/check_for_stickytrap', a.regular.auth, {})).json().message).toBe('GridBoxID is required.');
  });

  it('lists a box’s readings in a range, oldest first, skipping blank counts', async () => {
    const res = await get('/get_field_responses_by_gridbox_date/stickytraps', a.regular.auth, { GridBoxID: place.boxes[0]!, start_date: day(-10), end_date: day(0) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responses.map((r: { total: number }) => r.total)).toEqual([10, 30]);
    expect(res.json().responses[0].counts).toHaveLength(1);
    const bad = await get('/get_field_responses_by_gridbox_date/stickytraps', a.regular.auth, { GridBoxID: place.boxes[0]!, start_date: 'last week', end_date: day(0) });
    expect(bad.json()).toMatchObject({ message: 'start_date must be a date as YYYY-MM-DD.' });
  });

  it('gives each box’s latest reading of a grid, within the days given', async () => {
    const all = await get('/get_sticky_trap_responses_grid', a.regular.auth, { GridID: place.gridId });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().boxes.map((r: { GridBoxID: number; total: number }) => [r.GridBoxID, r.total])).toEqual([[place.boxes[0], 30], [place.boxes[1], 2]]);
    const older = await get('/get_sticky_trap_responses_grid', a.regular.auth, { GridID: place.gridId, start_date: day(-20), end_date: day(-5) });
    expect(older.json().boxes.map((r: { total: number }) => r.total)).toEqual([10]);
  });

  it('answers 404 for another company’s grid or box', async () => {
    expect((await get('/check_for_stickytrap', b.regular.auth, { GridBoxID: place.boxes[0]! })).statusCode).toBe(404);
    expect((await get('/get_field_responses_by_gridbox_date/stickytraps', b.regular.auth, { GridBoxID: place.boxes[0]!, start_date: day(-10), end_date: day(0) })).statusCode).toBe(404);
    expect((await get('/get_sticky_trap_responses_grid', b.regular.auth, { GridID: place.gridId })).statusCode).toBe(404);
  });
});
