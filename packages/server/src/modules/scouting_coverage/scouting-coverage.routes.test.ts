import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@verdant/contract';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

const kit = facilityKit(() => t.app);
const { call, formPost } = kit;
const MIN = 60_000;
/** Times relative to the moment the data is made; each margin is minutes, far from how long the test runs. */
const ago = (ms: number) => new Date(Date.now() - ms);

useTwoTenants();

describe('scouting frequency', () => {
  it('sets, overrides per room, clears, and audits', async () => {
    const roomId = await kit.room(a, 'Frequency room');
    const set = await formPost('/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, due_every_days: 7 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ status: 'success', message: 'Scouting frequency saved.', due_every_days: 7, rooms: [] });
    await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, due_every_days: 10 });
    const room = await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, room_id: roomId, due_every_days: 3 });
    expect(room.json()).toMatchObject({ due_every_days: 10, rooms: [{ RoomID: roomId, Name: 'Frequency room', due_every_days: 3 }] });

    const read = await call('GET', '/get_scouting_frequency', a.regular.auth, { company_id: a.companyId });
    expect(read.json()).toEqual({ status: 'success', due_every_days: 10, rooms: [{ RoomID: roomId, Name: 'Frequency room', due_every_days: 3 }] });

    const cleared = await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, room_id: roomId, due_every_days: 0 });
    expect(cleared.json()).toEqual({ status: 'success', message: 'Scouting frequency cleared.', due_every_days: 10, rooms: [] });
    const audit = await t.app.db.selectFrom('audit_events').select(['action', 'entity_type']).where('company_id', '=', a.companyId)
      .where('action', 'like', 'scouting_frequency.%').orderBy('id').execute();
    expect(audit.map((e) => e.action)).toEqual(['scouting_frequency.set', 'scouting_frequency.set', 'scouting_frequency.set', 'scouting_frequency.cleared']);
    await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, due_every_days: 0 });
  });

  it('names the field for bad input', async () => {
    const missing = await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('due_every_days is required.');
    for (const bad of ['366', '-1', '2.5', 'weekly']) {
      const res = await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, due_every_days: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('due_every_days');
      expect(res.json().message).toContain('0 to 365');
    }
    const bigRoom = await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, room_id: '2147483648', due_every_days: 3 });
    expect(bigRoom.statusCode).toBe(400);
  });

  it('is for admins of the company only; a room of another company is not found', async () => {
    expect((await call('POST', '/set_scouting_frequency', a.regular.auth, { company_id: a.companyId, due_every_days: 3 })).statusCode).toBe(403);
    expect((await call('POST', '/set_scouting_frequency', b.admin.auth, { company_id: a.companyId, due_every_days: 3 })).statusCode).toBe(403);
    expect((await call('GET', '/get_scouting_frequency', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
    const roomA = await kit.room(a, 'Not yours');
    const res = await call('POST', '/set_scouting_frequency', b.admin.auth, { company_id: b.companyId, room_id: roomA, due_every_days: 3 });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/get_scouting_frequency', b.regular.auth, { company_id: b.companyId })).json()).toMatchObject({ due_every_days: null, rooms: [] });
  });
});

describe('scouting coverage', () => {
  let r1: number;
  let r2: number;
  let r3: number;
  let box5: number;
  let box6: number;

  beforeAll(async () => {
    const db = t.app.db;
    const c = a.companyId;
    // A company of its own for this suite: tenant a also has the rooms of the frequency tests above.
    r1 = await kit.room(a, 'Coverage one');
    const g1 = await kit.grid(a, r1, 2, 3, 'Six');
    const g2 = await kit.grid(a, r1, 2, 2, 'Four');
    r2 = await kit.room(a, 'Coverage two');
    const g3 = await kit.grid(a, r2, 1, 2, 'Two');
    r3 = await kit.room(a, 'Coverage empty');
    const boxes1 = (await kit.boxes(g1)).map((x) => x.grid_box_id);
    const boxes3 = (await kit.boxes(g3)).map((x) => x.grid_box_id);
    box5 = boxes1[4]!;
    box6 = boxes1[5]!;

    await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: c, due_every_days: 7 });
    await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: c, room_id: r2, due_every_days: 30 });
    await db.insertInto('scouting_rounds').values({ company_id: c, started_at: ago(3 * DAY_MS), started_by: a.admin.user_id }).execute();

    const template = await db.insertInto('form_templates').values({ company_id: c, template_name: 'Coverage walk', created_by: a.admin.user_id })
      .returning('template_id').executeTakeFirstOrThrow();
    const mark = (v: { room_id?: number; grid_id?: number; at: Date; by: number }) =>
      db.insertInto('scan_marks').values({ company_id: c, room_id: v.room_id ?? null, grid_id: v.grid_id ?? null, user_id: v.by, scanned_at: v.at }).execute();
    const observe = (box: number, at: Date, by: number, source: 'form' | 'scan' | 'batch_problem' = 'scan') =>
      db.insertInto('problem_observations').values({ company_id: c, problem: 'Thrips', grid_box_id: box, source, observed_at: at, observed_by: by }).execute();

    await mark({ room_id: r1, at: ago(10 * DAY_MS), by: a.regular.user_id });
    await mark({ grid_id: g2, at: ago(2 * DAY_MS), by: a.regular.user_id });
    await observe(boxes1[0]!, ago(1 * DAY_MS), a.admin.user_id);
    await db.insertInto('form_responses')
      .values({ company_id: c, template_id: template.template_id, submitted_by: a.regular.user_id, grid_box_id: boxes1[1]!, observed_at: ago(4 * DAY_MS) })
      .execute();
    await observe(boxes1[2]!, ago(3 * DAY_MS + 5 * MIN), a.regular.user_id);
    await observe(boxes1[3]!, ago(3 * DAY_MS - 5 * MIN), a.regular.user_id);
    await observe(box5, ago(8 * DAY_MS), a.regular.user_id);
    await observe(box6, ago(1 * DAY_MS), a.superAdmin.user_id, 'batch_problem');

    await mark({ room_id: r2, at: ago(10 * DAY_MS), by: a.admin.user_id });
    await db.updateTable('grid_boxes').set({ culled: true }).where('grid_box_id', '=', boxes3[1]!).execute();
  });

  it('answers hand-computed coverage per room around the round boundary', async () => {
    const res = await call('GET', '/get_scouting_coverage', a.regular.auth, { company_id: a.companyId });
    expect(res.statusCode, res.body).toBe(200);
    const rooms = res.json().rooms as Array<Record<string, unknown>>;
    const one = rooms.find((r) => r.RoomID === r1)!;
    // 10 boxes: the 4 of grid "Four" (grid mark 2 days ago), box 1 (1 day ago) and box 4 (5 minutes
    // after the round began) are in the round; box 2 (4 days) and box 3 (5 minutes before it) are not;
    // box 5 (8 days) and box 6 (only the 10-day room mark; a batch problem is no visit) are overdue.
    expect(one).toMatchObject({
      Name: 'Coverage one', due_every_days: 7, room_override: false, boxes_total: 10, boxes_scouted: 6, boxes_overdue: 2,
      last_scouted_by: a.admin.user_id, last_scouted_by_name: 'Test Admin', overdue: true,
    });
    const roundStart = Date.parse(one.round_started_at as string);
    expect(Math.abs(roundStart - (Date.now() - 3 * DAY_MS))).toBeLessThan(MIN);
    expect(Math.abs(Date.parse(one.last_scouted_at as string) - (Date.now() - DAY_MS))).toBeLessThan(MIN);

    // Room two: its own 30 days, one culled box out, the room mark 10 days ago is before the round but in time.
    expect(rooms.find((r) => r.RoomID === r2)).toMatchObject({
      due_every_days: 30, room_override: true, boxes_total: 1, boxes_scouted: 0, boxes_overdue: 0,
      last_scouted_by: a.admin.user_id, overdue: false,
    });
    expect(rooms.find((r) => r.RoomID === r3)).toMatchObject({
      due_every_days: 7, boxes_total: 0, boxes_scouted: 0, last_scouted_at: null, last_scouted_by: null, overdue: false,
    });
    expect(res.json().overdue_GridBoxIDs).toBeUndefined();
  });

  it('lists the overdue boxes of one room', async () => {
    const res = await call('GET', '/get_scouting_coverage', a.regular.auth, { company_id: a.companyId, room_id: r1 });
    expect(res.json().rooms).toHaveLength(1);
    expect(res.json().overdue_GridBoxIDs).toEqual([box5, box6].sort((x, y) => x - y));
    const two = await call('GET', '/get_scouting_coverage', a.regular.auth, { company_id: a.companyId, room_id: r2 });
    expect(two.json().overdue_GridBoxIDs).toEqual([]);
  });

  it('takes the interval as the round when it starts later than the last reset, and nothing is overdue without one', async () => {
    await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, due_every_days: 2 });
    const short = (await call('GET', '/get_scouting_coverage', a.regular.auth, { company_id: a.companyId, room_id: r1 })).json();
    // The round is now the last 2 days: only box 1 (1 day ago) is in it; the grid mark made exactly 2 days
    // before the data was set up has just left it, so those 4 boxes are overdue with boxes 2 to 6.
    expect(short.rooms[0]).toMatchObject({ due_every_days: 2, boxes_scouted: 1, boxes_overdue: 9 });
    await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, due_every_days: 0 });
    const none = (await call('GET', '/get_scouting_coverage', a.regular.auth, { company_id: a.companyId, room_id: r1 })).json();
    expect(none.rooms[0]).toMatchObject({ due_every_days: null, boxes_scouted: 6, boxes_overdue: 0, overdue: false });
    expect(none.overdue_GridBoxIDs).toEqual([]);
    await call('POST', '/set_scouting_frequency', a.admin.auth, { company_id: a.companyId, due_every_days: 7 });
  });

  it('never shows another company its rooms', async () => {
    expect((await call('GET', '/get_scouting_coverage', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await call('GET', '/get_scouting_coverage', b.regular.auth, { company_id: b.companyId, room_id: r1 })).statusCode).toBe(404);
    const own = await call('GET', '/get_scouting_coverage', b.regular.auth, { company_id: b.companyId });
    expect(own.json().rooms.map((r: { RoomID: number }) => r.RoomID)).not.toContain(r1);
    expect((await call('GET', '/get_scouting_coverage', a.regular.auth, {})).json().message).toBe('company_id is required.');
    expect((await call('GET', '/get_scouting_coverage', a.regular.auth, { company_id: a.companyId, room_id: 'x' })).statusCode).toBe(400);
  });
});
