import { describe, expect, it } from 'vitest';
import { DAY_MS, authMessages, invitationsMessages as msg } from '@verdant/contract';
import { hashOpaqueToken } from '../../lib/opaque-token.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

const create = (headers: Record<string, string>, payload: Record<string, unknown> | FormData) =>
  t.app.inject({ method: 'POST', url: '/api/create_invitation', headers, payload: payload as Record<string, unknown> });
const pending = (headers: Record<string, string>, companyId: number) =>
  t.app.inject({ method: 'GET', url: `/api/pending_invitations?company_id=${companyId}`, headers });

describe('POST /create_invitation', () => {
  it('creates a Regular invitation by default, mails a friendly sign-up link and stores only a hash', async () => {
    const res = await create(a.admin.auth, { company_id: a.companyId, email: 'Grower@Example.com' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message: msg.created });
    expect(body.invite_token).toMatch(/^[\w-]{43}$/);
    expect(body.invitation).toMatchObject({ company_id: a.companyId, email: 'grower@example.com', role: 'Regular', invited_by: a.admin.user_id });
    const days = (Date.parse(body.invitation.expires_at) - Date.parse(body.invitation.created_at)) / DAY_MS;
    expect(days).toBe(7);

    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('grower@example.com');
    expect(mail.text).toContain(`${t.app.config.publicUrl}/signUp?invite_token=${body.invite_token}`);
    const company = await t.app.db.selectFrom('companies').select('company_name').where('company_id', '=', a.companyId).executeTakeFirstOrThrow();
    expect(mail.subject).toContain(company.company_name);
    expect(mail.text).toContain('Test Admin has invited you');

    const row = await t.app.db.selectFrom('invitations').selectAll().where('invitation_id', '=', body.invitation.invitation_id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashOpaqueToken(body.invite_token));
    expect(JSON.stringify(row)).not.toContain(body.invite_token);
    const event = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'invitation.created').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event).toMatchObject({ company_id: a.companyId, user_id: a.admin.user_id, entity_id: String(row.invitation_id) });
  });

  it('accepts multipart too', async () => {
    const f = new FormData();
    f.append('company_id', String(a.companyId));
    f.append('email', 'multipart@example.com');
    f.append('role', 'Admin');
    const res = await create(a.superAdmin.auth, f);
    expect(res.statusCode).toBe(200);
    expect(res.json().invitation.role).toBe('Admin');
  });

  it('replaces an open invitation for the same e-mail: the old link stops working', async () => {
    const first = (await create(a.admin.auth, { company_id: a.companyId, email: 'twice@example.com' })).json();
    const second = (await create(a.admin.auth, { company_id: a.companyId, email: 'twice@example.com', role: 'Admin' })).json();
    const list = (await pending(a.admin.auth, a.companyId)).json();
    expect(list.filter((i: { email: string }) => i.email === 'twice@example.com')).toEqual([second.invitation]);
    const f = new FormData();
    for (const [k, v] of Object.entries({ first_name: 'A', last_name: 'B', email: 'twice@example.com', password: 'long enough pw', invite_token: first.invite_token })) f.append(k, v);
    const old = await t.app.inject({ method: 'POST', url: '/api/Create_new_user', payload: f });
    expect(old.json()).toMatchObject({ message: authMessages.inviteUnknown, field: 'invite_token' });
  });

  it('lets only a SuperAdmin invite a SuperAdmin', async () => {
    const byAdmin = await create(a.admin.auth, { company_id: a.companyId, email: 'owner@example.com', role: 'SuperAdmin' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(msg.superAdminByAdmin);
    const bySuper = await create(a.superAdmin.auth, { company_id: a.companyId, email: 'owner@example.com', role: 'SuperAdmin' });
    expect(bySuper.statusCode).toBe(200);
  });

  it('answers 409 for an e-mail that already has an account', async () => {
    const res = await create(a.admin.auth, { company_id: a.companyId, email: b.regular.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: msg.alreadyUser, field: 'email' });
  });

  it('refuses Regular users (403) and another company (403)', async () => {
    expect((await create(a.regular.auth, { company_id: a.companyId, email: 'r@example.com' })).statusCode).toBe(403);
    expect((await create(a.admin.auth, { company_id: b.companyId, email: 'r@example.com' })).statusCode).toBe(403);
  });

  it('names bad fields', async () => {
    const bad = await create(a.admin.auth, { company_id: a.companyId, email: 'not-an-email' });
    expect(bad.json()).toMatchObject({ message: 'email must be a valid e-mail address.', field: 'email' });
    const role = await create(a.admin.auth, { company_id: a.companyId, email: 'x@example.com', role: 'Owner' });
    expect(role.json()).toMatchObject({ field: 'role' });
  });
});

