import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, ADMIN_ROLES, CompanyId, Id, MessageEnvelope, NonEmpty, defineEndpoint, success } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeTenant } from '../test/factories.js';
import { registerEndpoints, type Handlers } from './contract-routes.js';
import { writeAudit } from '../lib/audit.js';

// Endpoints that exist only in this test, to exercise the shared mechanisms.
const probe = {
  echo: defineEndpoint({
    id: 'probeEcho', domain: 'probe', method: 'POST', path: '/probe/echo/{thing_id}', summary: 'echo',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    params: z.object({ thing_id: Id }),
    query: z.object({ company_id: CompanyId }),
    body: { kind: 'multipart', schema: z.object({ name: NonEmpty, count: z.coerce.number({ error: 'must be a number' }) }) },
    response: success({ thing_id: z.number(), company_id: z.number(), name: z.string(), count: z.number() }),
  }),
  either: defineEndpoint({
    id: 'probeEither', domain: 'probe', method: 'POST', path: '/probe/either', summary: 'either',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId, label: NonEmpty }),
    response: success({ label: z.string() }),
  }),
  counter: defineEndpoint({
    id: 'probeCounter', domain: 'probe', method: 'POST', path: '/probe/counter', summary: 'count a write',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId, note: z.string().optional() }),
    response: success({ message: z.string(), events: z.number() }),
  }),
  failingWrite: defineEndpoint({
    id: 'probeFailingWrite', domain: 'probe', method: 'POST', path: '/probe/failing', summary: 'audit rollback',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId }),
    response: MessageEnvelope,
  }),
};

async function countEvents(app: FastifyInstance, action: string) {
  const r = await app.db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', action).executeTakeFirstOrThrow();
  return Number(r.n);
}

const handlers: Handlers<typeof probe> = {
  echo: async ({ input }) => ({ status: 'success' as const, ...input }),
  either: async ({ input }) => ({ status: 'success' as const, label: input.label }),
  counter: async ({ input, user, app }) => {
    await writeAudit(app.db, { companyId: input.company_id, userId: user.user_id, action: 'probe.count', entityType: 'probe' });
    return { status: 'success' as const, message: 'counted', events: await countEvents(app, 'probe.count') };
  },
  failingWrite: async ({ input, user, app }) => {
    await app.db.transaction().execute(async (trx) => {
      await writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'probe.fail', entityType: 'probe' });
      throw new Error('boom after the audit write');
    });
    return { status: 'success' as const, message: 'unreachable' };
  },
};

