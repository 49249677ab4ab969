import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultantsMessages, usersMessages } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { scoutingPlace } from '../../test/fixtures/form-responses.test-kit.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** A's two rooms: the consultant is given `open` only. */
let open: Awaited<ReturnType<typeof scoutingPlace>>;
let closed: { roomId: number; gridId: number };
let bRoom: number;
let openResponse: number;
let closedResponse: number;

const kit = facilityKit(() => t.app);
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, headers: object, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method, url: `/api${path}`, headers: headers as Record<string, string>,
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) } : { payload: body }),
  });

async function submitScouting(gridBoxId: number) {
  const res = await call('POST', '/submit_form', a.regular.auth, {
    submittedBy: a.regular.user_id,
    GridBoxID: gridBoxId,
    fieldResponses: [{ fieldID: open.scouting.field.Problem, inputData: 'Aphids' }, { fieldID: open.scouting.field['Irrigation ok'], inputData: 'Yes' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response_id as number;
}

async function invite(email: string, roomIds: number[], as = a.admin) {
  return call('POST', '/invite_consultant', as.auth, { company_id: a.companyId, email, name: 'Iris Adviser', room_ids: roomIds });
}

/** Signs the invitee up with the mailed token; answers their headers. */
async function signUp(email: string, token: string) {
  const res = await call('POST', '/Create_new_user', {}, { first_name: 'Iris', last_name: 'Adviser', email, password: 'Lacewing larvae 2026!', invite_token: token });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { auth: { authorization: `Bearer ${data.access_token}` }, user: data.user as { user_id: number; user_role: string } };
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  open = await scoutingPlace(t.app, a, 'Propagation');
  const closedRoom = await kit.room(a, 'Mother Room');
  closed = { roomId: closedRoom, gridId: await kit.grid(a, closedRoom) };
  bRoom = await kit.room(b, 'Other company room');
  openResponse = await submitScouting(open.boxes[0]!);
  closedResponse = await submitScouting((await kit.boxes(closed.gridId))[0]!.grid_box_id);
});
afterAll(() => t.close());

describe('inviting a consultant', () => {
  it('refuses a Regular user, another company, its rooms and bad input', async () => {
    expect((await invite('x@example.com', [open.roomId], a.regular)).statusCode).toBe(403);
    const other = await call('POST', '/invite_consultant', b.admin.auth, { company_id: a.companyId, email: 'x@example.com', name: 'X', room_ids: [open.roomId] });
    expect(other.statusCode).toBe(403);
    expect((await invite('x@example.com', [bRoom])).statusCode).toBe(404);
    const none = await invite('x@example.com', []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('room_ids must name at least one room.');
    const badEmail = await invite('not-an-address', [open.roomId]);
    expect(badEmail.json().message).toBe('email must be a valid e-mail address.');
    const staff = await invite(a.regular.email, [open.roomId]);
    expect([staff.statusCode, staff.json().message]).toEqual([409, consultantsMessages.staffEmail]);
    const otherCompany = await invite(b.regular.email, [open.roomId]);
    expect([otherCompany.statusCode, otherCompany.json().message]).toEqual([409, consultantsMessages.otherCompany]);
  });
});

describe('a consultant from invitation to revocation', () => {
  const email = 'iris.adviser@example.com';
  let consultantId: number;
  let consultant: Awaited<ReturnType<typeof signUp>>;

  it('is invited with a mailed sign-up link and listed with their rooms', async () => {
    const res = await invite(email, [open.roomId, open.roomId]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(consultantsMessages.invited);
    expect(body.consultant).toMatchObject({ email, name: 'Iris Adviser', state: 'invited', user_id: null, rooms: [{ room_id: open.roomId, name: 'Propagation' }] });
    consultantId = body.consultant.consultant_id;
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toContain(`/signUp?invite_token=${body.invite_token}`);
    expect(mail.text).toContain('consultant, with read-only access to chosen rooms');
    const again = await invite(email.toUpperCase(), [open.roomId]);
    expect([again.statusCode, again.json().message]).toEqual([409, consultantsMessages.alreadyConsultant]);
    consultant = await signUp(email, body.invite_token);
    expect(consultant.user.user_role).toBe('Consultant');
    const list = await call('GET', '/get_consultants', a.admin.auth, { company_id: a.companyId });
    expect(list.json().consultants).toMatchObject([{ consultant_id: consultantId, state: 'active', user_id: consultant.user.user_id }]);
    expect((await call('GET', '/get_consultants', a.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await call('GET', '/get_consultants', b.admin.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });

  it('reads the granted room, its grids, problems and responses, and comments on them', async () => {
    const rooms = await call('GET', '/get_consultant_rooms', consultant.auth, { company_id: a.companyId });
    expect(rooms.json().rooms).toEqual([{ room_id: open.roomId, name: 'Propagation' }]);
    const load = await call('GET', '/load_room_grids_boxes', consultant.auth, { company_id: a.companyId, room_id: open.roomId });
    expect(load.statusCode, load.body).toBe(200);
    expect(load.json().rooms.map((r: { RoomID: number }) => r.RoomID)).toEqual([open.roomId]);
    expect((await call('GET', '/get_unresolved_problems_for_grid', consultant.auth, { grid_id: open.gridId })).statusCode).toBe(200);
    expect((await call('GET', '/get_field_responses_by_gridbox', consultant.auth, { GridBoxID: open.boxes[0]! })).statusCode).toBe(200);
    expect((await call('GET', '/get_problem_observations', consultant.auth, { company_id: a.companyId, room_id: open.roomId })).statusCode).toBe(200);
    const report = await call('GET', '/get_trends_report_graph', consultant.auth, { company_id: a.companyId, room_ids: String(open.roomId), date_option: 'weeks_ago', weeks_ago: 2 });
    expect(report.statusCode, report.body).toBe(200);
    const comment = await call('POST', '/add_comment', consultant.auth, { ResponseID: openResponse, UserID: consultant.user.user_id, CommentText: 'Release Aphidius here.' });
    expect(comment.statusCode, comment.body).toBe(200);
    const comments = await call('GET', '/get_comments', a.regular.auth, { ResponseID: openResponse });
    expect(comments.json().comments.map((c: { CommentText: string }) => c.CommentText)).toEqual(['Release Aphidius here.']);
  });

  it('is refused another room of the company, the whole company, another company and every write', async () => {
    const other = await call('GET', '/load_room_grids_boxes', consultant.auth, { company_id: a.companyId, room_id: closed.roomId });
    expect(other.statusCode).toBe(404);
    const everything = await call('GET', '/load_room_grids_boxes', consultant.auth, { company_id: a.companyId });
    expect([everything.statusCode, everything.json().message]).toEqual([403, consultantsMessages.nameARoom]);
    expect((await call('GET', '/get_unresolved_problems_for_grid', consultant.auth, { grid_id: closed.gridId })).statusCode).toBe(404);
    expect((await call('GET', '/get_comments', consultant.auth, { ResponseID: closedResponse })).statusCode).toBe(404);
    const mixed = await call('GET', '/get_trends_report_graph', consultant.auth, { company_id: a.companyId, room_ids: `${open.roomId},${closed.roomId}`, date_option: 'weeks_ago', weeks_ago: 2 });
    expect(mixed.statusCode).toBe(404);
    const noRooms = await call('GET', '/get_trends_report_graph', consultant.auth, { company_id: a.companyId, date_option: 'weeks_ago', weeks_ago: 2 });
    expect(noRooms.statusCode).toBe(403);
    expect((await call('GET', '/load_room_grids_boxes', consultant.auth, { company_id: b.companyId, room_id: bRoom })).statusCode).toBe(403);
    const closedComment = await call('POST', '/add_comment', consultant.auth, { ResponseID: closedResponse, UserID: consultant.user.user_id, CommentText: 'No.' });
    expect(closedComment.statusCode).toBe(404);
    for (const [method, path, body] of [
      ['POST', '/create_room', { company_id: a.companyId, name: 'Mine' }],
      ['POST', '/submit_form', { submittedBy: consultant.user.user_id, GridBoxID: open.boxes[0]!, fieldResponses: [{ fieldID: open.scouting.field.Problem, inputData: 'Aphids' }] }],
      ['POST', '/manage_problem', { problemID: 1, action: 'resolve', userID: consultant.user.user_id }],
      ['GET', '/load_users', { company_id: a.companyId }],
      ['GET', '/get_batches', { company_id: a.companyId }],
      ['POST', '/invite_consultant', { company_id: a.companyId, email: 'friend@example.com', name: 'Friend', room_ids: [open.roomId] }],
    ] as const) {
      const res = await call(method, path, consultant.auth, body);
      expect([path, res.statusCode, res.json().message]).toEqual([path, 403, consultantsMessages.notForConsultants]);
    }
  });

  it("cannot be made staff by a role change", async () => {
    const res = await call('POST', '/update_user_role', a.superAdmin.auth, { company_id: a.companyId, user_id: consultant.user.user_id, user_role: 'Admin' });
    expect([res.statusCode, res.json().message]).toEqual([403, usersMessages.consultantRole]);
  });

  it("sees a change of rooms on the very next request", async () => {
    const res = await call('POST', '/update_consultant_rooms', a.admin.auth, { company_id: a.companyId, consultant_id: consultantId, room_ids: [closed.roomId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().consultant.rooms).toEqual([{ room_id: closed.roomId, name: 'Mother Room' }]);
    expect((await call('GET', '/load_room_grids_boxes', consultant.auth, { company_id: a.companyId, room_id: open.roomId })).statusCode).toBe(404);
    expect((await call('GET', '/load_room_grids_boxes', consultant.auth, { company_id: a.companyId, room_id: closed.roomId })).statusCode).toBe(200);
    expect((await call('POST', '/update_consultant_rooms', a.admin.auth, { company_id: a.companyId, consultant_id: consultantId, room_ids: [bRoom] })).statusCode).toBe(404);
    expect((await call('POST', '/update_consultant_rooms', b.admin.auth, { company_id: b.companyId, consultant_id: consultantId, room_ids: [bRoom] })).statusCode).toBe(404);
    const audit = await t.app.db.selectFrom('audit_events').select(['action', 'user_id']).where('company_id', '=', a.companyId).where('entity_type', '=', 'consultant').orderBy('id').execute();
    expect(audit.map((e) => e.action)).toEqual(['consultant.invited', 'consultant.rooms_changed']);
  });

  it('is revoked at once: the next request is refused and sign-in too; a new grant restores the account', async () => {
    expect((await call('POST', '/revoke_consultant', b.admin.auth, { company_id: b.companyId, consultant_id: consultantId })).statusCode).toBe(404);
    const res = await call('POST', '/revoke_consultant', a.admin.auth, { company_id: a.companyId, consultant_id: consultantId });
    expect([res.statusCode, res.json().message]).toEqual([200, consultantsMessages.revoked]);
    expect((await call('GET', '/load_room_grids_boxes', consultant.auth, { company_id: a.companyId, room_id: closed.roomId })).statusCode).toBe(401);
    const login = await call('POST', '/login', {}, { email, password: 'Lacewing larvae 2026!' });
    expect(login.statusCode).not.toBe(200);
    expect((await call('GET', '/get_consultants', a.admin.auth, { company_id: a.companyId })).json().consultants).toEqual([]);
    expect((await call('POST', '/revoke_consultant', a.admin.auth, { company_id: a.companyId, consultant_id: consultantId })).statusCode).toBe(404);

    const back = await invite(email, [open.roomId]);
    expect([back.statusCode, back.json().message, back.json().invite_token]).toEqual([200, consultantsMessages.restored, null]);
    const again = await call('POST', '/login', {}, { email, password: 'Lacewing larvae 2026!' });
    expect(again.statusCode, again.body).toBe(200);
    const headers = { authorization: `Bearer ${again.json().data.access_token}` };
    expect((await call('GET', '/load_room_grids_boxes', headers, { company_id: a.companyId, room_id: open.roomId })).statusCode).toBe(200);
    expect((await call('GET', '/load_room_grids_boxes', headers, { company_id: a.companyId, room_id: closed.roomId })).statusCode).toBe(404);
  });

  it('answers staff every room of the company', async () => {
    const res = await call('GET', '/get_consultant_rooms', a.regular.auth, { company_id: a.companyId });
    expect(res.json().rooms.map((r: { room_id: number }) => r.room_id).sort()).toEqual([open.roomId, closed.roomId].sort());
    expect((await call('GET', '/get_consultant_rooms', b.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });
});
