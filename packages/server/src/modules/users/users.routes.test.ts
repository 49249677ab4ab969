import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { authMessages, UserSummary, usersMessages as msg } from '@verdant/contract';
import { makeUser, type TestUser } from '../../test/factories.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const setThreshold = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/threshold', headers, payload });
const setLocation = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/update_location', headers, payload });

describe('GET /load_users', () => {
  it("lists the company's users without secrets", async () => {
    const res = await get(`/load_users?company_id=${a.companyId}`, a.regular.auth);
    expect(res.statusCode).toBe(200);
    const users = res.json().users;
    expect(users.map((u: { user_id: number }) => u.user_id).sort()).toEqual(
      [a.superAdmin.user_id, a.admin.user_id, a.regular.user_id].sort(),
    );
    for (const u of users) {
      expect(UserSummary.strict().safeParse(u).success).toBe(true);
      expect(u.company_id).toBe(a.companyId);
    }
    expect(res.body).not.toContain('argon2');
  });

  it('narrows to one user', async () => {
    const res = await get(`/load_users?company_id=${a.companyId}&user_id=${a.admin.user_id}`, a.regular.auth);
    expect(res.json().users).toHaveLength(1);
    expect(res.json().users[0]).toMatchObject({ user_id: a.admin.user_id, email: a.admin.email, user_role: 'Admin', active: true });
  });

  it("refuses another company (403) and another company's user (404)", async () => {
    expect((await get(`/load_users?company_id=${b.companyId}`, a.admin.auth)).statusCode).toBe(403);
    expect((await get(`/load_users?company_id=${a.companyId}&user_id=${b.admin.user_id}`, a.admin.auth)).statusCode).toBe(404);
  });

  it('needs a company id and a token', async () => {
    expect((await get('/load_users', a.admin.auth)).json()).toMatchObject({ message: 'company_id is required.', field: 'company_id' });
    expect((await get(`/load_users?company_id=${a.companyId}`, {})).statusCode).toBe(401);
  });
});

describe('threshold', () => {
  it('starts as null, then reads back what the user wrote', async () => {
    const before = await get(`/threshold?user_id=${a.regular.user_id}`, a.regular.auth);
    expect(before.json()).toEqual({ status: 'success', threshold: null });
    const res = await setThreshold(a.regular.auth, { user_id: a.regular.user_id, threshold: 7.5 });
    expect(res.json()).toEqual({ status: 'success', message: msg.thresholdSaved });
    expect((await get(`/threshold?user_id=${a.regular.user_id}`, a.regular.auth)).json().threshold).toBe(7.5);
  });

  it("lets an admin read and write a colleague's threshold, but not a Regular user", async () => {
    expect((await setThreshold(a.admin.auth, { user_id: a.regular.user_id, threshold: 3 })).statusCode).toBe(200);
    expect((await get(`/threshold?user_id=${a.regular.user_id}`, a.superAdmin.auth)).json().threshold).toBe(3);
    const write = await setThreshold(a.regular.auth, { user_id: a.admin.user_id, threshold: 1 });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(msg.notYours);
    expect((await get(`/threshold?user_id=${a.admin.user_id}`, a.regular.auth)).statusCode).toBe(403);
  });

  it("answers 404 for another company's user", async () => {
    expect((await get(`/threshold?user_id=${b.regular.user_id}`, a.admin.auth)).statusCode).toBe(404);
    expect((await setThreshold(a.admin.auth, { user_id: b.regular.user_id, threshold: 2 })).statusCode).toBe(404);
  });

  it('names bad fields', async () => {
    const res = await setThreshold(a.regular.auth, { user_id: a.regular.user_id, threshold: 'lots' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'threshold must be a number.', field: 'threshold' });
    expect((await setThreshold(a.regular.auth, { threshold: 1 })).json()).toMatchObject({ field: 'user_id' });
  });
});

