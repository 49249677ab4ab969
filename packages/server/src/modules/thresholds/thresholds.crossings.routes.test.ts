import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { thresholdsMessages, treatmentsMessages } from '@verdant/contract';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { scoutingPlace } from '../../test/fixtures/form-responses.test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

/**
 * Threshold crossings per box (issue 22's gap): GET /get_threshold_crossings_for_boxes names the crossings running
 * in the rooms of the asked boxes, and an application can name them as targets (CrossingIDs), recorded with it.
 */
useTwoTenants();

type Auth = Record<string, string>;
const read = (auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: '/api/get_threshold_crossings_for_boxes', headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

async function threshold(companyId: number, problem: string, opts: { deleted?: boolean; roomId?: number | null } = {}) {
  const row = await t.app.db.insertInto('action_thresholds').values({
    company_id: companyId, problem, room_id: opts.roomId ?? null, crop_status: null, metric: 'count', window_hours: 24, amber: 2, red: 5,
    notification_id: null, assign_to: null, created_by: null, created_at: new Date(), updated_at: new Date(), deleted_at: opts.deleted ? new Date() : null,
  }).returning('threshold_id').executeTakeFirstOrThrow();
  return row.threshold_id;
}

/** A crossing as thresholds.evaluate.ts writes it, its window starting `ago` hours back and lasting `hours`. */
async function crossing(companyId: number, thresholdId: number, roomId: number | null, level: 'amber' | 'red', value: number, ago = 1, hours = 24) {
  const { rows } = await sql<{ crossing_id: number }>`
    INSERT INTO threshold_crossings (company_id, threshold_id, level, room_id, room_key, value, window_start, window_end)
    VALUES (${companyId}, ${thresholdId}, ${level}, ${roomId}, ${roomId ?? 0}, ${value},
            now() - make_interval(hours => ${ago}), now() - make_interval(hours => ${ago}) + make_interval(hours => ${hours}))
    RETURNING crossing_id`.execute(t.app.db);
  return rows[0]!.crossing_id;
}

let house: FacilityFixture;
let shed: FacilityFixture;
let empty: FacilityFixture;
let theirs: FacilityFixture;
const ids: Record<string, number> = {};

beforeAll(async () => {
  house = await makeFacility(t.app, a.companyId, { roomName: 'House 1', nx: 3, ny: 1 });
  shed = await makeFacility(t.app, a.companyId, { roomName: 'Shed', nx: 1, ny: 1 });
  empty = await makeFacility(t.app, a.companyId, { roomName: 'Quiet room', nx: 1, ny: 1 });
  theirs = await makeFacility(t.app, b.companyId, { roomName: 'Theirs', nx: 1, ny: 1 });
  const mites = await threshold(a.companyId, 'Two-spotted spider mite');
  const thrips = await threshold(a.companyId, 'Thrips');
  const gone = await threshold(a.companyId, 'Aphids', { deleted: true });
  ids.amber = await crossing(a.companyId, mites, house.roomId, 'amber', 2, 3);
  ids.red = await crossing(a.companyId, mites, house.roomId, 'red', 5, 2);
  ids.thrips = await crossing(a.companyId, thrips, shed.roomId, 'amber', 3, 1);
  ids.ended = await crossing(a.companyId, thrips, house.roomId, 'red', 9, 30); // its window ended 6 h ago
  ids.deleted = await crossing(a.companyId, gone, house.roomId, 'red', 7, 1);
  ids.noRoom = await crossing(a.companyId, thrips, null, 'red', 8, 1);
  const their = await threshold(b.companyId, 'Thrips');
  ids.theirs = await crossing(b.companyId, their, theirs.roomId, 'red', 6, 1);
});

describe('GET /get_threshold_crossings_for_boxes', () => {
  it('answers the crossings running in the rooms of the boxes, red first then the latest, each with the asked boxes of its room', async () => {
    const res = await read(a.regular.auth, { company_id: a.companyId, GridBoxIDs: [house.box(1, 1), house.box(3, 1), shed.box(1, 1)].join(',') });
    expect(res.statusCode, res.body).toBe(200);
    const crossings = res.json().crossings;
    expect(crossings.map((c: { crossing_id: number }) => c.crossing_id)).toEqual([ids.red, ids.thrips, ids.amber]);
    expect(crossings[0]).toMatchObject({
      threshold_id: expect.any(Number), problem: 'Two-spotted spider mite', level: 'red', metric: 'count', value: 5, amber: 2, red: 5, window_hours: 24,
      room_id: house.roomId, room_name: 'House 1', grid_box_ids: [house.box(1, 1), house.box(3, 1)].sort((x, y) => x - y),
    });
    expect(new Date(crossings[0].window_end).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(crossings[0].crossed_at).getTime()).toBeLessThan(Date.now());
    expect(crossings[1]).toMatchObject({ problem: 'Thrips', level: 'amber', room_name: 'Shed', grid_box_ids: [shed.box(1, 1)] });
    // Never: an ended window, a deleted threshold, a crossing without a room, another company's.
    const all = JSON.stringify(crossings);
    for (const id of [ids.ended, ids.deleted, ids.noRoom, ids.theirs]) expect(crossings.map((c: { crossing_id: number }) => c.crossing_id)).not.toContain(id);
    expect(all).not.toContain('Aphids');
  });

  it('answers none for a box whose room has no running crossing, and as many as the limit', async () => {
    const none = await read(a.regular.auth, { company_id: a.companyId, GridBoxIDs: String(empty.box(1, 1)) });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().crossings).toEqual([]);
    const one = await read(a.regular.auth, { company_id: a.companyId, GridBoxIDs: JSON.stringify([house.box(2, 1), shed.box(1, 1), house.box(2, 1)]), limit: 1 });
    expect(one.json().crossings.map((c: { crossing_id: number }) => c.crossing_id)).toEqual([ids.red]);
    expect(one.json().crossings[0].grid_box_ids).toEqual([house.box(2, 1)]);
  });

  it("refuses another company's id (403) and box (404, nothing answered), and no token (401)", async () => {
    expect((await read(a.regular.auth, { company_id: b.companyId, GridBoxIDs: String(theirs.box(1, 1)) })).statusCode).toBe(403);
    const mixed = await read(a.regular.auth, { company_id: a.companyId, GridBoxIDs: [house.box(1, 1), theirs.box(1, 1)].join(',') });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe('Grid box not found.');
    expect((await read(a.regular.auth, { company_id: a.companyId, GridBoxIDs: '2000000000' })).statusCode).toBe(404);
    expect((await read({}, { company_id: a.companyId, GridBoxIDs: String(house.box(1, 1)) })).statusCode).toBe(401);
  });

  it('names the field of bad input', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ company_id: a.companyId }, 'GridBoxIDs'],
      [{ company_id: a.companyId, GridBoxIDs: '' }, 'GridBoxIDs'],
      [{ company_id: a.companyId, GridBoxIDs: 'abc' }, 'GridBoxIDs'],
      [{ company_id: a.companyId, GridBoxIDs: String(2 ** 31) }, 'GridBoxIDs'],
      [{ company_id: a.companyId, GridBoxIDs: '1\u0000' }, 'GridBoxIDs'],
      [{ company_id: a.companyId, GridBoxIDs: Array.from({ length: 5001 }, (_, i) => i + 1).join(',') }, 'GridBoxIDs'],
      [{ company_id: a.companyId, GridBoxIDs: String(house.box(1, 1)), limit: 0 }, 'limit'],
      [{ company_id: a.companyId, GridBoxIDs: String(house.box(1, 1)), limit: 201 }, 'limit'],
      [{ company_id: a.companyId, GridBoxIDs: String(house.box(1, 1)), limit: 'ten' }, 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await read(a.regular.auth, query);
      expect(res.statusCode, `${JSON.stringify(query).slice(0, 80)} ${res.body}`).toBe(400);
      // A bad element is named with its place in the list (GridBoxIDs.0), as everywhere.
      expect(res.json().field).toMatch(new RegExp(`^${field}(\\.\\d+)?$`));
    }
  });

  it('the failure message is the contract\'s', () => {
    expect(thresholdsMessages.crossingsFailed).toMatch(/threshold crossings/);
  });
});

