import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DAY_MS, unresolvedProblemsMessages as msg } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { addObservation, makePlace, observeInBox, type ScoutedPlace } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { openProblemsByBox } from './index.js';
import { openObservations } from './unresolved-problems.repository.js';
import { toObservation } from './unresolved-problems.mapper.js';
import { PLANT_PROBLEM_LIBRARY } from '../../db/migrations/data/plant-problem-library.js';

/** The library's own colour of a problem (the palette is chosen in the data, not here). */
const libraryColour = (slug: string) => PLANT_PROBLEM_LIBRARY.find((p) => p.slug === slug)!.defaultColor;

let t: TestApp;
let a: Tenant;
let b: Tenant;
const { call } = facilityKit(() => t.app);
const post = (path: string, auth: object, body: Record<string, string | number>) => call('POST', path, auth, {}, body);
const statusOf = async (id: number) =>
  (await t.app.db.selectFrom('problem_observations').select('status').where('observation_id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

describe('reads', () => {
  let place: ScoutedPlace;
  let ids: number[];
  beforeAll(async () => {
    place = await makePlace(t.app, a.companyId, 2, 2, 'Reads room');
    ids = [
      await observeInBox(t.app, a.companyId, place, 1, 1, 'Western flower thrips', { severity: 2, userId: a.regular.user_id }),
      await observeInBox(t.app, a.companyId, place, 1, 1, 'western flower THRIPS', { severity: 4 }),
      await observeInBox(t.app, a.companyId, place, 1, 1, 'Powdery mildew', { severity: 1 }),
      await observeInBox(t.app, a.companyId, place, 2, 2, 'Marker custom pest'),
      await observeInBox(t.app, a.companyId, place, 2, 1, 'Powdery mildew', { status: 'resolved', statusChangedAt: new Date() }),
      await addObservation(t.app, { companyId: a.companyId, problem: 'Powdery mildew', roomId: place.roomId }),
    ];
  });

  it('lists a grid per box with only open problems', async () => {
    const res = await call('GET', '/get_unresolved_problems_for_grid', a.regular.auth, { grid_id: place.gridId });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ GridID: place.gridId, total_open: 4 });
    expect(data.Boxes.map((bx: { x: number; y: number }) => `${bx.x},${bx.y}`)).toEqual(['1,1', '2,2']);
    expect(data.Boxes[0].problems).toHaveLength(3);
    expect(data.Boxes[0].problems.find((p: { ProblemID: number }) => p.ProblemID === ids[0])).toMatchObject({
      Problem: 'Western flower thrips', Severity: 2, ObservedByName: 'Test Regular', Status: 'open', Source: 'form', GridBoxID: place.box(1, 1),
    });
  });

  it('draws circles with the company colour, else the library colour, else a palette colour', async () => {
    await t.app.inject({
      method: 'POST', url: '/api/map_problem_color', headers: { ...a.admin.auth, 'content-type': 'application/x-www-form-urlencoded' },
      query: { company_id: String(a.companyId) }, payload: 'problem=Powdery%20mildew&color=%23123456&abbreviation=PM',
    });
    const res = await call('GET', '/get_unresolved_problems_for_grid_circles', a.regular.auth, { grid_id: place.gridId });
    expect(res.statusCode, res.body).toBe(200);
    const boxes = res.json().data.Boxes;
    expect(boxes[0].circles).toEqual([
      expect.objectContaining({ Problem: expect.stringMatching(/thrips/i), count: 2, max_severity: 4, Color: libraryColour('western-flower-thrips'), Abbreviation: 'WFT' }),
      expect.objectContaining({ Problem: 'Powdery mildew', count: 1, Color: '#123456', Abbreviation: 'PM' }),
    ]);
    expect(boxes[1].circles[0]).toMatchObject({ Problem: 'Marker custom pest', Color: expect.stringMatching(/^#[0-9A-F]{6}$/), Abbreviation: 'MCP' });
    const service = await openProblemsByBox(t.app, a.companyId, place.gridId);
    expect(service.get(place.box(1, 1))).toHaveLength(2);
  });

  it('lists a box, a room (with room-level observations and a summary) and a type', async () => {
    const box = await call('GET', '/get_unresolved_problems_for_gridbox', a.regular.auth, { gridbox_id: place.box(1, 1) });
    expect(box.json().problems.map((p: { ProblemID: number }) => p.ProblemID).sort()).toEqual(ids.slice(0, 3).sort());
    const room = await call('GET', '/get_unresolved_problems_for_room', a.regular.auth, { room_id: place.roomId });
    expect(room.json().problems).toHaveLength(5);
    expect(room.json().summary[0]).toMatchObject({ count: 2 });
    const byRoom = await call('GET', '/get_unresolved_problems_by_type', a.regular.auth, { problemType: 'POWDERY mildew', roomID: place.roomId });
    expect(byRoom.json().problems.map((p: { ProblemID: number }) => p.ProblemID).sort()).toEqual([ids[2], ids[5]].sort());
    const byGrid = await call('GET', '/get_unresolved_problems_by_type', a.regular.auth, { problemType: 'Powdery mildew', gridID: place.gridId });
    expect(byGrid.json().problems.map((p: { ProblemID: number }) => p.ProblemID)).toEqual([ids[2]]);
    const both = await call('GET', '/get_unresolved_problems_by_type', a.regular.auth, { problemType: 'Powdery mildew', gridID: place.gridId, roomID: place.roomId });
    expect(both.json().problems).toHaveLength(1);
  });

  it("writes a room's observations as toObservation does, and its summary per problem newest spelling first", async () => {
    const room = await makePlace(t.app, a.companyId, 2, 1, 'Written room');
    const first = await observeInBox(t.app, a.companyId, room, 1, 1, 'Spider MITE', { severity: 2.5, userId: a.regular.user_id, notes: 'a "quoted" note\nwith ünïcode' });
    await observeInBox(t.app, a.companyId, room, 2, 1, 'spider mite', { statusChangedAt: new Date(), observedAt: new Date(Date.now() - DAY_MS) });
    const scanned = await addObservation(t.app, { companyId: a.companyId, problem: 'Aphids', roomId: room.roomId, severity: 1 });
    // Microseconds the database keeps are cut as a Date cuts them; a scan's confidence is written as its number.
    await sql`UPDATE problem_observations SET observed_at = '2026-01-02 03:04:05.678912+00' WHERE observation_id = ${first}`.execute(t.app.db);
    await sql`UPDATE problem_observations SET source = 'scan', confidence = 0.87 WHERE observation_id = ${scanned}`.execute(t.app.db);
    const rows = await openObservations(t.app.db, a.companyId, { kind: 'room', id: room.roomId });
    const res = await call('GET', '/get_unresolved_problems_for_room', a.regular.auth, { room_id: room.roomId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().problems).toEqual(rows.map(toObservation));
    expect(res.json().problems[2]).toMatchObject({ ProblemID: first, ObservedAt: '2026-01-02T03:04:05.678Z', Severity: 2.5, ObservedByName: 'Test Regular' });
    expect(res.json().summary).toEqual([
      { Problem: 'spider mite', count: 2, max_severity: 2.5, last_observed_at: rows[1]!.observed_at.toISOString() },
      { Problem: 'Aphids', count: 1, max_severity: 1, last_observed_at: rows[0]!.observed_at.toISOString() },
    ]);
  });

  it('names missing ids with the spec sentences', async () => {
    expect((await call('GET', '/get_unresolved_problems_for_gridbox', a.regular.auth)).json()).toMatchObject({ message: msg.gridboxRequired, field: 'gridbox_id' });
    expect((await call('GET', '/get_unresolved_problems_for_room', a.regular.auth, { room_id: '' })).json()).toMatchObject({ message: msg.roomRequired });
    expect((await call('GET', '/get_unresolved_problems_for_grid', a.regular.auth)).json()).toMatchObject({ message: msg.gridRequired });
    expect((await call('GET', '/get_unresolved_problems_for_grid_circles', a.regular.auth)).json()).toMatchObject({ message: msg.gridRequired });
    expect((await call('GET', '/get_unresolved_problems_by_type', a.regular.auth, { problemType: 'x' })).json()).toMatchObject({ message: msg.placeRequired, field: 'roomID' });
    expect((await call('GET', '/get_unresolved_problems_by_type', a.regular.auth, { roomID: place.roomId })).json()).toMatchObject({ message: 'problemType is required.' });
    expect((await call('GET', '/get_unresolved_problems_for_room', a.regular.auth, { room_id: 'abc' })).statusCode).toBe(400);
  });

  it("answers 404 for another company's room, grid and box", async () => {
    for (const [path, query] of [
      ['/get_unresolved_problems_for_grid', { grid_id: place.gridId }],
      ['/get_unresolved_problems_for_grid_circles', { grid_id: place.gridId }],
      ['/get_unresolved_problems_for_gridbox', { gridbox_id: place.box(1, 1) }],
      ['/get_unresolved_problems_for_room', { room_id: place.roomId }],
      ['/get_unresolved_problems_by_type', { problemType: 'Powdery mildew', roomID: place.roomId }],
      ['/get_unresolved_problems_by_type', { problemType: 'Powdery mildew', gridID: place.gridId }],
    ] as const) {
      const res = await call('GET', path, b.regular.auth, query);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('Marker');
    }
    const other = await makePlace(t.app, a.companyId, 1, 1, 'Other room');
    expect((await call('GET', '/get_unresolved_problems_by_type', a.regular.auth, { problemType: 'x', gridID: place.gridId, roomID: other.roomId })).statusCode).toBe(404);
  });
});

describe('actions', () => {
  it('resolves one observation, refuses a second resolve, and reopens it at any age', async () => {
    const place = await makePlace(t.app, a.companyId, 1, 1, 'One room');
    const id = await observeInBox(t.app, a.companyId, place, 1, 1, 'Fungus gnats');
    const res = await post('/manage_problem', a.regular.auth, { problemID: id, action: 'Resolve', userID: a.regular.user_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: 'resolve', message: msg.one.resolve, problem: { ProblemID: id, Status: 'resolved', StatusChangedBy: a.regular.user_id } });
    const again = await post('/manage_problem', a.regular.auth, { problemID: id, action: 'dismiss', userID: a.regular.user_id });
    expect(again.statusCode).toBe(409);
    // Its status now travels with the refusal, for the outbox's "theirs" (issue 25).
    expect(again.headers['verdant-current-value']).toBe('resolved');
    await t.app.db.updateTable('problem_observations').set({ status_changed_at: new Date(Date.now() - 7 * DAY_MS) }).where('observation_id', '=', id).execute();
    const reopen = await post('/manage_problem', a.regular.auth, { problemID: id, action: 'reopen', userID: a.admin.user_id });
    // Naming a colleague as userID does not make them the actor: the change is the caller's.
    expect(reopen.json().problem).toMatchObject({ Status: 'open', StatusChangedBy: a.regular.user_id });
    const reopenAgain = await post('/manage_problem', a.regular.auth, { problemID: id, action: 'reopen', userID: a.admin.user_id });
    expect(reopenAgain.statusCode).toBe(409);
    expect(reopenAgain.headers['verdant-current-value']).toBe('open');
    const actions = await t.app.db.selectFrom('observation_actions').select(['action', 'user_id']).where('observation_id', '=', id).orderBy('action_id').execute();
    expect(actions).toEqual([{ action: 'resolve', user_id: a.regular.user_id }, { action: 'reopen', user_id: a.regular.user_id }]);
    const audit = await t.app.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'problem_observation').where('entity_id', '=', String(id)).execute();
    expect(audit.map((e) => e.action)).toEqual(['problem.resolve', 'problem.reopen']);
  });

  it('acts by type in a room and a grid, on whole grids and rooms, and bulk-reopens only the last 24 h', async () => {
    const place = await makePlace(t.app, a.companyId, 2, 1, 'Bulk room');
    const thrips = [
      await observeInBox(t.app, a.companyId, place, 1, 1, 'Thrips'),
      await observeInBox(t.app, a.companyId, place, 2, 1, 'thrips'),
    ];
    const mite = await observeInBox(t.app, a.companyId, place, 1, 1, 'Spider mite');
    const roomOnly = await addObservation(t.app, { companyId: a.companyId, problem: 'Spider mite', roomId: place.roomId });

    const byType = await post('/manage_problems_by_type_grid', a.regular.auth, { gridID: place.gridId, problemType: 'THRIPS', action: 'dismiss', userID: a.regular.user_id });
    expect(byType.json()).toMatchObject({ action: 'dismiss', affected: 2, ProblemIDs: thrips.sort((x, y) => x - y) });
    expect(await statusOf(mite)).toBe('open');

    const roomType = await post('/manage_problems_by_type_room', a.regular.auth, { roomID: place.roomId, problemType: 'spider mite', action: 'resolve', userID: a.regular.user_id });
    expect(roomType.json().affected).toBe(2);
    expect(await statusOf(roomOnly)).toBe('resolved');

    const old = await observeInBox(t.app, a.companyId, place, 2, 1, 'Aphids', { status: 'resolved', statusChangedAt: new Date(Date.now() - 3 * DAY_MS) });
    const reopenGrid = await post('/update_unresolved_problems_for_grid', a.regular.auth, { gridID: place.gridId, action: 'reopen', userID: a.regular.user_id });
    expect(reopenGrid.json().ProblemIDs).toEqual([...thrips, mite].sort((x, y) => x - y));
    expect(await statusOf(old)).toBe('resolved');

    const resolveRoom = await post('/update_unresolved_problems_for_room', a.regular.auth, { roomID: place.roomId, action: 'resolve', userID: a.regular.user_id });
    expect(resolveRoom.json()).toMatchObject({ affected: 3, message: msg.done.resolve });
    const nothing = await post('/update_unresolved_problems_for_room', a.regular.auth, { roomID: place.roomId, action: 'resolve', userID: a.regular.user_id });
    expect(nothing.json()).toMatchObject({ affected: 0, ProblemIDs: [] });
    const audit = await t.app.db.selectFrom('audit_events').select('action').where('company_id', '=', a.companyId).where('action', 'like', 'problems.%').execute();
    expect(audit).toHaveLength(5);
  });

  it('names bad actions and missing fields, and refuses other companies and their users', async () => {
    const place = await makePlace(t.app, a.companyId, 1, 1, 'Refusals room');
    const id = await observeInBox(t.app, a.companyId, place, 1, 1, 'Marker thrips');
    expect((await post('/manage_problem', a.regular.auth, { problemID: id, action: 'delete', userID: a.regular.user_id })).json()).toMatchObject({
      message: 'action must be one of resolve, dismiss, reopen.', field: 'action',
    });
    expect((await post('/manage_problem', a.regular.auth, { problemID: id, userID: a.regular.user_id })).json()).toMatchObject({ message: 'action is required.' });
    expect((await post('/manage_problem', a.regular.auth, { action: 'resolve', userID: a.regular.user_id })).json()).toMatchObject({ message: 'problemID is required.' });
    expect((await post('/update_unresolved_problems_for_grid', a.regular.auth, { gridID: place.gridId, action: 'resolve' })).json()).toMatchObject({ message: 'userID is required.' });
    expect((await post('/manage_problems_by_type_room', a.regular.auth, { roomID: place.roomId, action: 'resolve', userID: a.regular.user_id })).json()).toMatchObject({ message: 'problemType is required.' });

    expect((await post('/manage_problem', b.regular.auth, { problemID: id, action: 'resolve', userID: b.regular.user_id })).statusCode).toBe(404);
    expect((await post('/manage_problem', a.regular.auth, { problemID: id, action: 'resolve', userID: b.regular.user_id })).statusCode).toBe(404);
    expect((await post('/update_unresolved_problems_for_room', b.regular.auth, { roomID: place.roomId, action: 'resolve', userID: b.regular.user_id })).statusCode).toBe(404);
    expect((await post('/update_unresolved_problems_for_grid', b.regular.auth, { gridID: place.gridId, action: 'resolve', userID: b.regular.user_id })).statusCode).toBe(404);
    expect((await post('/manage_problems_by_type_grid', b.regular.auth, { gridID: place.gridId, problemType: 'Marker thrips', action: 'resolve', userID: b.regular.user_id })).statusCode).toBe(404);
    expect((await post('/manage_problems_by_type_room', b.regular.auth, { roomID: place.roomId, problemType: 'Marker thrips', action: 'resolve', userID: b.regular.user_id })).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('open');
  });
});
