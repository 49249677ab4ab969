import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { authMessages as msg } from '@verdant/contract';
import { t, a, b, form, login, refresh, invite, signUp, audit, useAuthApp } from '../../test/auth-kit.js';

useAuthApp();

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
