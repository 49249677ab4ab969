import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { endpoints, type EndpointConfig, type Role } from '@verdant/contract';
import { registeredEndpoints } from '../plugins/contract-routes.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { sampleEndpoint, toInjectOptions, type EndpointSample } from './endpoint-request.js';
import { seedTenantWithData, tenantHints, type SeededTenant } from './tenant-seed.js';
import { sampleValue, type SampleHints } from './zod-sample.js';

/**
 * Hostile input walk: every field of every endpoint gets NUL bytes, lone surrogates, integers outside
 * PostgreSQL's int4, impossible dates and very long text, one field at a time in an otherwise valid
 * request from a real tenant. Bad input may be refused, never answered with a 5xx.
 */

const contractEndpoints = Object.values(endpoints) as EndpointConfig[];

/** Stands for a lone surrogate where the request is text (URL, urlencoded body) and is replaced after encoding. */
const SURROGATE_MARK = 'LoneSurrogateMark';
/** A lone high surrogate as a sloppy client encodes it (WTF-8), since encodeURIComponent refuses to. */
const SURROGATE_WIRE = '%ED%A0%80';
/** Random text does not compress, so it reaches the limits of indexed text columns. */
const LONG = randomBytes(6000).toString('hex');

interface Hostile {
  label: string;
  value: (valid: unknown) => unknown;
}
const asString = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : 'a');
const TEXT: Hostile[] = [
  { label: 'NUL', value: (v) => `${asString(v)}\u0000x` },
  { label: 'lone surrogate', value: (v) => `${asString(v)}${SURROGATE_MARK}` },
];
const LONG_TEXT: Hostile = { label: 'long text', value: () => LONG };
const NUMBERS: Hostile[] = [
  { label: '2**31', value: () => 2 ** 31 },
  { label: '-(2**31)-1', value: () => -(2 ** 31) - 1 },
  { label: '1e20', value: () => 1e20 },
  { label: '-5', value: () => -5 },
];
const DATES: Hostile[] = [
  { label: '2026-02-31', value: () => '2026-02-31' },
  { label: '2026-13-01', value: () => '2026-13-01' },
  { label: '2026-02-30T10:00:00Z', value: () => '2026-02-30T10:00:00Z' },
];

const isFile = (v: unknown) => typeof v === 'object' && v !== null && 'data' in v && 'mimetype' in v;
const isDateText = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v);
const isNumeric = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

function hostileFor(valid: unknown): Hostile[] {
  if (isDateText(valid)) return [...TEXT, ...DATES];
  if (isNumeric(valid)) return [...TEXT, ...NUMBERS];
  if (typeof valid === 'string') return [...TEXT, LONG_TEXT];
  if (typeof valid === 'boolean') return TEXT;
  return [];
}

type Path = (string | number)[];
interface Leaf {
  path: Path;
  valid: unknown;
}

/** Every string, number and boolean inside a sampled value, with its path. Files are left alone. */
function leaves(value: unknown, path: Path): Leaf[] {
  if (Array.isArray(value)) return value.length ? leaves(value[0], [...path, 0]) : [{ path: [...path, 0], valid: 'a' }];
  if (typeof value === 'object' && value !== null) {
    if (isFile(value)) return [];
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [{ path, valid: value }];
}

function withLeaf(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withLeaf(copy[head!], rest, replacement);
  return copy;
}

const PARTS = ['params', 'query', 'body', 'either'] as const;
type Part = (typeof PARTS)[number];
const schemaOf = (e: EndpointConfig, part: Part) => (part === 'body' ? e.body?.schema : e[part]);

interface Case {
  endpoint: EndpointConfig;
  field: string;
  label: string;
  sample: EndpointSample;
}

/** One case per (field leaf × hostile value); optional fields are added to the valid sample for their own cases. */
function casesFor(endpoint: EndpointConfig, base: EndpointSample, hints: SampleHints): Case[] {
  const cases: Case[] = [];
  for (const part of PARTS) {
    const schema = schemaOf(endpoint, part);
    if (!schema) continue;
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const valid = key in base[part] ? base[part][key] : sampleValue(field, key, hints);
      for (const leaf of leaves(valid, [])) {
        for (const hostile of hostileFor(leaf.valid)) {
          const value = withLeaf(valid, leaf.path, hostile.value(leaf.valid));
          cases.push({
            endpoint,
            field: [key, ...leaf.path].join('.'),
            label: hostile.label,
            sample: { ...base, [part]: { ...base[part], [key]: value } },
          });
        }
      }
    }
  }
  return cases;
}

