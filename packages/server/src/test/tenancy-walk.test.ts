import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { endpoints, ROLES, type EndpointConfig, type Role } from '@verdant/contract';
import { registeredEndpoints } from '../plugins/contract-routes.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { sampleEndpoint, toInjectOptions } from './endpoint-request.js';
import { seedTenantWithData, tenantFingerprint, tenantHints, type SeededTenant } from './tenant-seed.js';
import type { SampleHints } from './zod-sample.js';
import type { TestUser } from './factories.js';

/**
 * Endpoints the walk cannot judge by status alone, each with the reason. Keep it tiny: a new
 * endpoint belongs here only if its answer to another tenant's ids is legitimately a success.
 */
const EXCEPTIONS: Record<string, string> = {
  logoutEverywhere: "names no ids (the caller's own sessions); calling it would sign the walk's caller out of every later case",
};

const all = Object.values(endpoints) as EndpointConfig[];

let t: TestApp;
let a: SeededTenant;
let b: SeededTenant;
let fingerprintBefore: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedTenantWithData(t.app);
  b = await seedTenantWithData(t.app);
  fingerprintBefore = await tenantFingerprint(t.app, a.companyId);
});
afterAll(() => t.close());

const usersOf = (tenant: SeededTenant): Record<Role, TestUser> => ({
  SuperAdmin: tenant.superAdmin,
  Admin: tenant.admin,
  Regular: tenant.regular,
});

/** The least privileged caller the endpoint admits, so a refusal comes from tenancy, not the role check. */
function callerFor(endpoint: EndpointConfig, tenant: SeededTenant): TestUser | null {
  if (endpoint.auth.kind !== 'user') return null;
  const roles = endpoint.auth.roles;
  return (['Regular', 'Admin', 'SuperAdmin'] as const).filter((r) => roles.includes(r)).map((r) => usersOf(tenant)[r])[0]!;
}

async function callWithIdsOf(endpoint: EndpointConfig, target: SeededTenant, headers: Record<string, string>, userId?: number) {
  const sample = sampleEndpoint(endpoint, withExtras(tenantHints(endpoint, target, userId), WELL_FORMED[endpoint.id]));
  return t.app.inject(toInjectOptions(endpoint, sample, headers));
}

function expectNoMarkersOf(tenant: SeededTenant, res: LightMyRequestResponse, endpoint: EndpointConfig) {
  const body = res.body.toLowerCase();
  for (const marker of tenant.markers) {
    expect(body.includes(marker.toLowerCase()), `${endpoint.id} leaked "${marker}": ${res.body.slice(0, 300)}`).toBe(false);
  }
}

