import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import type { Tenant } from '../../test/fixtures/facility-test-kit.js';
import { scoutingPlace } from '../../test/fixtures/form-responses.test-kit.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let responseId: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers: object, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method, url: `/api${path}`, headers: headers as Record<string, string>,
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) } : { payload: body }),
  });

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  const place = await scoutingPlace(t.app, a);
  const res = await call('POST', '/submit_form', a.regular.auth, {
    submittedBy: a.regular.user_id,
    fieldResponses: [{ fieldID: place.scouting.field.Problem, inputData: 'Aphids' }, { fieldID: place.scouting.field['Irrigation ok'], inputData: 'Yes' }],
  });
  responseId = res.json().response_id;
});
afterAll(() => t.close());

describe('comments', () => {
  it('adds, lists in order, edits own and deletes own', async () => {
    const first = await call('POST', '/add_comment', a.regular.auth, { ResponseID: responseId, UserID: a.regular.user_id, CommentText: '  Released predators.  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', comment: { ResponseID: responseId, UserID: a.regular.user_id, CommentText: 'Released predators.', UserName: 'Test Regular', edited: false } });
    await call('POST', '/add_comment', a.admin.auth, { ResponseID: responseId, UserID: a.admin.user_id, CommentText: 'Thanks.' });
    const list = await call('GET', '/get_comments', a.regular.auth, { ResponseID: responseId });
    expect(list.json().comments.map((c: { CommentText: string }) => c.CommentText)).toEqual(['Released predators.', 'Thanks.']);
    const id = first.json().comment.CommentID;
    const edited = await call('PUT', '/edit_comment', a.regular.auth, { CommentID: id, UserID: a.regular.user_id, CommentText: 'Released predatory mites.' });
    expect(edited.json()).toMatchObject({ comment: { CommentText: 'Released predatory mites.', edited: true } });
    const deleted = await call('DELETE', '/delete_comment', a.regular.auth, { CommentID: id, UserID: a.regular.user_id });
    expect(deleted.json()).toMatchObject({ status: 'success', CommentID: id });
    expect((await call('GET', '/get_comments', a.regular.auth, { ResponseID: responseId })).json().comments).toHaveLength(1);
    const actions = await t.app.db.selectFrom('audit_events').select('action').where('company_id', '=', a.companyId).where('entity_type', '=', 'comment').execute();
    expect(actions.map((x) => x.action).sort()).toEqual(['comment.added', 'comment.added', 'comment.deleted', 'comment.edited']);
  });

  it('lets only the author edit, and the author or an Admin delete', async () => {
    const mine = (await call('POST', '/add_comment', a.regular.auth, { ResponseID: responseId, UserID: a.regular.user_id, CommentText: 'Mine' })).json().comment.CommentID;
    const admins = (await call('POST', '/add_comment', a.admin.auth, { ResponseID: responseId, UserID: a.admin.user_id, CommentText: 'Admin' })).json().comment.CommentID;
    expect((await call('PUT', '/edit_comment', a.admin.auth, { CommentID: mine, UserID: a.admin.user_id, CommentText: 'x' })).json()).toMatchObject({ message: 'You can only edit your own comments.' });
    // Naming the author does not make one: the edit is still the Admin's, on someone else's comment.
    expect((await call('PUT', '/edit_comment', a.admin.auth, { CommentID: mine, UserID: a.regular.user_id, CommentText: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', '/delete_comment', a.regular.auth, { CommentID: admins, UserID: a.regular.user_id })).statusCode).toBe(403);
    expect((await call('DELETE', '/delete_comment', a.admin.auth, { CommentID: mine, UserID: a.admin.user_id })).statusCode).toBe(200);
  });

  it("records a Regular user naming a colleague as the comment's author themselves", async () => {
    const res = await call('POST', '/add_comment', a.regular.auth, { ResponseID: responseId, UserID: a.admin.user_id, CommentText: 'as admin' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.app.db.selectFrom('comments').select('user_id').where('comment_id', '=', res.json().comment.CommentID).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(a.regular.user_id);
  });

  it('names missing and bad fields', async () => {
    expect((await call('POST', '/add_comment', a.regular.auth, { ResponseID: responseId, UserID: a.regular.user_id, CommentText: '   ' })).json()).toMatchObject({ message: 'CommentText is required.', field: 'CommentText' });
    expect((await call('POST', '/add_comment', a.regular.auth, { ResponseID: responseId, UserID: a.regular.user_id, CommentText: 'x'.repeat(2001) })).json().message).toBe('CommentText must be at most 2000 characters.');
    expect((await call('POST', '/add_comment', a.regular.auth, { UserID: a.regular.user_id, CommentText: 'x' })).json().message).toBe('ResponseID is required.');
    expect((await call('GET', '/get_comments', a.regular.auth, {})).json().message).toBe('ResponseID is required.');
    expect((await call('DELETE', '/delete_comment', a.regular.auth, { UserID: a.regular.user_id })).json().message).toBe('CommentID is required.');
  });

  it('answers 404 for another company’s response, comment or user', async () => {
    const id = (await call('POST', '/add_comment', a.regular.auth, { ResponseID: responseId, UserID: a.regular.user_id, CommentText: 'A only' })).json().comment.CommentID;
    expect((await call('GET', '/get_comments', b.regular.auth, { ResponseID: responseId })).statusCode).toBe(404);
    expect((await call('POST', '/add_comment', b.regular.auth, { ResponseID: responseId, UserID: b.regular.user_id, CommentText: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', '/edit_comment', b.regular.auth, { CommentID: id, UserID: b.regular.user_id, CommentText: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/delete_comment', b.admin.auth, { CommentID: id, UserID: b.admin.user_id })).statusCode).toBe(404);
    expect((await call('POST', '/add_comment', b.regular.auth, { ResponseID: responseId, UserID: a.regular.user_id, CommentText: 'x' })).statusCode).toBe(404);
  });
});