const deepReplace = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.replaceAll(SURROGATE_MARK, '\uD800')
    : Array.isArray(v)
      ? v.map(deepReplace)
      : typeof v === 'object' && v !== null && !isFile(v) && !(v instanceof FormData)
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepReplace(x)]))
        : v;

function rebuildForm(form: FormData): FormData {
  const out = new FormData();
  for (const [k, v] of form.entries()) {
    if (typeof v === 'string') out.append(k, v.replaceAll(SURROGATE_MARK, '\uD800'));
    else out.append(k, v);
  }
  return out;
}

/** The contract's request with the query in the URL, so a lone surrogate can travel as the raw bytes a client sends. */
function toWire(options: InjectOptions): InjectOptions {
  const query = (options.query ?? {}) as Record<string, string | string[]>;
  const qs = Object.entries(query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`))
    .join('&');
  const url = `${String(options.url)}${qs ? `?${qs}` : ''}`.replaceAll(SURROGATE_MARK, SURROGATE_WIRE);
  const payload = options.payload;
  const wired =
    typeof payload === 'string'
      ? payload.replaceAll(SURROGATE_MARK, SURROGATE_WIRE)
      : payload instanceof FormData
        ? rebuildForm(payload)
        : deepReplace(payload);
  return { ...options, url, query: undefined, payload: wired as InjectOptions['payload'] };
}

const PRIVILEGE: Role[] = ['SuperAdmin', 'Admin', 'Regular'];
/** Writes that take data away run late, so the walk's other cases still find the tenant's rows. */
const destructive = (e: EndpointConfig) => e.method === 'DELETE' || /delete|remove|reset/i.test(`${e.id} ${e.path}`);
/** Calls that may end the caller's session run last of all. */
const endsSessions = (e: EndpointConfig) => /logout|password|active|role/i.test(`${e.id} ${e.path}`);
const rank = (e: EndpointConfig) => (endsSessions(e) ? 2 : destructive(e) ? 1 : 0);

/** Also every optional field, when the endpoint takes that as a valid request: more of it reaches the database. */
const fullHints = (hints: SampleHints): SampleHints => ({ ...hints, includeOptional: () => true });

let t: TestApp;
let a: SeededTenant;
let refreshToken: string;
/** Valid values the tenant seed does not name, by endpoint id and field. */
const known: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedTenantWithData(t.app);
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: a.superAdmin.email, password: a.superAdmin.password } });
  refreshToken = login.json().refresh_token;
  const board = await t.app.db.selectFrom('room_whiteboards').select('image_key').where('company_id', '=', a.companyId).executeTakeFirstOrThrow();
  known.getImage = { key: board.image_key };
  known.login = { email: a.regular.email, password: a.regular.password };
});

function hintsFor(endpoint: EndpointConfig): SampleHints {
  const hints = tenantHints(endpoint, a, a.superAdmin.user_id);
  const extra = known[endpoint.id] ?? {};
  return {
    valueFor: (key) => (key in extra ? extra[key] : hints.valueFor(key)),
    includeOptional: (key) => key in extra || hints.includeOptional(key),
  };
}

/** The fullest sample the endpoint accepts (or the minimal one when none is accepted), so each case differs from a valid request in one field. */
async function validSample(endpoint: EndpointConfig, headers: Record<string, string>, hints: SampleHints) {
  const minimal = sampleEndpoint(endpoint, hints);
  const full = sampleEndpoint(endpoint, fullHints(hints));
  for (const sample of [full, minimal]) {
    const res = await t.app.inject(toInjectOptions(endpoint, sample, headers));
    if (res.statusCode < 400) return { sample, valid: true };
  }
  return { sample: minimal, valid: false };
}
afterAll(() => t.close());

function headersFor(endpoint: EndpointConfig): Record<string, string> {
  if (endpoint.auth.kind === 'public') return {};
  if (endpoint.auth.kind === 'refresh') return { authorization: `Bearer ${refreshToken}` };
  const roles = endpoint.auth.roles;
  const role = PRIVILEGE.find((r) => roles.includes(r))!;
  return { SuperAdmin: a.superAdmin, Admin: a.admin, Regular: a.regular }[role].auth;
}

const describeAnswer = (c: Case, res: LightMyRequestResponse) =>
  `${c.endpoint.method} ${c.endpoint.path} ${c.field}=${c.label} → ${res.statusCode} ${res.body.slice(0, 200)}`;

describe('hostile input: the field is named', () => {
  const json = (url: string, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as never });

  it('refuses a NUL byte in a JSON string, naming the field', async () => {
    const res = await json('/create_batch_problem', {
      batch_id: a.ids.batchid, problem_type: 'Mildew\u0000', severity: 3, company_id: a.companyId, user_id: a.admin.user_id,
    }, a.admin.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'problem_type', message: 'problem_type must not contain NUL bytes or invalid characters.' });
  });

  it('refuses a lone surrogate in a query string and in JSON, naming the field', async () => {
    const res = await t.app.inject({
      method: 'GET', url: `/api/search_plants?company_id=${a.companyId}&search_term=ab${SURROGATE_WIRE}&search_type=auto`, headers: a.admin.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'search_term', message: 'search_term must not contain NUL bytes or invalid characters.' });
    const viaJson = await json('/create_batch_problem', {
      batch_id: a.ids.batchid, problem_type: 'Mildew', notes: 'bad \uD800 text', severity: 3, company_id: a.companyId, user_id: a.admin.user_id,
    }, a.admin.auth);
    expect(viaJson.statusCode).toBe(400);
    expect(viaJson.json()).toMatchObject({ field: 'notes', message: 'notes must not contain NUL bytes or invalid characters.' });
  });

  it('refuses a lone surrogate and a NUL in an urlencoded body, naming the field', async () => {
    for (const text of [SURROGATE_WIRE, '%00']) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/update_grid_box_name', headers: { ...a.admin.auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `GridBoxID=${a.ids.gridboxid}&custom_name=Box${text}`,
      });
      expect(res.statusCode, text).toBe(400);
      expect(res.json()).toMatchObject({ field: 'custom_name', message: 'custom_name must not contain NUL bytes or invalid characters.' });
    }
  });

  it('refuses an id of 2**31, naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/get_whiteboard_history?room_id=${2 ** 31}`, headers: a.admin.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'room_id', message: 'room_id must be at most 2147483647.' });
  });

  it('refuses an impossible date, naming the field', async () => {
    const res = await t.app.inject({
      method: 'GET', url: `/api/get_problem_observations?company_id=${a.companyId}&start_date=2026-02-31`, headers: a.admin.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'start_date', message: 'start_date must be a real calendar date.' });
  });

  it('answers a multipart request without a boundary with a 400, not a 500', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=', `multipart/form-data; boundary=${'b'.repeat(300)}`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': type }, payload: 'x' });
      expect(res.statusCode, type).toBe(400);
      expect(res.json(), type).toEqual({ status: 'error', error: 'bad_request', message: expect.stringMatching(/^The multipart body /) });
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(none.json().message).toBe('The multipart body needs a boundary of 1 to 70 characters in its content-type.');
    const cut = await t.app.inject({
      method: 'POST', url: '/api/login', headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx@example.com',
    });
    expect(cut.statusCode, cut.body).toBe(400);
  });

  it('refuses a severity outside the 1–5 scale', async () => {
    for (const severity of [-5, 0, 6, 11]) {
      const res = await json('/create_batch_problem', {
        batch_id: a.ids.batchid, problem_type: 'Mildew', severity, company_id: a.companyId, user_id: a.admin.user_id,
      }, a.admin.auth);
      expect(res.statusCode, String(severity)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'severity', message: 'severity must be between 1 and 5.' });
    }
  });
});