describe('a crossing as the target of an application', () => {
  const link = (auth: Auth, fields: Record<string, unknown>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v));
    return t.app.inject({ method: 'POST', url: '/api/link_treatment_products_gridboxes', headers: auth, payload: form });
  };
  beforeAll(async () => {
    await t.app.db.insertInto('spray_products').values({
      company_id: a.companyId, name: 'Floramite', details: null, reentry_interval_hours: 12, preharvest_interval_days: 1, created_by: null,
      created_at: new Date(), updated_at: new Date(), max_dose: null, max_dose_basis: null, max_applications_per_cycle: null, authorised_crops: JSON.stringify([]), unit: 'L',
    }).execute();
  });

  it('is recorded with the application, with its problem from the library, and read back', async () => {
    const res = await link(a.regular.auth, {
      ApplicationDate: '2026-05-01T08:00:00Z', ProductName: 'Floramite', QuantityUsed: 0.4, Grid_boxIDs: [house.box(1, 1)], CrossingIDs: [ids.red, ids.red],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { register } = res.json();
    expect(register.crossing_ids).toEqual([ids.red]);
    const library = await t.app.db.selectFrom('plant_problems').select('problem_id').where('slug', '=', 'two-spotted-spider-mite').executeTakeFirstOrThrow();
    expect(register.target_problem_ids).toEqual([library.problem_id]);
    const stored = await t.app.db.selectFrom('treatment_application_targets').select(['problem_id', 'observation_id', 'crossing_id'])
      .where('crossing_id', '=', ids.red!).execute();
    expect(stored).toEqual([{ problem_id: library.problem_id, observation_id: null, crossing_id: ids.red }]);
  });

  it("keeps a crossing whose problem is no library name without a problem, and refuses another company's or an unknown crossing, naming CrossingIDs", async () => {
    const own = await link(a.regular.auth, { ApplicationDate: '2026-05-02', ProductName: 'Floramite', QuantityUsed: 0.1, Grid_boxIDs: [shed.box(1, 1)], CrossingIDs: String(ids.thrips) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().register.crossing_ids).toEqual([ids.thrips]);
    for (const CrossingIDs of [[ids.theirs], [ids.red, 2_000_000_000]]) {
      const res = await link(a.regular.auth, { ApplicationDate: '2026-05-02', ProductName: 'Floramite', QuantityUsed: 0.1, Grid_boxIDs: [house.box(2, 1)], CrossingIDs });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ message: treatmentsMessages.foreignCrossings, field: 'CrossingIDs' });
    }
    for (const CrossingIDs of [['x'], [2 ** 31], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const res = await link(a.regular.auth, { ApplicationDate: '2026-05-02', ProductName: 'Floramite', QuantityUsed: 0.1, Grid_boxIDs: [house.box(2, 1)], CrossingIDs });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toMatch(/^CrossingIDs(\.\d+)?$/);
    }
  });

  it('a crossing made by observations is offered for the boxes of its room', async () => {
    const place = await scoutingPlace(t.app, a, 'Scouted room');
    const made = await t.app.inject({
      method: 'POST', url: `/api/save_action_threshold?company_id=${a.companyId}`, headers: a.admin.auth,
      payload: { problem: 'Whiteflies', room_id: place.roomId, window_hours: 24, amber: 1, red: 2 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const observe = await t.app.inject({
      method: 'POST', url: '/api/submit_form', headers: a.regular.auth,
      payload: { submittedBy: a.regular.user_id, GridBoxID: place.boxes[0], fieldResponses: [
        { fieldID: place.scouting.field.Problem!, inputData: 'Whiteflies' }, { fieldID: place.scouting.field['Irrigation ok']!, inputData: 'Yes' },
      ] },
    });
    expect(observe.statusCode, observe.body).toBe(200);
    const res = await read(a.regular.auth, { company_id: a.companyId, GridBoxIDs: String(place.boxes[1]) });
    expect(res.json().crossings).toEqual([expect.objectContaining({ problem: 'Whiteflies', level: 'amber', room_id: place.roomId, grid_box_ids: [place.boxes[1]] })]);
  });
});
