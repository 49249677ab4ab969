import { beforeAll, describe, expect, it } from 'vitest';
import { makeTenant } from '../../test/factories.js';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { markScanned } from './scouting.service.js';

let roomId: number;
let gridId: number;
const kit = facilityKit(() => t.app);
const { call } = kit;

useTwoTenants();
beforeAll(async () => {
  roomId = await kit.room(a, 'Scouted');
  gridId = await kit.grid(a, roomId);
});

describe('marking scanned', () => {
  it('marks a room and a grid scanned in the first round, by the caller whoever user_id names', async () => {
    const room = await call('POST', '/mark_room_scanned', a.regular.auth, { room_id: roomId, user_id: a.regular.user_id });
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json()).toMatchObject({ status: 'success', RoomID: roomId, Scanned: true, LastScannedBy: a.regular.user_id, LastScannedByName: 'Test Regular' });
    const grid = await call('POST', '/mark_grid_scanned', a.regular.auth, { grid_id: gridId, user_id: a.admin.user_id });
    expect(grid.json()).toMatchObject({ GridID: gridId, Scanned: true, LastScannedBy: a.regular.user_id, round_id: room.json().round_id });
    const load = await call('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: a.companyId, room_id: roomId });
    expect(load.json().rooms[0]).toMatchObject({ Scanned: true, LastScannedBy: a.regular.user_id, grids: [{ Scanned: true }] });
  });

  it('names missing ids and refuses other companies', async () => {
    expect((await call('POST', '/mark_room_scanned', a.regular.auth, { user_id: a.regular.user_id })).json()).toMatchObject({ message: 'room_id is required.' });
    expect((await call('POST', '/mark_room_scanned', b.regular.auth, { room_id: roomId, user_id: b.regular.user_id })).statusCode).toBe(404);
    expect((await call('POST', '/mark_grid_scanned', a.regular.auth, { grid_id: gridId, user_id: b.regular.user_id })).statusCode).toBe(404);
    expect((await call('GET', '/get_room_scan_details', b.regular.auth, { room_id: roomId })).statusCode).toBe(404);
    expect((await call('GET', '/get_grid_scan_details', b.regular.auth, { grid_id: gridId })).statusCode).toBe(404);
  });
});

describe('reset and details', () => {
  it('resets only the caller company, starts a new round and keeps the earlier marks as history', async () => {
    const roomB = await kit.room(b, 'B room');
    await call('POST', '/mark_room_scanned', b.regular.auth, { room_id: roomB, user_id: b.regular.user_id });
    expect((await call('POST', '/reset_scanned_status', a.regular.auth)).statusCode).toBe(403);
    const reset = await call('POST', '/reset_scanned_status', a.admin.auth);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ status: 'success', rooms_reset: 1, grids_reset: 1, round: { started_by: a.admin.user_id } });
    expect((await call('POST', '/reset_scanned_status', a.admin.auth, { company_id: b.companyId })).statusCode).toBe(403);

    const stillB = await call('GET', '/get_room_scan_details', b.regular.auth, { room_id: roomB });
    expect(stillB.json().Scanned).toBe(true);

    const details = await call('GET', '/get_room_scan_details', a.regular.auth, { room_id: roomId });
    expect(details.json()).toMatchObject({
      RoomID: roomId, Name: 'Scouted', Scanned: false, LastScannedBy: a.regular.user_id,
      current_round: { round_id: reset.json().round.round_id }, marks: [],
    });
    expect(details.json().previous_rounds[0].last_mark).toMatchObject({ user_id: a.regular.user_id, user_name: 'Test Regular' });

    await call('POST', '/mark_grid_scanned', a.regular.auth, { grid_id: gridId, user_id: a.regular.user_id });
    const grid = await call('GET', '/get_grid_scan_details', a.regular.auth, { grid_id: gridId });
    expect(grid.json()).toMatchObject({ GridID: gridId, Scanned: true, marks: [{ user_id: a.regular.user_id }] });
    expect(grid.json().previous_rounds[0].last_mark.user_id).toBe(a.regular.user_id);
    const audit = await t.app.db.selectFrom('audit_events').select('action').where('company_id', '=', a.companyId).where('action', '=', 'scouting.reset').execute();
    expect(audit).toHaveLength(1);
  });

  it('answers details with no round for a company that never scanned', async () => {
    const c = await makeTenant(t.app);
    const r = await kit.room(c);
    expect((await call('GET', '/get_room_scan_details', c.regular.auth, { room_id: r })).json()).toMatchObject({
      Scanned: false, ScannedDateTime: null, current_round: null, marks: [], previous_rounds: [],
    });
  });

  it("a company's first mark opens its first round at the mark's own time, so the mark counts in it", async () => {
    const c = await makeTenant(t.app);
    const r = await kit.room(c);
    const g = await kit.grid(c, r, 2, 2);
    // A clock reading taken before the transaction began (as every request's is): the round must not start after it.
    const at = new Date(Date.now() - 60_000);
    const caller = { user_id: c.regular.user_id, company_id: c.companyId, user_role: 'Regular' as const };
    await markScanned(t.app, caller, { kind: 'grid', id: g }, c.regular.user_id, at);
    const round = await t.app.db.selectFrom('scouting_rounds').select('started_at').where('company_id', '=', c.companyId).executeTakeFirstOrThrow();
    expect(new Date(round.started_at).getTime()).toBe(at.getTime());
    const coverage = await call('GET', '/get_scouting_coverage', c.regular.auth, { company_id: c.companyId });
    expect(coverage.statusCode, coverage.body).toBe(200);
    expect(coverage.json().rooms).toMatchObject([{ RoomID: r, boxes_total: 4, boxes_scouted: 4 }]);
  });
});
