import { beforeAll, describe, expect, it } from 'vitest';
import { addObservation, makePlace, type ScoutedPlace } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

const get = (auth: object, query: Record<string, string | number>) =>
  t.app.inject({
    method: 'GET', url: '/api/get_treatment_effectiveness_report', headers: auth as Record<string, string>,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const MARCH = { date_option: 'date_range', start_date: '2026-03-01', end_date: '2026-03-31', weeks_before: 2, weeks_after: 2 };

let room: ScoutedPlace;
let other: ScoutedPlace;

/**
 * Hand-made: Conserve on boxes X and Y of `room` on Monday 2 March, and on box W of `other` on 9 March;
 * Vertalec in January (outside the range). Observations (UTC days) and the week each falls in:
 * Y 20 Feb (-10 days: week -2), X 24 and 25 Feb (week -1), Y 21 Feb dismissed (left out), Z 26 Feb
 * (untreated), X 10 Mar (+8 days: week 1), X 30 Mar (week 4, outside 2 weeks after), W 3 Mar (-6 days
 * from its application: week -1).
 */
beforeAll(async () => {
  room = await makePlace(t.app, a.companyId, 3, 1, 'Effect room');
  other = await makePlace(t.app, a.companyId, 1, 1, 'Other room');
  const [x, y, z, w] = [room.box(1, 1), room.box(2, 1), room.box(3, 1), other.box(1, 1)];
  for (const name of ['Conserve', 'Vertalec']) {
    const res = await t.app.inject({ method: 'POST', url: '/api/add_spray_product', query: { company_id: String(a.companyId) }, headers: a.admin.auth, payload: { name } });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const [date, product, boxes] of [['2026-03-02', 'Conserve', [x, y]], ['2026-03-09', 'Conserve', [w]], ['2026-01-05', 'Vertalec', [x]]] as const) {
    const res = await t.app.inject({
      method: 'POST', url: '/api/link_treatment_products_gridboxes', headers: a.regular.auth,
      payload: { ApplicationDate: date, ProductName: product, QuantityUsed: 1, Grid_boxIDs: JSON.stringify(boxes) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const seen = (boxId: number, day: string, status: 'open' | 'dismissed' = 'open') =>
    addObservation(t.app, { companyId: a.companyId, problem: 'Thrips', boxId, observedAt: new Date(`${day}T10:00:00Z`), status });
  await seen(y, '2026-02-20');
  await seen(x, '2026-02-24');
  await seen(x, '2026-02-25');
  await seen(y, '2026-02-21', 'dismissed');
  await seen(z, '2026-02-26');
  await seen(x, '2026-03-10');
  await seen(x, '2026-03-30');
  await seen(w, '2026-03-03');
});

describe('GET /get_treatment_effectiveness_report with recorded applications', () => {
  it("measures a product's applications in the rooms asked for: observations per treated box by week", async () => {
    const res = await get(a.regular.auth, { company_id: a.companyId, room_ids: String(room.roomId), ...MARCH });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        product_id: expect.any(Number), product_name: 'Conserve', applications: 1, treated_boxes: 2,
        // 1 of 2 boxes, 2 of 2, none, 1 of 2, none.
        weeks: [{ week: -2, value: 0.5 }, { week: -1, value: 1 }, { week: 0, value: 0 }, { week: 1, value: 0.5 }, { week: 2, value: 0 }],
        before_average: 0.75, after_average: 0.25, change: -0.667,
      },
    ]);
  });

  it('adds every application of the range across rooms; one outside the range is left out', async () => {
    const res = await get(a.regular.auth, { company_id: a.companyId, ...MARCH });
    const data = res.json().data;
    expect(data).toHaveLength(1);
    // Three treated boxes: week -2 has Y's one, week -1 X's two and W's one, week 1 X's one.
    expect(data[0]).toMatchObject({ product_name: 'Conserve', applications: 2, treated_boxes: 3 });
    expect(data[0].weeks).toEqual([{ week: -2, value: 0.333 }, { week: -1, value: 1 }, { week: 0, value: 0 }, { week: 1, value: 0.333 }, { week: 2, value: 0 }]);
    const january = await get(a.regular.auth, { company_id: a.companyId, date_option: 'date_range', start_date: '2026-01-01', end_date: '2026-01-31' });
    expect(january.json().data).toMatchObject([{ product_name: 'Vertalec', applications: 1, treated_boxes: 1, before_average: 0, change: null }]);
  });

  it("shows another company nothing of these applications", async () => {
    const res = await get(b.regular.auth, { company_id: b.companyId, ...MARCH });
    expect(res.json().data).toEqual([]);
    expect(res.body).not.toContain('Conserve');
  });
});