describe('PUT /update_location', () => {
  it('stores the location from the body or the query', async () => {
    const res = await setLocation(a.regular.auth, { user_id: a.regular.user_id, location: 'Westland, NL' });
    expect(res.json()).toEqual({ status: 'success', message: msg.locationSaved });
    const viaQuery = await t.app.inject({
      method: 'PUT',
      url: `/api/update_location?user_id=${a.regular.user_id}&location=Almeria`,
      headers: a.regular.auth,
    });
    expect(viaQuery.statusCode).toBe(200);
    const users = (await get(`/load_users?company_id=${a.companyId}&user_id=${a.regular.user_id}`, a.regular.auth)).json().users;
    expect(users[0].location).toBe('Almeria');
  });

  it("allows admins for colleagues, refuses Regular users for others and other companies' users", async () => {
    expect((await setLocation(a.admin.auth, { user_id: a.regular.user_id, location: 'Bay 3' })).statusCode).toBe(200);
    expect((await setLocation(a.regular.auth, { user_id: a.superAdmin.user_id, location: 'Bay 3' })).statusCode).toBe(403);
    expect((await setLocation(a.admin.auth, { user_id: b.regular.user_id, location: 'Bay 3' })).statusCode).toBe(404);
  });

  it('needs a location', async () => {
    const res = await setLocation(a.regular.auth, { user_id: a.regular.user_id, location: ' ' });
    expect(res.json()).toMatchObject({ message: 'location is required.', field: 'location' });
  });
});

const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
const signIn = async (u: TestUser) => {
  const form = new FormData();
  form.append('email', u.email);
  form.append('password', u.password);
  return t.app.inject({ method: 'POST', url: '/api/login', payload: form });
};
const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/refresh_token', headers: { authorization: `Bearer ${token}` } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const auditOf = (action: string, entityId: number) =>
  t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).where('entity_id', '=', String(entityId)).execute();

describe('POST /update_user_role', () => {
  const setRole = (headers: Record<string, string>, user_id: number, user_role: string, company_id = a.companyId) =>
    post('/update_user_role', headers, { company_id, user_id, user_role });

  it("changes a colleague's role, writes an audit event, and their next refresh carries it at once", async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const session = (await signIn(u)).json().data;
    const res = await setRole(a.admin.auth, u.user_id, 'Admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: msg.roleChanged, user: { user_id: u.user_id, user_role: 'Admin', active: true } });
    const [event] = await auditOf('user.role_changed', u.user_id);
    expect(event).toMatchObject({ company_id: a.companyId, user_id: a.admin.user_id, before: { user_role: 'Regular' }, after: { user_role: 'Admin' } });

    const old = await get(`/load_users?company_id=${a.companyId}`, bearer(session.access_token));
    expect(old.statusCode).toBe(401);
    const renewed = await refresh(session.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect(decodeJwt(renewed.json().access_token).user_role).toBe('Admin');
    expect((await get(`/load_users?company_id=${a.companyId}`, bearer(renewed.json().access_token))).statusCode).toBe(200);
  });

  it('answers success and writes nothing when the role is already that', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const res = await setRole(a.admin.auth, u.user_id, 'Regular');
    expect(res.json()).toMatchObject({ status: 'success', user: { user_role: 'Regular' } });
    expect(await auditOf('user.role_changed', u.user_id)).toHaveLength(0);
    expect((await get(`/load_users?company_id=${a.companyId}`, u.auth)).statusCode).toBe(200);
  });

  it('refuses your own role, and SuperAdmin changes by an Admin; a SuperAdmin may make them', async () => {
    const own = await setRole(a.admin.auth, a.admin.user_id, 'SuperAdmin');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(msg.notOwnRole);
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const up = await setRole(a.admin.auth, u.user_id, 'SuperAdmin');
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(msg.superAdminRole);
    const down = await setRole(a.admin.auth, a.superAdmin.user_id, 'Regular');
    expect(down.statusCode).toBe(403);
    expect(down.json().message).toBe(msg.superAdminRole);
    expect((await setRole(a.superAdmin.auth, u.user_id, 'SuperAdmin')).json().user.user_role).toBe('SuperAdmin');
    expect((await setRole(a.superAdmin.auth, u.user_id, 'Regular')).json().user.user_role).toBe('Regular');
  });

  it("refuses another company (403), another company's user (404) and a Regular user (403)", async () => {
    expect((await setRole(a.admin.auth, a.regular.user_id, 'Admin', b.companyId)).statusCode).toBe(403);
    expect((await setRole(a.admin.auth, b.regular.user_id, 'Admin')).statusCode).toBe(404);
    expect((await setRole(a.regular.auth, a.regular.user_id, 'Admin')).statusCode).toBe(403);
  });

  it('names bad fields', async () => {
    const bad = await setRole(a.admin.auth, a.regular.user_id, 'Boss');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'user_role must be Admin, SuperAdmin or Regular.', field: 'user_role' });
    expect((await post('/update_user_role', a.admin.auth, { company_id: a.companyId, user_role: 'Admin' })).json()).toMatchObject({
      message: 'user_id is required.',
      field: 'user_id',
    });
  });
});

