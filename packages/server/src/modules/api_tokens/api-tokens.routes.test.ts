import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiTokenScopesFor, apiTokensMessages as msg, endpoints, type EndpointConfig } from '@verdant/contract';
import type { FastifyRequest } from 'fastify';
import { authenticate } from '../../plugins/auth.js';
import { makeUser } from '../../test/factories.js';
import { addObservation, makePlace } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';

useTwoTenants();
afterEach(() => vi.useRealTimers());

type Auth = Record<string, string>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (path: string, auth: Auth, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers: auth, payload });
const get = (path: string, auth: Auth, query: Record<string, string | number> = {}) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

async function created(tenant: Tenant, auth: Auth, scope: string, name = `script ${scope}`) {
  const res = await post('/create_api_token', auth, { company_id: tenant.companyId, name, scope });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; api_token: { token_id: number; hint: string; last_used_at: string | null } };
}
const users = (tenant: Tenant, auth: Auth) => get('/load_users', auth, { company_id: tenant.companyId });
const invite = (tenant: Tenant, auth: Auth) =>
  post('/create_invitation', auth, { company_id: tenant.companyId, email: `new-${Math.random().toString(36).slice(2)}@example.com`, role: 'Regular' });
const row = (tokenId: number) => t.app.db.selectFrom('api_tokens').selectAll().where('token_id', '=', tokenId).executeTakeFirstOrThrow();