function multipart(fields: Record<string, string>) {
  const boundary = '----verdant';
  const body =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('contract routes', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof makeTenant>>;
  beforeAll(async () => {
    t = await buildTestApp({ limits: { bodyBytes: 4096, fileBytes: 4096 } }, {
      extraModules: [async (app) => registerEndpoints(app, probe, handlers)],
    });
    tenant = await makeTenant(t.app);
  });
  afterAll(() => t.close());

  const url = (companyId: number, thing = 7) => `/api/probe/echo/${thing}?company_id=${companyId}`;

  it('merges path, query and multipart body into one typed input', async () => {
    const res = await t.app.inject({ method: 'POST', url: url(tenant.companyId), ...multipart({ name: 'Bay 1', count: '3' }), headers: { ...multipart({ name: 'Bay 1', count: '3' }).headers, ...tenant.admin.auth } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', thing_id: 7, company_id: tenant.companyId, name: 'Bay 1', count: 3 });
  });

  it('answers 401 without a token and with a bad one', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(tenant.companyId) })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: url(tenant.companyId), headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ status: 'error', error: 'unauthorized' });
  });

  it('names the missing field', async () => {
    const m = multipart({ count: '3' });
    const res = await t.app.inject({ method: 'POST', url: url(tenant.companyId), payload: m.payload, headers: { ...m.headers, ...tenant.admin.auth } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'name is required.', error: 'bad_request', field: 'name' });
  });

  it('names the malformed field and never answers 500 for bad input', async () => {
    const m = multipart({ name: 'x', count: 'many' });
    const res = await t.app.inject({ method: 'POST', url: url(tenant.companyId), payload: m.payload, headers: { ...m.headers, ...tenant.admin.auth } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('count');
    expect(res.json().message).toBe('count must be a number.');
    const badPath = await t.app.inject({ method: 'POST', url: url(tenant.companyId, -1), payload: m.payload, headers: { ...m.headers, ...tenant.admin.auth } });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().field).toBe('thing_id');
    const badJson = await t.app.inject({ method: 'POST', url: '/api/probe/either', payload: '{"label":', headers: { 'content-type': 'application/json', ...tenant.admin.auth } });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.body).not.toContain('at ');
  });

  it("refuses another company's id with 403", async () => {
    const m = multipart({ name: 'x', count: '1' });
    const res = await t.app.inject({ method: 'POST', url: url(tenant.companyId + 1000), payload: m.payload, headers: { ...m.headers, ...tenant.admin.auth } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a role the endpoint does not list with 403', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/either', payload: { company_id: tenant.companyId, label: 'a' }, headers: tenant.regular.auth });
    expect(res.statusCode).toBe(403);
  });

  it('takes unplaced fields from the query or any body kind', async () => {
    const q = await t.app.inject({ method: 'POST', url: `/api/probe/either?company_id=${tenant.companyId}&label=q`, headers: tenant.admin.auth });
    expect(q.json()).toEqual({ status: 'success', label: 'q' });
    const j = await t.app.inject({ method: 'POST', url: '/api/probe/either', payload: { company_id: tenant.companyId, label: 'j' }, headers: tenant.admin.auth });
    expect(j.json().label).toBe('j');
    const f = await t.app.inject({ method: 'POST', url: '/api/probe/either', payload: `company_id=${tenant.companyId}&label=f`, headers: { 'content-type': 'application/x-www-form-urlencoded', ...tenant.admin.auth } });
    expect(f.json().label).toBe('f');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/either', payload: { company_id: tenant.companyId, label: 'x'.repeat(10_000) }, headers: tenant.admin.auth });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe('error');
  });

  it('answers 415 for a content type no parser accepts', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/either', payload: 'hello', headers: { 'content-type': 'text/plain', ...tenant.admin.auth } });
    expect(res.statusCode).toBe(415);
  });

  describe('Idempotency-Key', () => {
    it('answers a repeat with the first answer and applies the write once', async () => {
      const send = () => t.app.inject({ method: 'POST', url: '/api/probe/counter', payload: { company_id: tenant.companyId, note: 'a' }, headers: { ...tenant.admin.auth, 'idempotency-key': 'key-1' } });
      const first = await send();
      const second = await send();
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await countEvents(t.app, 'probe.count')).toBe(1);
    });

    it('refuses the same key with a different body', async () => {
      const send = (note: string) => t.app.inject({ method: 'POST', url: '/api/probe/counter', payload: { company_id: tenant.companyId, note }, headers: { ...tenant.admin.auth, 'idempotency-key': 'key-2' } });
      expect((await send('a')).statusCode).toBe(200);
      const other = await send('b');
      expect(other.statusCode).toBe(422);
      expect(other.json().field).toBe('Idempotency-Key');
    });

    it('keeps keys apart per user', async () => {
      const send = (auth: { authorization: string }) => t.app.inject({ method: 'POST', url: '/api/probe/counter', payload: { company_id: tenant.companyId }, headers: { ...auth, 'idempotency-key': 'shared' } });
      const a = await send(tenant.admin.auth);
      const b = await send(tenant.regular.auth);
      expect(b.json().events).toBe(a.json().events + 1);
    });

    it('leaves a failed attempt retryable', async () => {
      const send = () => t.app.inject({ method: 'POST', url: '/api/probe/failing', payload: { company_id: tenant.companyId }, headers: { ...tenant.admin.auth, 'idempotency-key': 'key-3' } });
      expect((await send()).statusCode).toBe(500);
      const again = await send();
      expect(again.statusCode).toBe(500);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
    });
  });

  it('hides 5xx details and rolls the audit event back with the failed transaction', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/failing', payload: { company_id: tenant.companyId }, headers: tenant.admin.auth });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: 'Something went wrong on our side. Please try again.', error: 'internal' });
    expect(res.body).not.toContain('boom');
    expect(await countEvents(t.app, 'probe.fail')).toBe(0);
  });
});
