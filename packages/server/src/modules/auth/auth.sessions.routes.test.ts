import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages as msg } from '@verdant/contract';
import { makeUser } from '../../test/factories.js';
import { t, a, b, freshIp, form, login, refresh, usersWith, audit, useAuthApp } from '../../test/auth-kit.js';

useAuthApp();

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
  afterEach(() => vi.useRealTimers());
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

  it("refuses that session's access tokens at once, before and after a refresh; other sessions keep working", async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const mine = (await login(u.email, u.password)).json().data;
    const other = (await login(u.email, u.password)).json().data;
    const rotated = (await refresh(mine.refresh_token)).json();
    for (const token of [mine.access_token, rotated.access_token, other.access_token]) {
      expect((await usersWith(token, a.companyId)).statusCode).toBe(200);
    }

    expect((await logout({ refresh_token: rotated.refresh_token })).statusCode).toBe(200);
    for (const token of [mine.access_token, rotated.access_token]) {
      const refused = await usersWith(token, a.companyId);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(msg.sessionEnded);
    }
    expect((await usersWith(other.access_token, a.companyId)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it("refuses a session's access tokens once its refresh token is reused (the family is revoked as after a theft)", async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const s = (await login(u.email, u.password)).json().data;
    const next = (await refresh(s.refresh_token)).json();
    expect((await usersWith(next.access_token, a.companyId)).statusCode).toBe(200);
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    expect((await usersWith(next.access_token, a.companyId)).statusCode).toBe(401);
  });

  it("is refused on another server within two seconds (the session's state is cached that long)", async () => {
    const u = await makeUser(t.app, b.companyId, 'Regular');
    const s = (await login(u.email, u.password)).json().data;
    expect((await usersWith(s.access_token, b.companyId)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Another server's sign-out: the family is revoked in the database, this server's cache is not told.
    await t.app.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', '=', u.user_id).execute();
    expect((await usersWith(s.access_token, b.companyId)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2100);
    expect((await usersWith(s.access_token, b.companyId)).statusCode).toBe(401);
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
