import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, DASHBOARD_TILES, companyMessages } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant, makeUser } from '../../test/factories.js';
import { createHash } from 'node:crypto';
import { TEMPLATE_TYPES } from '@verdant/contract';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://verdant.example' });
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const createCompany = (headers: Record<string, string>, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/Create_company', headers, payload: form(fields) });
const newCompany = {
  company_name: 'Fern & Frond Nursery',
  contact_name: 'Ada Green',
  contact_email: 'Ada@Fern.example',
  company_type: 'Nursery',
  contact_phone: '+31 20 123 4567',
};

describe('GET /Load_company_by_id/{companyID}', () => {
  it("answers the caller's own company to every role", async () => {
    for (const user of [a.superAdmin, a.admin, a.regular]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Load_company_by_id/${a.companyId}`, headers: user.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success', company: { company_id: a.companyId } });
    }
  });

  it("answers 403 for another company's id and 400 for a bad one", async () => {
    const other = await t.app.inject({ method: 'GET', url: `/api/Load_company_by_id/${a.companyId}`, headers: b.admin.auth });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Greenhouse');
    const bad = await t.app.inject({ method: 'GET', url: '/api/Load_company_by_id/abc', headers: a.admin.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'companyID must be a number.', field: 'companyID' });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Load_company_by_id/${a.companyId}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /Create_company', () => {
  it('creates the company, its settings and an Admin invitation, mails the link and audits', async () => {
    const res = await createCompany(a.superAdmin.auth, newCompany);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', company_id: expect.any(Number), invite_token: expect.any(String) });
    expect(body.invite_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const company = await t.app.db.selectFrom('companies').selectAll().where('company_id', '=', body.company_id).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ company_name: 'Fern & Frond Nursery', contact_email: 'ada@fern.example', company_type: 'Nursery' });
    const settings = await t.app.db.selectFrom('company_settings').selectAll().where('company_id', '=', body.company_id).executeTakeFirst();
    expect(settings?.grid_order).toBeNull();
    const templates = await t.app.db.selectFrom('form_templates').select('default_for_type').where('company_id', '=', body.company_id).execute();
    expect(templates.map((r) => r.default_for_type).sort()).toEqual([...TEMPLATE_TYPES].sort());

    const invitation = await t.app.db.selectFrom('invitations').selectAll().where('company_id', '=', body.company_id).executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({ email: 'ada@fern.example', role: 'Admin', invited_by: a.superAdmin.user_id, used_at: null });
    expect(invitation.token_hash).toBe(createHash('sha256').update(body.invite_token).digest('hex'));
    const days = (new Date(invitation.expires_at).getTime() - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('ada@fern.example');
    expect(mail.text).toContain(`https://verdant.example/signUp?invite_token=${body.invite_token}`);

    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'company.create').where('company_id', '=', body.company_id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: a.superAdmin.user_id, entity_type: 'company' });
    expect(audit.after).toMatchObject({ company_name: 'Fern & Frond Nursery', invited_role: 'Admin' });
  });

  it("gives the new company default settings that its own people can read", async () => {
    const res = await createCompany(a.superAdmin.auth, { ...newCompany, contact_email: 'second@fern.example' });
    const companyId = res.json().company_id as number;
    const admin = await makeUser(t.app, companyId, 'Admin');
    const order = await t.app.inject({ method: 'GET', url: '/api/get_company_grid_order', headers: admin.auth, query: { company_id: String(companyId) } });
    expect(order.json().grid_order).toEqual([...DASHBOARD_TILES]);
  });

  it('refuses a contact e-mail that already has an account', async () => {
    const res = await createCompany(a.superAdmin.auth, { ...newCompany, contact_email: a.regular.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', error: 'conflict', message: companyMessages.contactHasAccount });
  });

  it('refuses a repeat for the same contact, even with an Idempotency-Key, and never stores the raw token', async () => {
    const headers = { ...a.superAdmin.auth, 'idempotency-key': 'create-once' };
    const first = await createCompany(headers, { ...newCompany, contact_email: 'repeat@fern.example' });
    expect(first.statusCode).toBe(200);
    const again = await createCompany(headers, { ...newCompany, contact_email: 'repeat@fern.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(companyMessages.contactInvited);
    const stored = await t.app.db.selectFrom('idempotency_keys').select('response_body').execute();
    expect(stored.some((r) => r.response_body?.includes(first.json().invite_token))).toBe(false);
  });

  it.each([
    ['company_name', { company_name: '' }, 'company_name is required.'],
    ['contact_name', { contact_name: '  ' }, 'contact_name is required.'],
    ['contact_email', { contact_email: 'not-an-address' }, 'contact_email must be a valid e-mail address.'],
  ])('names the field when %s is bad', async (field, patch, message) => {
    const res = await createCompany(a.superAdmin.auth, { ...newCompany, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message });
  });

  it('is for SuperAdmin only', async () => {
    for (const user of [a.admin, a.regular]) {
      expect((await createCompany(user.auth, newCompany)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/Create_company', payload: form(newCompany) })).statusCode).toBe(401);
  });

  it('still answers the token when the mail cannot be sent', async () => {
    const send = t.app.mailer.send;
    t.app.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const res = await createCompany(a.superAdmin.auth, { ...newCompany, contact_email: 'third@fern.example' });
      expect(res.statusCode).toBe(200);
      expect(res.json().invite_token).toBeTruthy();
    } finally {
      t.app.mailer.send = send;
    }
  });
});
