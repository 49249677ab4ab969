import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { writeAudit } from '../../lib/audit.js';
import type { Tenant } from '../../test/fixtures/facility-test-kit.js';
import { utcDate } from '@verdant/contract';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let roomId: number;
let systemId: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers: object, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method, url: `/api${path}`, headers: headers as Record<string, string>,
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) } : { payload: body }),
  });

const note = (who: Tenant['regular'], title: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/add_audit_event', who.auth, { CompanyID: a.companyId, UserID: who.user_id, EventTitle: title, RoomID: null, BatchID: null, ...extra });

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  roomId = (await t.app.db.insertInto('rooms').values({ company_id: a.companyId, name: 'Veg 1' }).returning('room_id').executeTakeFirstOrThrow()).room_id;
  await writeAudit(t.app.db, { companyId: a.companyId, userId: a.admin.user_id, action: 'batch.harvest', entityType: 'batch', entityId: 7, before: { status: 'Active' }, after: { status: 'Harvested' } });
  await writeAudit(t.app.db, { companyId: b.companyId, userId: b.admin.user_id, action: 'room.created', entityType: 'room', entityId: 1 });
  systemId = Number((await t.app.db.selectFrom('audit_events').select('id').where('company_id', '=', a.companyId).where('action', '=', 'batch.harvest').executeTakeFirstOrThrow()).id);
});
afterAll(() => t.close());