describe('GET /pending_invitations', () => {
  it('lists only open invitations of the company, as a bare array', async () => {
    await create(b.admin.auth, { company_id: b.companyId, email: 'open@example.com' });
    const expired = (await create(b.admin.auth, { company_id: b.companyId, email: 'expired@example.com' })).json();
    await t.app.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('invitation_id', '=', expired.invitation.invitation_id).execute();
    const used = (await create(b.admin.auth, { company_id: b.companyId, email: 'used@example.com' })).json();
    await t.app.db.updateTable('invitations').set({ used_at: new Date() }).where('invitation_id', '=', used.invitation.invitation_id).execute();

    const res = await pending(b.admin.auth, b.companyId);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((i: { email: string }) => i.email)).toEqual(['open@example.com']);
  });

  it('refuses Regular users and another company', async () => {
    expect((await pending(b.regular.auth, b.companyId)).statusCode).toBe(403);
    expect((await pending(a.admin.auth, b.companyId)).statusCode).toBe(403);
  });
});

describe('tokens at rest', () => {
  it('never keeps the raw invite token, even when the client sends an Idempotency-Key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create_invitation',
      headers: { ...a.admin.auth, 'idempotency-key': 'invite-once' },
      payload: { company_id: a.companyId, email: 'keyed@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.app.db.selectFrom('idempotency_keys').select('response_body').execute();
    expect(stored.some((r) => r.response_body?.includes(res.json().invite_token))).toBe(false);
  });
});

describe('GET /invitation_status', () => {
  const status = (token: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'GET', url: `/api/invitation_status?invite_token=${encodeURIComponent(token)}`, remoteAddress });

  it("answers a valid invitation's e-mail and inviter's name, without signing in", async () => {
    const made = (await create(a.admin.auth, { company_id: a.companyId, email: 'Status@Example.com' })).json();
    const res = await status(made.invite_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      invitation: { state: 'valid', email: 'status@example.com', inviter_name: 'Test Admin', inviter_email: null, expires_at: made.invitation.expires_at },
    });
  });

  it('says used without revealing the e-mail, and expired with whom to ask', async () => {
    const used = (await create(a.admin.auth, { company_id: a.companyId, email: 'status-used@example.com' })).json();
    await t.app.db.updateTable('invitations').set({ used_at: new Date() }).where('invitation_id', '=', used.invitation.invitation_id).execute();
    expect((await status(used.invite_token)).json().invitation).toEqual({ state: 'used', email: null, inviter_name: null, inviter_email: null, expires_at: null });

    const expired = (await create(a.admin.auth, { company_id: a.companyId, email: 'status-expired@example.com' })).json();
    await t.app.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('invitation_id', '=', expired.invitation.invitation_id).execute();
    expect((await status(expired.invite_token)).json().invitation).toEqual({
      state: 'expired',
      email: null,
      inviter_name: 'Test Admin',
      inviter_email: a.admin.email,
      expires_at: null,
    });
  });

  it('answers unknown for a token that names no invitation, and 400 naming invite_token when it is missing', async () => {
    expect((await status('not-a-real-token')).json()).toEqual({
      status: 'success',
      invitation: { state: 'unknown', email: null, inviter_name: null, inviter_email: null, expires_at: null },
    });
    const missing = await t.app.inject({ method: 'GET', url: '/api/invitation_status' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'invite_token' });
  });

  it("refuses an address that keeps guessing (429, like sign-in), while real links and other addresses still work", async () => {
    const made = (await create(a.admin.auth, { company_id: a.companyId, email: 'status-guess@example.com' })).json();
    const max = t.app.config.authRateLimit.max * 4;
    for (let i = 0; i < max; i++) expect((await status(`guess-${i}`, '198.51.100.9')).statusCode).toBe(200);
    const refused = await status('guess-again', '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await status(made.invite_token, '198.51.100.10')).json().invitation.state).toBe('valid');
  });
});
