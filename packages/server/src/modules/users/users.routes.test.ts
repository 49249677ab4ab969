import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSummary, usersMessages as msg } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

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
    expect(res.json().users[0]).toMatchObject({ user_id: a.admin.user_id, email: a.admin.email, user_role: 'Admin' });
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
