import { beforeAll, describe, expect, it } from 'vitest';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

let r1: number;
let r2: number;
const kit = facilityKit(() => t.app);
const { call } = kit;

useTwoTenants();
beforeAll(async () => {
  r1 = await kit.room(a);
  r2 = await kit.room(a);
});

describe('room scroll', () => {
  it('starts at 0 and remembers StartScroll, or setValue as its alias, from the query or the body', async () => {
    expect((await call('GET', '/get_room_scroll', a.regular.auth, { company_id: a.companyId, room_id: r1 })).json()).toEqual({ status: 'success', room_id: r1, StartScroll: 0 });
    const put = await call('PUT', '/update_room_scroll', a.regular.auth, {}, { company_id: a.companyId, room_id: r1, StartScroll: 420 });
    expect(put.json()).toMatchObject({ status: 'success', room_id: r1, StartScroll: 420 });
    await call('PUT', '/update_room_scroll', a.regular.auth, { company_id: a.companyId, room_id: r2, setValue: 17 });
    expect((await call('GET', '/get_room_scroll', a.regular.auth, { company_id: a.companyId, room_id: r2 })).json().StartScroll).toBe(17);
  });

  it('sets every room with update_all_room_scroll', async () => {
    const res = await call('PUT', '/update_all_room_scroll', a.admin.auth, {}, { company_id: a.companyId, setValue: 3 });
    expect(res.json()).toEqual({ status: 'success', message: 'Scroll position saved.', StartScroll: 3, rooms_updated: 2 });
    expect((await call('GET', '/get_room_scroll', a.regular.auth, { company_id: a.companyId, room_id: r1 })).json().StartScroll).toBe(3);
  });

  it('puts the room back to its start when only company_id and room_id are sent, as the spec lists them', async () => {
    await call('PUT', '/update_room_scroll', a.regular.auth, {}, { company_id: a.companyId, room_id: r1, StartScroll: 640 });
    const fromBody = await call('PUT', '/update_room_scroll', a.regular.auth, {}, { company_id: a.companyId, room_id: r1 });
    expect(fromBody.statusCode).toBe(200);
    expect(fromBody.json()).toEqual({ status: 'success', message: 'Scroll position saved.', room_id: r1, StartScroll: 0 });
    expect((await call('GET', '/get_room_scroll', a.regular.auth, { company_id: a.companyId, room_id: r1 })).json().StartScroll).toBe(0);
    await call('PUT', '/update_room_scroll', a.regular.auth, {}, { company_id: a.companyId, room_id: r2, StartScroll: 90 });
    const fromQuery = await call('PUT', '/update_room_scroll', a.regular.auth, { company_id: a.companyId, room_id: r2 });
    expect(fromQuery.json()).toMatchObject({ status: 'success', room_id: r2, StartScroll: 0 });
    expect((await call('GET', '/get_room_scroll', a.regular.auth, { company_id: a.companyId, room_id: r2 })).json().StartScroll).toBe(0);
  });

  it('names missing or bad values', async () => {
    expect((await call('PUT', '/update_room_scroll', a.regular.auth, {}, { company_id: a.companyId })).json()).toMatchObject({ field: 'room_id' });
    expect((await call('PUT', '/update_room_scroll', a.regular.auth, {}, { company_id: a.companyId, room_id: r1, StartScroll: -1 })).json()).toMatchObject({ field: 'StartScroll' });
    expect((await call('PUT', '/update_all_room_scroll', a.regular.auth, {}, { company_id: a.companyId })).json()).toMatchObject({ message: 'setValue is required.' });
  });

  it("answers 403 for another company_id and 404 for another company's room", async () => {
    expect((await call('GET', '/get_room_scroll', b.regular.auth, { company_id: a.companyId, room_id: r1 })).statusCode).toBe(403);
    expect((await call('GET', '/get_room_scroll', b.regular.auth, { company_id: b.companyId, room_id: r1 })).statusCode).toBe(404);
    expect((await call('PUT', '/update_room_scroll', b.regular.auth, {}, { company_id: b.companyId, room_id: r1, StartScroll: 9 })).statusCode).toBe(404);
    expect((await call('PUT', '/update_all_room_scroll', b.regular.auth, {}, { company_id: a.companyId, setValue: 9 })).statusCode).toBe(403);
  });
});
