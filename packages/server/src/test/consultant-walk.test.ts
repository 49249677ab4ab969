import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { consultantAccess, consultantRule, consultantsMessages, endpoints, type EndpointConfig } from '@verdant/contract';
import { registeredEndpoints } from '../plugins/contract-routes.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { sampleEndpoint, toInjectOptions } from './endpoint-request.js';
import { seedTenantWithData, tenantFingerprint, tenantHints, type SeededTenant } from './tenant-seed.js';
import { facilityKit } from './fixtures/facility-test-kit.js';

/**
 * The tenancy walk for the consultant role (docs/decisions.md, "Consultants"): a consultant of company B,
 * given one empty room of B, calls every endpoint of the catalogue. Anything not opened to consultants is
 * a 403 whatever the ids; what is opened refuses A's ids and B's ids outside the granted room; once B's
 * seeded room is granted, the same reads succeed. Company A's rows never change.
 */
// Filled when the app is built: endpoints of a domain whose server module is not in yet are skipped.
const all = (Object.values(endpoints) as EndpointConfig[]).filter((e) => e.auth.kind === 'user');
const opened = all.filter((e) => consultantRule(e.id));
const closed = all.filter((e) => !consultantRule(e.id));
/** Opened endpoints that name a room (directly or through a grid, box, response or comment). */
const roomScoped = opened.filter((e) => consultantRule(e.id)!.scope.some((s) => s.kind !== 'self'));

let t: TestApp;
let a: SeededTenant;
let b: SeededTenant;
let consultant: { user_id: number; auth: { authorization: string } };
let consultantId: number;
let fingerprintBefore: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedTenantWithData(t.app);
  b = await seedTenantWithData(t.app);
  fingerprintBefore = await tenantFingerprint(t.app, a.companyId);
  const emptyRoom = await facilityKit(() => t.app).room(b, 'Consultant room');
  const email = 'walk-consultant@example.com';
  const invited = await t.app.inject({
    method: 'POST', url: '/api/invite_consultant', headers: b.admin.auth,
    payload: { company_id: b.companyId, email, name: 'Walk Consultant', room_ids: [emptyRoom] },
  });
  if (invited.statusCode !== 200) throw new Error(invited.body);
  consultantId = invited.json().consultant.consultant_id;
  const signedUp = await t.app.inject({
    method: 'POST', url: '/api/Create_new_user',
    payload: { first_name: 'Walk', last_name: 'Consultant', email, password: 'Predatory mites 2026!', invite_token: invited.json().invite_token },
  });
  if (signedUp.statusCode !== 200) throw new Error(signedUp.body);
  const data = signedUp.json().data;
  consultant = { user_id: data.user.user_id, auth: { authorization: `Bearer ${data.access_token}` } };
});
afterAll(() => t.close());

const describeAnswer = (e: EndpointConfig, res: LightMyRequestResponse) => `${e.method} ${e.path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;

/** User fields name the consultant when walking their own company, the target's admin otherwise. */
function callWithIdsOf(endpoint: EndpointConfig, target: SeededTenant) {
  const sample = sampleEndpoint(endpoint, tenantHints(endpoint, target, target === b ? consultant.user_id : target.admin.user_id));
  return t.app.inject(toInjectOptions(endpoint, sample, consultant.auth));
}

function expectNoMarkersOf(tenant: SeededTenant, res: LightMyRequestResponse, endpoint: EndpointConfig) {
  const body = res.body.toLowerCase();
  for (const marker of tenant.markers) {
    expect(body.includes(marker.toLowerCase()), `${endpoint.id} leaked "${marker}": ${res.body.slice(0, 300)}`).toBe(false);
  }
}

describe('the consultant access list', () => {
  it('names only endpoints of the contract, and no write but comments', () => {
    const ids = Object.keys(consultantAccess);
    expect(ids.filter((id) => !(id in endpoints))).toEqual([]);
    const writes = ids.filter((id) => (endpoints as Record<string, EndpointConfig>)[id]!.method !== 'GET');
    expect(writes.sort()).toEqual(['addComment', 'deleteComment', 'editComment']);
  });
});

describe('default deny: every endpoint not opened to consultants refuses them with their own ids', () => {
  for (const endpoint of closed) {
    it(`${endpoint.method} ${endpoint.path}`, async (ctx) => {
      if (!registeredEndpoints.has(endpoint.id)) ctx.skip();
      const res = await callWithIdsOf(endpoint, b);
      expect(res.statusCode, describeAnswer(endpoint, res)).toBe(403);
      expect(res.json().message).toBe(consultantsMessages.notForConsultants);
    });
  }
});

describe("opened endpoints with company A's ids", () => {
  for (const endpoint of opened) {
    it(`${endpoint.method} ${endpoint.path}`, async (ctx) => {
      if (!registeredEndpoints.has(endpoint.id)) ctx.skip();
      const res = await callWithIdsOf(endpoint, a);
      expectNoMarkersOf(a, res, endpoint);
      // The problem library names no tenant: it answers everyone the same.
      if (endpoint.tenancy.none) return;
      expect([403, 404], describeAnswer(endpoint, res)).toContain(res.statusCode);
    });
  }
});

describe("opened endpoints with B's ids outside the consultant's room", () => {
  for (const endpoint of roomScoped) {
    it(`${endpoint.method} ${endpoint.path}`, async (ctx) => {
      if (!registeredEndpoints.has(endpoint.id)) ctx.skip();
      const res = await callWithIdsOf(endpoint, b);
      expect([403, 404], describeAnswer(endpoint, res)).toContain(res.statusCode);
    });
  }
});

describe("control: the same reads once B's seeded room is granted", () => {
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/update_consultant_rooms', headers: b.admin.auth,
      payload: { company_id: b.companyId, consultant_id: consultantId, room_ids: [Number(b.ids.roomid)] },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  for (const endpoint of opened.filter((e) => e.method === 'GET')) {
    it(`${endpoint.method} ${endpoint.path}`, async (ctx) => {
      if (!registeredEndpoints.has(endpoint.id)) ctx.skip();
      const res = await callWithIdsOf(endpoint, b);
      expect(res.statusCode, describeAnswer(endpoint, res)).toBeLessThan(500);
      expect([403, 404], describeAnswer(endpoint, res)).not.toContain(res.statusCode);
      expectNoMarkersOf(a, res, endpoint);
    });
  }
});

describe('after the walk', () => {
  it("company A's rows are exactly as they were", async () => {
    expect(await tenantFingerprint(t.app, a.companyId)).toEqual(fingerprintBefore);
  });
});