describe('POST /create_api_token', () => {
  it('answers the token once; only its hash is kept, and the list shows it without the secret', async () => {
    const res = await created(a, a.regular.auth, 'read', 'Weather station export');
    expect(res.token).toMatch(new RegExp(`^vdt_${a.companyId}_${res.api_token.token_id}_[A-Za-z0-9_-]{43}$`));
    expect(res.api_token).toMatchObject({ name: 'Weather station export', scope: 'read', hint: `vdt_${a.companyId}_${res.api_token.token_id}_`, last_used_at: null });
    const stored = await row(res.api_token.token_id);
    expect(stored.token_hash).not.toContain(res.token.slice(-43));
    const list = (await get('/get_api_tokens', a.regular.auth, { company_id: a.companyId })).json();
    expect(list.api_tokens[0]).toEqual(res.api_token);
    expect(JSON.stringify(list)).not.toContain(res.token.slice(-43));
    const [event] = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'api_token.created').where('entity_id', '=', String(res.api_token.token_id)).execute();
    expect(event).toMatchObject({ company_id: a.companyId, user_id: a.regular.user_id });
  });

  it('names the field that is wrong', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ scope: 'read' }, 'name', 'name is required.'],
      [{ name: '   ', scope: 'read' }, 'name', 'name is required'],
      [{ name: 'x'.repeat(81), scope: 'read' }, 'name', 'name must be at most 80 characters'],
      [{ name: 'n' }, 'scope', 'scope is required.'],
      [{ name: 'n', scope: 'admin' }, 'scope', 'scope must be read, scouting or all'],
      [{ name: 'bad \u0000 name', scope: 'read' }, 'name', 'name'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await post('/create_api_token', a.admin.auth, { company_id: a.companyId, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toContain(message);
    }
  });

  it("refuses another company's company_id", async () => {
    const res = await post('/create_api_token', a.admin.auth, { company_id: b.companyId, name: 'n', scope: 'read' });
    expect(res.statusCode).toBe(403);
  });

  it('keeps at most 20 live tokens per person, also when two are made at once', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    for (let i = 0; i < 19; i++) await created(a, u.auth, 'read', `t${i}`);
    const both = await Promise.all([1, 2].map((i) => post('/create_api_token', u.auth, { company_id: a.companyId, name: `race ${i}`, scope: 'read' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(msg.tooMany);
  });
});

describe('calling with a token', () => {
  it('read: every GET, no write', async () => {
    const { token } = await created(a, a.admin.auth, 'read');
    expect((await users(a, bearer(token))).statusCode).toBe(200);
    const write = await invite(a, bearer(token));
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(msg.scopeRefused);
    const comment = await post('/add_comment', bearer(token), { ResponseID: 1, UserID: a.admin.user_id, CommentText: 'hi' });
    expect(comment.statusCode).toBe(403);
  });

  it('scouting: reads and the scouting writes, nothing else', async () => {
    const { token } = await created(a, a.admin.auth, 'scouting');
    expect((await users(a, bearer(token))).statusCode).toBe(200);
    // Past the scope check: the comment's own rules answer (the response does not exist).
    const comment = await post('/add_comment', bearer(token), { ResponseID: 2_000_000, UserID: a.admin.user_id, CommentText: 'thrips on row 4' });
    expect(comment.statusCode).toBe(404);
    const write = await invite(a, bearer(token));
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(msg.scopeRefused);
  });

  it('scouting: the bulk changes a scout makes (observations, tasks) and their undo, but not boxes nor their undo', async () => {
    const { token } = await created(a, a.regular.auth, 'scouting');
    const ids = [
      await addObservation(t.app, { companyId: a.companyId, problem: 'Thrips', status: 'open' }),
      await addObservation(t.app, { companyId: a.companyId, problem: 'Thrips', status: 'open' }),
    ];
    const resolved = await post('/bulk/observations', bearer(token), { company_id: a.companyId, observation_ids: ids, action: 'resolve' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const statuses = async () => (await t.app.db.selectFrom('problem_observations').select('status').where('observation_id', 'in', ids).execute()).map((r) => r.status);
    expect(await statuses()).toEqual(['resolved', 'resolved']);
    const undone = await post('/bulk/undo', bearer(token), { company_id: a.companyId, change_id: resolved.json().change.change_id });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await statuses()).toEqual(['open', 'open']);
    // Tasks: past the scope check, the bulk call's own rules answer (no such task: the whole is refused, 404).
    const tasks = await post('/bulk/tasks', bearer(token), { company_id: a.companyId, task_ids: [2_000_000], action: 'close' });
    expect(tasks.statusCode).toBe(404);

    // Boxes are the facility: refused by the scope, and so is undoing the owner's own change of boxes made signed in.
    const place = await makePlace(t.app, a.companyId, 1, 1, 'Scope bay');
    const boxes = await post('/bulk/grid_boxes', bearer(token), { company_id: a.companyId, GridBoxIDs: [place.box(1, 1)], Status: 'Flowering' });
    expect(boxes.statusCode).toBe(403);
    expect(boxes.json().message).toBe(msg.scopeRefused);
    const signedIn = await post('/bulk/grid_boxes', a.regular.auth, { company_id: a.companyId, GridBoxIDs: [place.box(1, 1)], Status: 'Flowering' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const undoBoxes = await post('/bulk/undo', bearer(token), { company_id: a.companyId, change_id: signedIn.json().change.change_id });
    expect(undoBoxes.statusCode).toBe(403);
    expect(undoBoxes.json().message).toBe(msg.scopeRefused);
    const box = await t.app.db.selectFrom('grid_boxes').select('status').where('grid_box_id', '=', place.box(1, 1)).executeTakeFirstOrThrow();
    expect(box.status).toBe('Flowering');

    // A read token reaches none of them.
    const { token: reader } = await created(a, a.regular.auth, 'read');
    const read = await post('/bulk/observations', bearer(reader), { company_id: a.companyId, observation_ids: ids, action: 'resolve' });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(msg.scopeRefused);
  });

  it("all: everything the owner's role allows, and never more", async () => {
    const admins = await created(a, a.admin.auth, 'all');
    expect((await invite(a, bearer(admins.token))).statusCode).toBe(200);
    const regulars = await created(a, a.regular.auth, 'all');
    const refused = await invite(a, bearer(regulars.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role does not allow this action.');
    // The role as it is now: an Admin made Regular loses the Admin calls with their token.
    const demoted = await makeUser(t.app, a.companyId, 'Admin');
    const theirs = await created(a, demoted.auth, 'all');
    await t.app.db.updateTable('users').set({ user_role: 'Regular' }).where('user_id', '=', demoted.user_id).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2100);
    expect((await invite(a, bearer(theirs.token))).statusCode).toBe(403);
  });

  it("stays in its owner's company", async () => {
    const { token } = await created(a, a.admin.auth, 'all');
    expect((await users(b, bearer(token))).statusCode).toBe(403);
  });

  it('cannot make, list or revoke tokens, nor sign anyone out', async () => {
    const { token, api_token } = await created(a, a.admin.auth, 'all');
    const calls = [
      post('/create_api_token', bearer(token), { company_id: a.companyId, name: 'n', scope: 'all' }),
      get('/get_api_tokens', bearer(token), { company_id: a.companyId }),
      post('/revoke_api_token', bearer(token), { company_id: a.companyId, token_id: api_token.token_id }),
      t.app.inject({ method: 'POST', url: '/api/logout_everywhere', headers: bearer(token) }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(msg.sessionOnly);
    }
  });

  it('refuses a forged, malformed or unknown token, and the token of a deactivated owner', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const { token } = await created(a, u.auth, 'read');
    const forged = `${token.slice(0, -3)}${token.endsWith('aaa') ? 'bbb' : 'aaa'}`;
    const unknown = token.replace(/^vdt_\d+_\d+_/, `vdt_${a.companyId}_2000000000_`);
    const tooBig = token.replace(/^vdt_\d+_/, 'vdt_9999999999_');
    for (const bad of [forged, unknown, tooBig, 'vdt_', `vdt_${a.companyId}_1_short`]) {
      const res = await users(a, bearer(bad));
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().message).toBe(msg.tokenRefused);
    }
    expect((await users(a, bearer(token))).statusCode).toBe(200);
    await t.app.db.updateTable('users').set({ active: false }).where('user_id', '=', u.user_id).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2100);
    expect((await users(a, bearer(token))).statusCode).toBe(401);
  });

  it('records its last use at most once a minute, not on every call', async () => {
    const { token, api_token } = await created(a, a.regular.auth, 'read');
    vi.useFakeTimers({ toFake: ['Date'] });
    await users(a, bearer(token));
    const first = (await row(api_token.token_id)).last_used_at;
    expect(first).not.toBeNull();
    vi.setSystemTime(Date.now() + 30_000);
    await users(a, bearer(token));
    expect((await row(api_token.token_id)).last_used_at).toEqual(first);
    vi.setSystemTime(Date.now() + 31_000);
    await users(a, bearer(token));
    const later = (await row(api_token.token_id)).last_used_at!;
    expect(later.getTime()).toBeGreaterThan(first!.getTime());
    const listed = (await get('/get_api_tokens', a.regular.auth, { company_id: a.companyId })).json().api_tokens;
    expect(listed.find((x: { token_id: number }) => x.token_id === api_token.token_id).last_used_at).toBe(later.toISOString());
  });
});

describe('POST /revoke_api_token', () => {
  it('refuses the token at once; it leaves the list; a second revoke is a conflict', async () => {
    const { token, api_token } = await created(a, a.regular.auth, 'read');
    expect((await users(a, bearer(token))).statusCode).toBe(200);
    const res = await post('/revoke_api_token', a.regular.auth, { company_id: a.companyId, token_id: api_token.token_id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: msg.revoked, token_id: api_token.token_id });
    const refused = await users(a, bearer(token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(msg.tokenRefused);
    const list = (await get('/get_api_tokens', a.regular.auth, { company_id: a.companyId })).json().api_tokens;
    expect(list.map((x: { token_id: number }) => x.token_id)).not.toContain(api_token.token_id);
    const again = await post('/revoke_api_token', a.regular.auth, { company_id: a.companyId, token_id: api_token.token_id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(msg.alreadyRevoked);
  });

  it("answers 404 for another company's token and for a colleague's, and leaves them working", async () => {
    const theirs = await created(b, b.admin.auth, 'read');
    const colleagues = await created(a, a.admin.auth, 'read');
    for (const tokenId of [theirs.api_token.token_id, colleagues.api_token.token_id, 2_000_000_000]) {
      const res = await post('/revoke_api_token', a.regular.auth, { company_id: a.companyId, token_id: tokenId });
      expect(res.statusCode).toBe(404);
    }
    expect((await users(b, bearer(theirs.token))).statusCode).toBe(200);
    expect((await users(a, bearer(colleagues.token))).statusCode).toBe(200);
    const wrongCompany = await post('/revoke_api_token', a.regular.auth, { company_id: b.companyId, token_id: theirs.api_token.token_id });
    expect(wrongCompany.statusCode).toBe(403);
  });

  it('names a bad token_id', async () => {
    for (const token_id of [undefined, 'abc', 0, 2 ** 31]) {
      const res = await post('/revoke_api_token', a.regular.auth, { company_id: a.companyId, token_id });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('token_id');
    }
  });
});

describe('the OpenAPI document', () => {
  it('states the scopes that reach each call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/load_users'].get.security).toEqual([{ bearer: [] }, { apiToken: ['read', 'scouting', 'all'] }]);
    expect(doc.paths['/api/add_comment'].post.security).toEqual([{ bearer: [] }, { apiToken: ['scouting', 'all'] }]);
    expect(doc.paths['/api/create_invitation'].post.security).toEqual([{ bearer: [] }, { apiToken: ['all'] }]);
    expect(doc.paths['/api/get_api_tokens'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/bulk/observations'].post.security).toEqual([{ bearer: [] }, { apiToken: ['scouting', 'all'] }]);
    expect(doc.paths['/api/bulk/grid_boxes'].post.security).toEqual([{ bearer: [] }, { apiToken: ['all'] }]);
  });

  it('states for every endpoint of the contract the scopes the server lets through, and no others', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // A SuperAdmin's tokens, so the owner's role never refuses a staff call and only the scope decides.
    const tokens = {
      read: (await created(a, a.superAdmin.auth, 'read', 'walk read')).token,
      scouting: (await created(a, a.superAdmin.auth, 'scouting', 'walk scouting')).token,
      all: (await created(a, a.superAdmin.auth, 'all', 'walk all')).token,
    };
    const all = Object.values(endpoints) as EndpointConfig[];
    expect(all.length).toBeGreaterThan(100);
    let checked = 0;
    for (const e of all) {
      const op = doc.paths[`/api${e.path}`]?.[e.method.toLowerCase()];
      expect(op, e.id).toBeDefined();
      const stated: string[] = op['x-api-token-scopes'];
      expect(stated, e.id).toEqual(e.auth.kind === 'user' ? apiTokenScopesFor(e) : []);
      const inSecurity = op.security.find((s: Record<string, string[]>) => s.apiToken)?.apiToken ?? [];
      expect(inSecurity, e.id).toEqual(stated);
      if (e.auth.kind !== 'user') continue;
      // The auth check the routes run, with each scope's token: let through exactly when stated.
      for (const [scope, token] of Object.entries(tokens)) {
        const req = { headers: { authorization: `Bearer ${token}` }, server: t.app } as unknown as FastifyRequest;
        const passed = await authenticate(req, e, t.app.tokens).then(() => true, (err: { message?: string }) => {
          expect([msg.scopeRefused, msg.sessionOnly], `${e.id} ${scope}`).toContain(err.message);
          return false;
        });
        expect(passed, `${e.id} with a ${scope} token`).toBe(stated.includes(scope));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('states the calendar feed as text/calendar, not JSON', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/calendar_feed/{feed}'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/calendar']);
    expect(op.responses['200'].content['text/calendar'].schema).toEqual({ type: 'string' });
    expect(op.security).toEqual([]);
    expect(op['x-api-token-scopes']).toEqual([]);
    // Other files stay bytes.
    const csv = Object.values(doc.paths).flatMap((p) => Object.values(p as Record<string, { responses: Record<string, { content?: object }> }>))
      .filter((o) => o.responses['200']?.content && 'application/octet-stream' in o.responses['200'].content);
    expect(csv.length).toBeGreaterThan(0);
  });
});