describe('audit', () => {
  it('adds a note and lists the trail newest first with readable titles', async () => {
    const added = await note(a.regular, `Submitted MultiSelect Template in room Veg 1`, { RoomID: roomId, response_id: null });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      status: 'success', message: 'Audit event added.',
      event: { UserID: a.regular.user_id, EventTitle: 'Submitted MultiSelect Template in room Veg 1', Action: 'note', EntityType: 'audit_note', RoomID: roomId, BatchID: null, editable: true },
    });
    const list = await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.events[0]).toMatchObject({ Action: 'note', editable: true });
    const harvest = body.events.find((e: { Action: string }) => e.Action === 'batch.harvest');
    expect(harvest).toMatchObject({ EventTitle: 'Batch harvested', BatchID: 7, UserName: 'Test Admin', editable: false, before: { status: 'Active' }, after: { status: 'Harvested' } });
    expect(body.events.every((e: { CompanyID: number }) => e.CompanyID === a.companyId)).toBe(true);
    expect(body.total_count).toBe(body.events.length);
  });

  it('filters by kind, person, dates and pages', async () => {
    const byKind = (await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId, entity_type: 'batch' })).json();
    expect(byKind.events.map((e: { Action: string }) => e.Action)).toEqual(['batch.harvest']);
    const byAction = (await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId, action: 'note' })).json();
    expect(byAction.events.every((e: { Action: string }) => e.Action === 'note')).toBe(true);
    const byUser = (await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId, user_id: a.regular.user_id })).json();
    expect(byUser.events.every((e: { UserID: number }) => e.UserID === a.regular.user_id)).toBe(true);
    const future = (await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId, start_date: '2999-01-01' })).json();
    expect(future).toMatchObject({ events: [], total_count: 0 });
    const today = utcDate();
    const paged = (await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId, start_date: today, end_date: today, limit: 1, offset: 0 })).json();
    expect(paged.events).toHaveLength(1);
    expect(paged.total_count).toBeGreaterThan(1);
    expect((await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId, limit: 501 })).statusCode).toBe(400);
  });

  it('names missing and bad fields', async () => {
    expect((await call('GET', '/get_audit_events', a.admin.auth, {})).json().message).toBe('company_id is required.');
    expect((await note(a.regular, '   ')).json()).toMatchObject({ message: 'EventTitle is required.', field: 'EventTitle' });
    expect((await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId, start_date: 'soon' })).statusCode).toBe(400);
  });

  it('is readable by Admins and SuperAdmins only', async () => {
    expect((await call('GET', '/get_audit_events', a.superAdmin.auth, { company_id: a.companyId })).statusCode).toBe(200);
    expect((await call('GET', '/get_audit_events', a.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });

  it('answers 403 for another company and 404 for its ids', async () => {
    expect((await call('GET', '/get_audit_events', b.admin.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await call('POST', '/add_audit_event', b.regular.auth, { CompanyID: a.companyId, UserID: b.regular.user_id, EventTitle: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/add_audit_event', a.regular.auth, { CompanyID: a.companyId, UserID: b.regular.user_id, EventTitle: 'x' })).statusCode).toBe(404);
    const bRoom = (await t.app.db.insertInto('rooms').values({ company_id: b.companyId, name: 'B' }).returning('room_id').executeTakeFirstOrThrow()).room_id;
    expect((await note(a.regular, 'x', { RoomID: bRoom })).statusCode).toBe(404);
    const id = (await note(a.regular, 'A only')).json().event.id;
    expect((await call('PUT', `/update_audit_event/${id}`, b.admin.auth, { EventTitle: 'y' })).statusCode).toBe(404);
    expect((await call('DELETE', `/delete_audit_event/${id}`, b.admin.auth)).statusCode).toBe(404);
  });

  it('never changes a system event', async () => {
    const res = await call('PUT', `/update_audit_event/${systemId}`, a.superAdmin.auth, { EventTitle: 'Nothing happened' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('System events cannot be changed.');
    expect((await call('DELETE', `/delete_audit_event/${systemId}`, a.superAdmin.auth)).json().message).toBe('System events cannot be changed.');
  });

  it('lets the author edit, and keeps another user’s note from a Regular', async () => {
    const mine = (await note(a.regular, 'Sprayed neem')).json().event.id;
    const edited = await call('PUT', `/update_audit_event/${mine}`, a.regular.auth, { EventTitle: 'Sprayed neem oil' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: 'Audit event updated.', event: { EventTitle: 'Sprayed neem oil', editable: true } });
    const admins = (await note(a.admin, 'Admin note')).json().event.id;
    const denied = await call('PUT', `/update_audit_event/${admins}`, a.regular.auth, { EventTitle: 'x' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You can only change your own notes.');
    expect((await call('DELETE', `/delete_audit_event/${admins}`, a.regular.auth)).statusCode).toBe(403);
    expect((await call('PUT', `/update_audit_event/${mine}`, a.admin.auth, { EventTitle: 'Moderated' })).statusCode).toBe(200);
    const edits = await t.app.db.selectFrom('audit_events').select(['before', 'after']).where('action', '=', 'audit_note.edited').where('entity_id', '=', String(mine)).execute();
    expect(edits.map((e) => e.after)).toEqual([{ EventTitle: 'Sprayed neem oil' }, { EventTitle: 'Moderated' }]);
  });

  it('deletes a note and records the deletion', async () => {
    const id = (await note(a.regular, 'Temporary')).json().event.id;
    const res = await call('DELETE', `/delete_audit_event/${id}`, a.regular.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Audit event deleted.', id });
    expect((await call('DELETE', `/delete_audit_event/${id}`, a.regular.auth)).statusCode).toBe(404);
    const list = (await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId, entity_type: 'audit_note' })).json();
    expect(list.events.find((e: { id: number }) => e.id === id)).toBeUndefined();
    expect(list.events.find((e: { Action: string; EntityID: string }) => e.Action === 'audit_note.deleted' && e.EntityID === String(id)))
      .toMatchObject({ EventTitle: 'Audit note deleted', editable: false, before: { EventTitle: 'Temporary', UserID: a.regular.user_id } });
  });

  it("records a Regular user naming a colleague as themselves; an Admin may name one, and stays the note's author", async () => {
    const named = await call('POST', '/add_audit_event', a.regular.auth, { CompanyID: a.companyId, UserID: a.admin.user_id, EventTitle: 'Named the admin' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().event.UserID).toBe(a.regular.user_id);
    const forColleague = await call('POST', '/add_audit_event', a.admin.auth, { CompanyID: a.companyId, UserID: a.regular.user_id, EventTitle: 'From the paper log' });
    expect(forColleague.json().event.UserID).toBe(a.regular.user_id);
    const row = await t.app.db.selectFrom('audit_events').select('after').where('id', '=', forColleague.json().event.id).executeTakeFirstOrThrow();
    expect(row.after).toMatchObject({ AuthorID: a.admin.user_id });
  });

  it("refuses another company's user as the trail's user filter", async () => {
    expect((await call('GET', '/get_audit_events', a.admin.auth, { company_id: a.companyId, user_id: b.regular.user_id })).statusCode).toBe(404);
  });

  it('pages by cursor through a trail past the count cap, which it says (issue 19)', async () => {
    const c = await makeTenant(t.app);
    // 10,050 events, many sharing one instant: the cursor must neither skip nor repeat rows of a tie.
    await sql`
      INSERT INTO audit_events (company_id, user_id, action, entity_type, entity_id, created_at)
      SELECT ${c.companyId}, ${c.admin.user_id}, CASE WHEN i % 100 = 0 THEN 'grid.created' ELSE 'box.renamed' END, 'grid', i::text,
             timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i / 7 + 0.000001 * (i % 3))
      FROM generate_series(1, 10050) i`.execute(t.app.db);
    const expected = await t.app.db.selectFrom('audit_events').select('id').where('company_id', '=', c.companyId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 30; page++) {
      const res = await call('GET', '/get_audit_events', c.admin.auth, { company_id: c.companyId, limit: 500, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total_count: 10_000, total_capped: true });
      seen.push(...body.events.map((e: { id: number }) => e.id));
      cursor = body.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected.map((e) => Number(e.id)));

    const first = (await call('GET', '/get_audit_events', c.admin.auth, { company_id: c.companyId, limit: 3 })).json();
    const skipped = (await call('GET', '/get_audit_events', c.admin.auth, { company_id: c.companyId, limit: 2, offset: 1, cursor: first.next_cursor })).json();
    expect(skipped.events.map((e: { id: number }) => e.id)).toEqual(expected.slice(4, 6).map((e) => Number(e.id)));
    const narrow = (await call('GET', '/get_audit_events', c.admin.auth, { company_id: c.companyId, action: 'grid.created' })).json();
    expect(narrow).toMatchObject({ total_count: 100, total_capped: false, next_cursor: null });

    for (const bad of ['not a cursor!', Buffer.from('yesterday|1').toString('base64url'), Buffer.from('2026-01-01|x').toString('base64url')]) {
      const res = await call('GET', '/get_audit_events', c.admin.auth, { company_id: c.companyId, cursor: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().field).toBe('cursor');
    }
  });
});