describe('POST /set_user_active', () => {
  const setActive = (headers: Record<string, string>, user_id: number, active: unknown, company_id = a.companyId) =>
    post('/set_user_active', headers, { company_id, user_id, active });

  it('deactivates a colleague: sessions end at once, sign-in is refused clearly; reactivating lets them back', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const session = (await signIn(u)).json().data;
    const res = await setActive(a.admin.auth, u.user_id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: msg.userDeactivated, user: { user_id: u.user_id, active: false } });
    const refused = await get(`/load_users?company_id=${a.companyId}`, bearer(session.access_token));
    expect(refused.statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    const denied = await signIn(u);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(authMessages.accountDeactivated);
    const wrong = await signIn({ ...u, password: 'not the password' });
    expect(wrong.json().message).toBe(authMessages.invalidCredentials);
    const listed = (await get(`/load_users?company_id=${a.companyId}&user_id=${u.user_id}`, a.admin.auth)).json().users[0];
    expect(listed.active).toBe(false);
    expect(await auditOf('user.deactivated', u.user_id)).toHaveLength(1);

    const back = await setActive(a.admin.auth, u.user_id, 'true');
    expect(back.json()).toMatchObject({ message: msg.userActivated, user: { active: true } });
    expect((await signIn(u)).statusCode).toBe(200);
    expect(await auditOf('user.reactivated', u.user_id)).toHaveLength(1);
  });

  it('refuses yourself, and a SuperAdmin by an Admin; a SuperAdmin may', async () => {
    const self = await setActive(a.admin.auth, a.admin.user_id, false);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(msg.notYourself);
    const owner = await makeUser(t.app, a.companyId, 'SuperAdmin');
    const byAdmin = await setActive(a.admin.auth, owner.user_id, false);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(msg.superAdminDeactivate);
    expect((await setActive(a.superAdmin.auth, owner.user_id, false)).json().user.active).toBe(false);
    expect((await get(`/load_users?company_id=${a.companyId}`, owner.auth)).statusCode).toBe(401);
  });

  it("refuses another company (403), another company's user (404) and a Regular user (403)", async () => {
    expect((await setActive(a.admin.auth, a.regular.user_id, false, b.companyId)).statusCode).toBe(403);
    expect((await setActive(a.admin.auth, b.regular.user_id, false)).statusCode).toBe(404);
    expect((await setActive(a.regular.auth, a.admin.user_id, false)).statusCode).toBe(403);
    expect((await get(`/load_users?company_id=${b.companyId}`, b.regular.auth)).statusCode).toBe(200);
  });

  it('names bad fields', async () => {
    const bad = await setActive(a.admin.auth, a.regular.user_id, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'active must be true or false.', field: 'active' });
    expect((await post('/set_user_active', a.admin.auth, { company_id: a.companyId, user_id: a.regular.user_id })).json()).toMatchObject({
      message: 'active is required.',
      field: 'active',
    });
  });
});
