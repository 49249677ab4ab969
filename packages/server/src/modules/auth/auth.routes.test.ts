import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { decodeJwt } from 'jose';
import { authMessages as msg } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant, makeUser } from '../../test/factories.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let ipSeq = 0;
/** Each test signs in from its own address so the per-IP limit of one test does not leak into another. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  t = await buildTestApp({ authRateLimit: { max: 3, windowMs: 60_000 } });
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const login = (email: string, password: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': ip }, payload: form({ email, password }) });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/refresh_token', headers: { authorization: `Bearer ${token}` } });
const invite = async (tenant: Tenant, email: string, role = 'Regular') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create_invitation',
    headers: tenant.admin.auth,
    payload: { company_id: tenant.companyId, email, role },
  });
  expect(res.statusCode).toBe(200);
  return res.json().invite_token as string;
};
const signUp = (fields: Partial<Record<'first_name' | 'last_name' | 'email' | 'password' | 'invite_token', string>>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Create_new_user',
    payload: form({ first_name: 'Rosa', last_name: 'Green', password: 'sunflower-42', ...fields } as Record<string, string>),
  });
const usersWith = (accessToken: string, companyId: number) =>
  t.app.inject({ method: 'GET', url: `/api/load_users?company_id=${companyId}`, headers: { authorization: `Bearer ${accessToken}` } });
const audit = (action: string) =>
  t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('POST /login', () => {
  it('answers the session exactly as DESIGN.md says, with the claims the client reads', async () => {
    const res = await login(a.regular.email, a.regular.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(Object.keys(body.data).sort()).toEqual(['access_token', 'refresh_token', 'user']);
    expect(body.data.user).toEqual({
      user_id: a.regular.user_id,
      company_id: a.companyId,
      user_role: 'Regular',
      first_name: 'Test',
      last_name: 'Regular',
      email: a.regular.email,
    });
    const claims = decodeJwt(body.data.access_token);
    expect(claims).toMatchObject({ user_id: a.regular.user_id, user_role: 'Regular', company_id: a.companyId });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    const refreshClaims = decodeJwt(body.data.refresh_token);
    const row = await t.app.db.selectFrom('refresh_tokens').selectAll().where('token_id', '=', String(refreshClaims.jti)).executeTakeFirst();
    expect(row).toMatchObject({ user_id: a.regular.user_id, used_at: null, revoked_at: null });
  });

  it('accepts the e-mail in any case', async () => {
    const res = await login(a.admin.email.toUpperCase(), a.admin.password);
    expect(res.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await login(a.regular.email, 'not the password');
    const unknown = await login('nobody@example.com', 'whatever123');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: msg.invalidCredentials, error: 'unauthorized' });
    }
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: form({ password: 'x' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'email is required.', field: 'email' });
  });
});

describe('brute-force limits on sign-in (3 per account and address, 12 per address, delays from 6 per account)', () => {
  const failedAttemptsFrom = (email: string, ips: string[]) =>
    t.app.db
      .insertInto('auth_attempts')
      .values(ips.map((ip) => ({ kind: 'login:account-address', key: `${email} ${ip}`, at: new Date() })))
      .execute();

  it('refuses an account from one address after too many failures there, with Retry-After', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(u.email, 'wrong-password', ip)).statusCode).toBe(401);
    const res = await login(u.email, u.password, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 'error', message: msg.tooManyAttempts, error: 'too_many_requests' });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
  });

  it("cannot be used to lock the owner out: a stranger's failures elsewhere leave the owner's address open", async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const stranger = freshIp();
    for (let i = 0; i < 3; i++) await login(u.email, 'wrong-password', stranger);
    expect((await login(u.email, u.password, stranger)).statusCode).toBe(429);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('slows down, but lets in, an account guessed at from many addresses; the owner does not wipe the evidence', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    await failedAttemptsFrom(u.email, ['10.9.0.1', '10.9.0.2', '10.9.0.3', '10.9.0.4', '10.9.0.5', '10.9.0.6']);
    const started = Date.now();
    const res = await login(u.email, u.password);
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const left = await t.app.db.selectFrom('auth_attempts').select('key').where('key', 'like', `${u.email} %`).execute();
    expect(left).toHaveLength(6);
  });

  it('lets the account in again once the window has passed', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await login(u.email, 'wrong-password', ip);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(429);
    await t.app.db
      .updateTable('auth_attempts')
      .set({ at: sql`at - interval '61 seconds'` })
      .where('key', '=', `${u.email} ${ip}`)
      .execute();
    expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
  });

  it('refuses an address after too many failures on any accounts; other addresses still get in', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect((await login(`x${i}@example.com`, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(b.regular.email, b.regular.password, ip)).statusCode).toBe(429);
    expect((await login(b.regular.email, b.regular.password)).statusCode).toBe(200);
  });

  it("does not forgive other people's failures from the same address when someone signs in", async () => {
    const ip = freshIp();
    for (let i = 0; i < 11; i++) await login(`y${i}@example.com`, 'wrong-password', ip);
    expect((await login(b.admin.email, b.admin.password, ip)).statusCode).toBe(200);
    await login('y11@example.com', 'wrong-password', ip);
    expect((await login(b.admin.email, b.admin.password, ip)).statusCode).toBe(429);
  });

  it("forgives the account's own failures from its address when it signs in", async () => {
    const u = await makeUser(t.app, b.companyId, 'Regular');
    const ip = freshIp();
    await login(u.email, 'wrong-password', ip);
    await login(u.email, 'wrong-password', ip);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
    await login(u.email, 'wrong-password', ip);
    await login(u.email, 'wrong-password', ip);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
  });
});

describe('POST /refresh_token', () => {
  const session = async () => (await login(a.superAdmin.email, a.superAdmin.password)).json().data;

  it('rotates: a new access and refresh token at the top level, and the new access token works', async () => {
    const s = await session();
    const res = await refresh(s.refresh_token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token', 'status']);
    expect(body.refresh_token).not.toBe(s.refresh_token);
    expect(decodeJwt(body.refresh_token).fid).toBe(decodeJwt(s.refresh_token).fid);
    const users = await t.app.inject({
      method: 'GET',
      url: `/api/load_users?company_id=${a.companyId}`,
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(users.statusCode).toBe(200);
    expect((await refresh(body.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const s = await session();
    const other = await session();
    const next = (await refresh(s.refresh_token)).json();
    const reuse = await refresh(s.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(msg.refreshReused);
    const later = await refresh(next.refresh_token);
    expect(later.statusCode).toBe(401);
    expect(later.json().message).toBe(msg.refreshReused);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with the same token succeed', async () => {
    const s = await session();
    const results = await Promise.all([refresh(s.refresh_token), refresh(s.refresh_token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an expired, a forged, a missing or an access token with 401', async () => {
    const s = await session();
    await t.app.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_id', '=', String(decodeJwt(s.refresh_token).jti))
      .execute();
    const expired = await refresh(s.refresh_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(msg.sessionExpired);
    expect((await refresh(`${s.refresh_token.slice(0, -2)}xx`)).statusCode).toBe(401);
    expect((await refresh(s.access_token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/refresh_token' })).statusCode).toBe(401);
  });

  it('does not accept a refresh token as an access token', async () => {
    const s = await session();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/load_users?company_id=${a.companyId}`,
      headers: { authorization: `Bearer ${s.refresh_token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /Create_new_user', () => {
  it("creates the user in the invitation's company and role, signed in, and uses the invitation up", async () => {
    const token = await invite(b, 'new.admin@example.com', 'Admin');
    const res = await signUp({ email: 'New.Admin@example.com', invite_token: token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe(msg.signedUp);
    expect(body.data.user).toMatchObject({ company_id: b.companyId, user_role: 'Admin', email: 'new.admin@example.com', first_name: 'Rosa' });
    expect(decodeJwt(body.data.access_token)).toMatchObject({ company_id: b.companyId, user_role: 'Admin' });
    expect((await refresh(body.data.refresh_token)).statusCode).toBe(200);
    expect((await login('new.admin@example.com', 'sunflower-42')).statusCode).toBe(200);
    const [event] = await audit('user.signed_up');
    expect(event).toMatchObject({ company_id: b.companyId, user_id: body.data.user.user_id, entity_type: 'user' });

    const again = await signUp({ email: 'new.admin@example.com', invite_token: token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: msg.inviteUsed, field: 'invite_token' });
  });

  it('refuses an unknown and an expired invitation, naming invite_token', async () => {
    const unknown = await signUp({ email: 'someone@example.com', invite_token: 'not-a-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: msg.inviteUnknown, field: 'invite_token' });

    const token = await invite(a, 'late@example.com');
    await t.app.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', 'late@example.com').execute();
    const expired = await signUp({ email: 'late@example.com', invite_token: token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: msg.inviteExpired, field: 'invite_token' });
  });

  it('refuses another e-mail than the invited one', async () => {
    const token = await invite(a, 'invited@example.com');
    const res = await signUp({ email: 'someone.else@example.com', invite_token: token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: msg.inviteEmailMismatch, field: 'email' });
  });

  it('answers 409 when the e-mail got an account in the meantime', async () => {
    const token = await invite(a, 'taken@example.com');
    await t.app.db
      .insertInto('users')
      .values({ company_id: b.companyId, email: 'taken@example.com', first_name: 'T', last_name: 'T', password_hash: 'x', user_role: 'Regular' })
      .execute();
    const res = await signUp({ email: 'taken@example.com', invite_token: token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: msg.emailTaken, field: 'email' });
  });

  it.each([
    ['too short', 'short7!', msg.passwordTooShort],
    ['one of the most common', 'QwertyUiop', msg.passwordTooCommon],
    ['the e-mail', 'PW.RULES@EXAMPLE.COM', msg.passwordEqualsEmail],
  ])('refuses a password that is %s', async (_what, password, message) => {
    const token = await invite(a, 'pw.rules@example.com');
    const res = await signUp({ email: 'pw.rules@example.com', invite_token: token, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, field: 'password' });
  });

  it('names a missing field', async () => {
    const res = await signUp({ email: 'x@example.com', invite_token: 'x', first_name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'first_name is required.', field: 'first_name' });
  });
});

describe('password reset', () => {
  const requestReset = (email: string, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/request_password_reset', headers: { 'x-forwarded-for': ip }, payload: form({ email }) });
  const reset = (token: string, new_password: string) =>
    t.app.inject({ method: 'POST', url: '/api/reset_password', query: { token }, payload: form({ new_password }) });
  const lastLinkToken = (to: string) => {
    const mail = t.mails.filter((m) => m.to === to).at(-1)!;
    const match = /\/NewPassword\?token=([\w-]+)/.exec(mail.text);
    expect(mail.text).toContain(`${t.app.config.publicUrl}/NewPassword?token=`);
    return match![1]!;
  };

  it('answers the same whether or not the e-mail exists, and mails only a real account', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const before = t.mails.length;
    const known = await requestReset(u.email);
    const unknown = await requestReset('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: 'success', message: msg.resetRequested });
    expect(unknown.json()).toEqual(known.json());
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.to).toBe(u.email);
  });

  it('sets a new password once: sessions end, the old password stops working, an audit event is written', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const s = (await login(u.email, u.password)).json().data;
    await requestReset(u.email);
    const token = lastLinkToken(u.email);

    const short = await reset(token, 'short');
    expect(short.json()).toMatchObject({ message: msg.passwordTooShort, field: 'new_password' });
    const same = await reset(token, u.email.toUpperCase());
    expect(same.json()).toMatchObject({ message: msg.passwordEqualsEmail, field: 'new_password' });

    const ok = await reset(token, 'a brand new password');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: msg.passwordChanged });
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    expect((await login(u.email, 'a brand new password')).statusCode).toBe(200);
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    expect((await usersWith(s.access_token, a.companyId)).json()).toMatchObject({ message: msg.sessionEnded });
    const [event] = await audit('user.password_reset');
    expect(event).toMatchObject({ company_id: a.companyId, user_id: u.user_id });

    const again = await reset(token, 'another new password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: msg.resetTokenInvalid, field: 'token' });
  });

  it('refuses an unknown, an expired and a superseded link', async () => {
    const unknown = await reset('nope', 'a brand new password');
    expect(unknown.json()).toMatchObject({ message: msg.resetTokenInvalid, field: 'token' });

    const u = await makeUser(t.app, b.companyId, 'Regular');
    await requestReset(u.email);
    const first = lastLinkToken(u.email);
    await requestReset(u.email);
    const second = lastLinkToken(u.email);
    expect((await reset(first, 'a brand new password')).json().message).toBe(msg.resetTokenInvalid);

    await t.app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.user_id).execute();
    const expired = await reset(second, 'a brand new password');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: msg.resetTokenExpired, field: 'token' });
  });

  it('refuses a common password without using the link up', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    await requestReset(u.email);
    const token = lastLinkToken(u.email);
    const common = await reset(token, 'Baseball');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ message: msg.passwordTooCommon, field: 'new_password' });
    expect((await reset(token, 'a brand new password')).statusCode).toBe(200);
  });

  it('uses a link up on its first use even when that use fails', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    await requestReset(u.email);
    const token = lastLinkToken(u.email);
    const hash = (await t.app.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', u.user_id).executeTakeFirstOrThrow()).token_hash;
    await t.app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hash).execute();
    expect((await reset(token, 'a brand new password')).json().message).toBe(msg.resetTokenExpired);
    await t.app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() + 60_000) }).where('token_hash', '=', hash).execute();
    expect((await reset(token, 'a brand new password')).json()).toMatchObject({ message: msg.resetTokenInvalid, field: 'token' });
  });

  it('lets only one of two simultaneous resets with one link succeed', async () => {
    const u = await makeUser(t.app, b.companyId, 'Regular');
    await requestReset(u.email);
    const token = lastLinkToken(u.email);
    const results = await Promise.all([reset(token, 'first new password'), reset(token, 'second new password')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('limits reset requests per e-mail and per IP', async () => {
    for (let i = 0; i < 3; i++) expect((await requestReset('flood@example.com')).statusCode).toBe(200);
    const perEmail = await requestReset('flood@example.com');
    expect(perEmail.statusCode).toBe(429);
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

    const ip = freshIp();
    for (let i = 0; i < 3; i++) await requestReset(`flood${i}@example.com`, ip);
    const perIp = await requestReset('flood9@example.com', ip);
    expect(perIp.statusCode).toBe(429);
    expect(perIp.json().message).toBe(msg.tooManyAttempts);
  });
});

describe('POST /logout', () => {
  const logout = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/logout', headers, payload: payload as Record<string, unknown> });

  it('ends this session only, without an access token (it may have expired)', async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const mine = (await login(u.email, u.password)).json().data;
    const other = (await login(u.email, u.password)).json().data;
    const rotated = (await refresh(mine.refresh_token)).json();
    const res = await logout({ refresh_token: mine.refresh_token }, { authorization: 'Bearer expired.or.garbage' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: msg.signedOut });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('answers the same success for a token it does not know, a forged one and an access token', async () => {
    const s = (await login(a.admin.email, a.admin.password)).json().data;
    for (const refresh_token of ['nonsense', `${s.refresh_token.slice(0, -2)}xx`, s.access_token]) {
      const res = await logout({ refresh_token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: msg.signedOut });
    }
    expect((await refresh(s.refresh_token)).statusCode).toBe(200);
  });

  it('needs refresh_token', async () => {
    const res = await logout({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'refresh_token is required.', field: 'refresh_token' });
  });
});

describe('POST /logout_everywhere', () => {
  afterEach(() => vi.useRealTimers());
  const everywhere = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/logout_everywhere', headers });

  it("ends every session of the caller at once, and only the caller's", async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const phone = (await login(u.email, u.password)).json().data;
    const desk = (await login(u.email, u.password)).json().data;
    const colleague = (await login(a.admin.email, a.admin.password)).json().data;
    expect((await usersWith(desk.access_token, a.companyId)).statusCode).toBe(200);

    const res = await everywhere({ authorization: `Bearer ${phone.access_token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: msg.signedOutEverywhere });
    for (const s of [phone, desk]) {
      const refused = await usersWith(s.access_token, a.companyId);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(msg.sessionEnded);
      expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    }
    expect((await usersWith(colleague.access_token, a.companyId)).statusCode).toBe(200);
    expect((await refresh(colleague.refresh_token)).statusCode).toBe(200);
    const [event] = await audit('user.signed_out_everywhere');
    expect(event).toMatchObject({ company_id: a.companyId, user_id: u.user_id, entity_id: String(u.user_id) });

    const again = (await login(u.email, u.password)).json().data;
    expect((await usersWith(again.access_token, a.companyId)).statusCode).toBe(200);
  });

  it('is refused on another server within two seconds (the version is cached that long)', async () => {
    const u = await makeUser(t.app, b.companyId, 'Regular');
    const s = (await login(u.email, u.password)).json().data;
    expect((await usersWith(s.access_token, b.companyId)).statusCode).toBe(200);
    // What another server's sign-out-everywhere leaves behind: a newer version in the row.
    await t.app.db.updateTable('users').set({ token_version: 5 }).where('user_id', '=', u.user_id).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await usersWith(s.access_token, b.companyId)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2100);
    expect((await usersWith(s.access_token, b.companyId)).statusCode).toBe(401);
  });

  it('needs a valid access token', async () => {
    expect((await everywhere({})).statusCode).toBe(401);
  });
});