describe('images by key', () => {
  const get = (key: string) => t.app.inject({ method: 'GET', url: `/api/image?key=${encodeURIComponent(key)}`, headers: a.admin.auth });

  it('serves an image inline under its own name, never sniffed', async () => {
    const key = known.getImage!.key as string;
    const res = await get(key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${key.slice(key.lastIndexOf('/') + 1)}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 for a folder, a content-type sidecar or a key no upload made', async () => {
    const key = known.getImage!.key as string;
    const folder = key.slice(0, key.lastIndexOf('/'));
    for (const k of [folder, `${folder}/`, `company-${a.companyId}`, `${key}.type`, `${key}/x`, `${key.slice(0, -5)}.png`]) {
      const res = await get(k);
      expect(res.statusCode, k).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', message: 'Image not found.' });
    }
  });
});

const TRANSPORTS = ['json', 'form', 'multipart'] as const;
/**
 * Where the contract leaves the body's form open, the cases take turns at JSON, urlencoded and multipart, so
 * each parser's way of carrying a hostile value is tried.
 */
function sentAs(endpoint: EndpointConfig, turn: number): EndpointConfig {
  if (endpoint.method === 'GET' || (endpoint.body && endpoint.body.kind !== 'any')) return endpoint;
  const kind = TRANSPORTS[turn % TRANSPORTS.length]!;
  return { ...endpoint, body: { kind, schema: endpoint.body?.schema ?? z.object({}) } };
}

/**
 * Every refusal is `{status:'error', message, error}` — a path segment that is not UTF-8 too, which Fastify's
 * router refuses before any handler (the `frameworkErrors` option of app.ts).
 */
function answersInEnvelope(res: LightMyRequestResponse): boolean {
  if (res.statusCode < 400) return true;
  const body = res.json() as { status?: unknown; message?: unknown };
  return body.status === 'error' && typeof body.message === 'string';
}

/** The answer of the database safety net in the error handler: a schema let a bad value through. */
const SAFETY_NET = 'A value in this request is out of range or malformed.';

describe('hostile input walk', () => {
  it('answers every hostile field of every endpoint without a 5xx', async () => {
    // Registered while the app is built, so read once it is.
    const all = contractEndpoints.filter((e) => registeredEndpoints.has(e.id)).sort((x, y) => rank(x) - rank(y));
    const failures: string[] = [];
    const invalidBase: string[] = [];
    let sent = 0;
    for (const endpoint of all) {
      const headers = headersFor(endpoint);
      const hints = hintsFor(endpoint);
      const base = await validSample(endpoint, headers, hints);
      if (!base.valid) invalidBase.push(`${endpoint.method} ${endpoint.path}`);
      for (const c of casesFor(endpoint, base.sample, hints)) {
        const res = await t.app.inject(toWire(toInjectOptions(sentAs(endpoint, sent), c.sample, headers)));
        sent++;
        if (res.statusCode >= 500 || res.body.includes(SAFETY_NET) || !answersInEnvelope(res)) failures.push(describeAnswer(c, res));
      }
    }
    // Endpoints whose sample is refused still have every field parsed; a long list here means the sample needs hints.
    if (process.env.FUZZ_DEBUG) console.info(`${sent} cases; samples refused for ${invalidBase.join(', ')}`);
    expect(sent).toBeGreaterThan(all.length);
    expect(invalidBase.length).toBeLessThan(all.length / 4);
    expect(failures).toEqual([]);
  }, 120_000);
});