const describeAnswer = (e: EndpointConfig, res: LightMyRequestResponse) =>
  `${e.method} ${e.path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;

describe('the contract', () => {
  it('has every endpoint registered on the server', () => {
    const missing = all.filter((e) => !registeredEndpoints.has(e.id)).map((e) => `${e.method} ${e.path} (${e.domain})`);
    expect(missing, 'endpoints in the contract without a server module').toEqual([]);
  });
});

describe("tenancy walk: company B's users with company A's ids", () => {
  for (const endpoint of all) {
    it(`${endpoint.method} ${endpoint.path}`, async (ctx) => {
      if (!registeredEndpoints.has(endpoint.id) || EXCEPTIONS[endpoint.id]) ctx.skip();
      const caller = callerFor(endpoint, b);
      // Public calls go without a token; the refresh call gets an access token, which it must refuse.
      const headers = caller ? caller.auth : endpoint.auth.kind === 'refresh' ? b.admin.auth : {};
      const res = await callWithIdsOf(endpoint, a, headers);

      expect(res.statusCode, describeAnswer(endpoint, res)).toBeLessThan(500);
      expectNoMarkersOf(a, res, endpoint);
      if (endpoint.auth.kind !== 'user' || endpoint.tenancy.none) return;
      // 400 means the walk's sample did not pass validation, so tenancy was never reached: fix the sample.
      expect([403, 404], describeAnswer(endpoint, res)).toContain(res.statusCode);
    });
  }
});

describe("control: company B's users reading with B's own ids", () => {
  // Proves the refusals above come from the ids: the same requests with the caller's own ids pass.
  for (const endpoint of all.filter((e) => e.method === 'GET' && e.auth.kind === 'user' && !e.tenancy.none)) {
    it(`${endpoint.method} ${endpoint.path}`, async (ctx) => {
      if (!registeredEndpoints.has(endpoint.id)) ctx.skip();
      const caller = callerFor(endpoint, b)!;
      const sample = sampleEndpoint(endpoint, withExtras(tenantHints(endpoint, b, caller.user_id), VALID_EXTRAS[endpoint.id]));
      const res = await t.app.inject(toInjectOptions(endpoint, sample, caller.auth));
      expect([400, 403], describeAnswer(endpoint, res)).not.toContain(res.statusCode);
      expect(res.statusCode, describeAnswer(endpoint, res)).toBeLessThan(500);
      expectNoMarkersOf(a, res, endpoint);
    });
  }
});

describe("role walk: company A's own users below the endpoint's roles", () => {
  for (const endpoint of all) {
    const excluded = endpoint.auth.kind === 'user' ? ROLES.filter((r) => !(endpoint.auth as { roles: readonly Role[] }).roles.includes(r)) : [];
    if (excluded.length === 0) continue;
    it(`${endpoint.method} ${endpoint.path} refuses ${excluded.join(', ')}`, async (ctx) => {
      if (!registeredEndpoints.has(endpoint.id)) ctx.skip();
      for (const role of excluded) {
        const res = await callWithIdsOf(endpoint, a, usersOf(a)[role].auth);
        expect(res.statusCode, `${role}: ${describeAnswer(endpoint, res)}`).toBe(403);
      }
    });
  }
});

const OMIT = Symbol('omit');

/** Shapes the sampler cannot make valid (every number it makes is 1), sent in every walk so validation passes. */
const WELL_FORMED: Record<string, Record<string, unknown>> = {
  // A region wholly inside the photo (the sampler's 1 × 1 box at x 1 is not).
  addScanDetection: { regions: [{ type: 'box', x: 0, y: 0, width: 0.5, height: 0.5 }] },
};

/**
 * The one-id walk sends otherwise valid requests, so the only reason to refuse is the swapped id:
 * values the service requires although the contract leaves them optional, and fields to leave out.
 */
const VALID_EXTRAS: Record<string, Record<string, unknown>> = {
  createGridTemplates: { template_name: 'Walk template', template_type: 'SubGrid', rows: 1, columns: 1 },
  updateRoomScroll: { StartScroll: 10 },
  submitForm: { GridBoxIDs: OMIT, inputData: 'none' },
  submitFormBoxes: { inputData: 'none' },
  submitFormRoom: { inputData: 'none' },
  mapProblemColor: { problem: 'Walk pest', color: '#123456' },
  bulkUpdateGridBoxes: { Status: 'Walk' },
  deleteProblemColorMapping: { problem: 'Walk pest' },
  createBatchProblem: { problem_type: 'Walk pest', severity: 2 },
  assignStatusToBatches: { batch_status: 'Planned' },
  getTrendsReportGraph: { date_option: 'weeks_ago', weeks_ago: 1 },
  getTrendsCumulativeReportGraph: { date_option: 'weeks_ago', weeks_ago: 1 },
  getCropStatusReport: { batch_statuses: 'Ready' },
  cropAvailabilityReport: { batch_statuses: 'Ready' },
  ...WELL_FORMED,
};

/** Id-like fields that name no row of any tenant (a number the client keeps for itself). */
const NOT_TENANT_IDS = new Set(['report_id']);

/** Endpoints only the row's author (or an Admin) may use: the seed's rows are the Admin's. */
const AUTHOR_ONLY = new Set(['editComment', 'deleteComment', 'updateAuditEvent', 'deleteAuditEvent']);

function withExtras(hints: SampleHints, extras: Record<string, unknown> = {}): SampleHints {
  return {
    valueFor: (k) => (k in extras ? (extras[k] === OMIT ? undefined : extras[k]) : hints.valueFor(k)),
    includeOptional: (k) => (k in extras ? extras[k] !== OMIT : hints.includeOptional(k)),
  };
}

/** The wire names of every tenant id the endpoint's sample carries (nested fields included). */
function idFieldsOf(endpoint: EndpointConfig, hints: SampleHints): string[] {
  const keys = new Set<string>();
  sampleEndpoint(endpoint, {
    valueFor: (k) => {
      const v = hints.valueFor(k);
      if (v !== undefined && !(k in (VALID_EXTRAS[endpoint.id] ?? {}))) keys.add(k);
      return v;
    },
    includeOptional: hints.includeOptional,
  });
  return [...keys].filter((k) => !NOT_TENANT_IDS.has(k));
}

describe("tenancy walk, one id at a time: company B's users with one of A's ids among their own", () => {
  // Swapping every id at once lets the first refused id hide a missing check on another.
  for (const endpoint of all.filter((e) => e.auth.kind === 'user' && !e.tenancy.none)) {
    it(`${endpoint.method} ${endpoint.path}`, async (ctx) => {
      if (!registeredEndpoints.has(endpoint.id) || EXCEPTIONS[endpoint.id]) ctx.skip();
      const caller = AUTHOR_ONLY.has(endpoint.id) ? b.admin : callerFor(endpoint, b)!;
      const own = withExtras(tenantHints(endpoint, b, caller.user_id), VALID_EXTRAS[endpoint.id]);
      const foreign = tenantHints(endpoint, a);
      const failures: string[] = [];
      for (const field of idFieldsOf(endpoint, own)) {
        if (own.valueFor(field) === foreign.valueFor(field)) {
          failures.push(`${field}: both tenants send ${String(own.valueFor(field))}; seed an id for it in tenant-seed.ts`);
          continue;
        }
        const hints: SampleHints = { ...own, valueFor: (k) => (k === field ? foreign.valueFor(k) : own.valueFor(k)) };
        const res = await t.app.inject(toInjectOptions(endpoint, sampleEndpoint(endpoint, hints), caller.auth));
        // Echoing the value the caller sent (a plant uid in 'Plant P-… not found.') reveals nothing new.
        const sent = String(foreign.valueFor(field)).toLowerCase();
        const leaked = a.markers.filter((m) => m.toLowerCase() !== sent && res.body.toLowerCase().includes(m.toLowerCase()));
        if (![403, 404].includes(res.statusCode) || leaked.length) {
          failures.push(`A's ${field}: ${res.statusCode}${leaked.length ? ` leaking ${leaked.join(', ')}` : ''}: ${res.body.slice(0, 200)}`);
        }
      }
      expect(failures.length, [`${endpoint.method} ${endpoint.path}`, ...failures].join('\n')).toBe(0);
    });
  }
});

describe('after both walks', () => {
  it("company A's rows are exactly as they were", async () => {
    expect(await tenantFingerprint(t.app, a.companyId)).toEqual(fingerprintBefore);
  });

  it('covered at least the endpoints of this server', () => {
    expect(all.filter((e) => registeredEndpoints.has(e.id)).length).toBeGreaterThan(0);
  });
});
