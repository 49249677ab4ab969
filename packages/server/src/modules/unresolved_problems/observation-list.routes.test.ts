import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observationsMessages as msg } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { addObservation, makePlace, observeInBox, type ScoutedPlace } from '../../test/fixtures/unresolved-problems.fixtures.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let north: ScoutedPlace;
let south: ScoutedPlace;
const ids: Record<string, number> = {};
const { call } = facilityKit(() => t.app);
const list = (auth: object, query: Record<string, string | number>) => call('GET', '/get_problem_observations', auth, query);
const idsOf = (res: { json(): { observations: Array<{ ProblemID: number }> } }) => res.json().observations.map((o) => o.ProblemID);
const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00Z`);

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  north = await makePlace(t.app, a.companyId, 2, 2, 'North bay');
  south = await makePlace(t.app, a.companyId, 1, 1, 'South bay');
  await t.app.db.updateTable('grid_boxes').set({ custom_name: 'Mother bench' }).where('grid_box_id', '=', north.box(2, 2)).execute();
  ids.thrips = await observeInBox(t.app, a.companyId, north, 1, 1, 'Western flower thrips', { severity: 3, userId: a.regular.user_id, observedAt: day('2026-03-02') });
  ids.mildew = await observeInBox(t.app, a.companyId, north, 2, 2, 'Powdery mildew', { severity: 1, observedAt: day('2026-03-04') });
  ids.resolved = await observeInBox(t.app, a.companyId, south, 1, 1, 'Powdery mildew', { status: 'resolved', statusChangedAt: new Date(), observedAt: day('2026-03-06') });
  ids.dismissed = await observeInBox(t.app, a.companyId, south, 1, 1, 'Aphids', { status: 'dismissed', statusChangedAt: new Date(), observedAt: day('2026-03-08', 23) });
  ids.roomOnly = await addObservation(t.app, { companyId: a.companyId, problem: 'Fungus 100%_gnats', roomId: north.roomId, observedAt: day('2026-03-10') });
  await addObservation(t.app, { companyId: b.companyId, problem: 'Marker pest of B', observedAt: day('2026-03-09') });
});
afterAll(() => t.close());

describe('GET /get_problem_observations', () => {
  it('lists the company’s observations newest first with their place, 50 a page by default', async () => {
    const res = await list(a.regular.auth, { company_id: a.companyId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', total_count: 5, limit: 50, offset: 0 });
    expect(idsOf(res)).toEqual([ids.roomOnly, ids.dismissed, ids.resolved, ids.mildew, ids.thrips]);
    expect(body.observations.at(-1)).toEqual({
      ProblemID: ids.thrips, Problem: 'Western flower thrips', Severity: 3, Status: 'open',
      RoomID: north.roomId, RoomName: 'North bay', GridID: north.gridId, GridName: 'North bay grid',
      GridBoxID: north.box(1, 1), BoxName: '1,1', ResponseID: null,
      ObservedAt: '2026-03-02T12:00:00.000Z', ObservedBy: a.regular.user_id, ObservedByName: 'Test Regular', Source: 'form', Confidence: null, photos: [],
    });
    expect(body.observations[3]).toMatchObject({ BoxName: 'Mother bench' });
    expect(body.observations[0]).toMatchObject({ RoomName: 'North bay', GridID: null, BoxName: null });
    expect(res.body).not.toContain('Marker');
  });

  it('filters by status, room (its grids included), grid, problem and inclusive dates', async () => {
    const by = async (q: Record<string, string | number>) => idsOf(await list(a.regular.auth, { company_id: a.companyId, ...q }));
    expect(await by({ status: 'open' })).toEqual([ids.roomOnly, ids.mildew, ids.thrips]);
    expect(await by({ status: 'dismissed' })).toEqual([ids.dismissed]);
    expect(await by({ room_id: north.roomId })).toEqual([ids.roomOnly, ids.mildew, ids.thrips]);
    expect(await by({ grid_id: south.gridId })).toEqual([ids.dismissed, ids.resolved]);
    expect(await by({ problem: 'MILDEW' })).toEqual([ids.resolved, ids.mildew]);
    expect(await by({ problem: '0%_' })).toEqual([ids.roomOnly]);
    expect(await by({ problem: '%' })).toEqual([ids.roomOnly]);
    expect(await by({ start_date: '2026-03-04', end_date: '2026-03-08' })).toEqual([ids.dismissed, ids.resolved, ids.mildew]);
    expect(await by({ status: 'open', room_id: north.roomId, problem: 'thrips' })).toEqual([ids.thrips]);
    expect(await by({ status: '', room_id: '', problem: '  ' })).toHaveLength(5);
  });

  it('pages with limit and offset and sorts oldest first on request', async () => {
    const page = await list(a.regular.auth, { company_id: a.companyId, limit: 2, offset: 2 });
    expect(page.json()).toMatchObject({ total_count: 5, limit: 2, offset: 2 });
    expect(idsOf(page)).toEqual([ids.resolved, ids.mildew]);
    expect(idsOf(await list(a.regular.auth, { company_id: a.companyId, sort_order: 'asc', limit: 1 }))).toEqual([ids.thrips]);
    expect((await list(a.regular.auth, { company_id: a.companyId, limit: 200 })).statusCode).toBe(200);
  });

  it('refuses a bad sort, limit, offset, status or date with a 400 naming the field', async () => {
    for (const [q, field] of [
      [{ sort_order: 'sideways' }, 'sort_order'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ limit: 'many' }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{ status: 'closed' }, 'status'],
      [{ start_date: '3 March' }, 'start_date'],
      [{ room_id: 'north' }, 'room_id'],
    ] as const) {
      const res = await list(a.regular.auth, { company_id: a.companyId, ...q });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json(), JSON.stringify(q)).toMatchObject({ status: 'error', field });
    }
    const order = await list(a.regular.auth, { company_id: a.companyId, start_date: '2026-03-09', end_date: '2026-03-01' });
    expect(order.json()).toMatchObject({ message: msg.dateOrder, field: 'start_date' });
    expect((await list(a.regular.auth, {})).json()).toMatchObject({ message: 'company_id is required.' });
  });

  it("answers 403 for another company's id and 404 for another company's room or grid", async () => {
    const wrongCompany = await list(b.regular.auth, { company_id: a.companyId });
    expect(wrongCompany.statusCode).toBe(403);
    expect(wrongCompany.body).not.toContain('thrips');
    for (const q of [{ room_id: north.roomId }, { grid_id: north.gridId }] as Record<string, number>[]) {
      const res = await list(b.regular.auth, { company_id: b.companyId, ...q });
      expect(res.statusCode, JSON.stringify(q)).toBe(404);
      expect(res.body).not.toContain('thrips');
    }
    const own = await list(b.regular.auth, { company_id: b.companyId });
    expect(own.json().observations.map((o: { Problem: string }) => o.Problem)).toEqual(['Marker pest of B']);
  });

  it('needs a signed-in user', async () => {
    expect((await list({}, { company_id: a.companyId })).statusCode).toBe(401);
  });
});
