import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, CompanyId, defineEndpoint, success } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeTenant } from '../test/factories.js';
import { writeAudit } from '../lib/audit.js';
import { registerEndpoints, type Handlers } from './contract-routes.js';
import { APPLIED_ANSWER_LOST, carriesFile } from './idempotency.js';

// Endpoints that exist only in this test: an autocommit write, a transactional write, and a write
// that waits for the test to let it go (to play a slow request whose lease is taken over).
const probe = {
  single: defineEndpoint({
    id: 'idemSingle', domain: 'probe', method: 'POST', path: '/idem/single', summary: 'one autocommit write',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId, note: z.string() }),
    response: success({ written: z.number() }),
  }),
  transactional: defineEndpoint({
    id: 'idemTransactional', domain: 'probe', method: 'POST', path: '/idem/transactional', summary: 'a write in a transaction',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId, note: z.string() }),
    response: success({ written: z.number() }),
  }),
  held: defineEndpoint({
    id: 'idemHeld', domain: 'probe', method: 'POST', path: '/idem/held', summary: 'a write that waits to be released',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId, note: z.string() }),
    response: success({ written: z.number() }),
  }),
};

let releaseHeld: () => void = () => {};
let heldStarted: () => void = () => {};

async function count(app: FastifyInstance, note: string) {
  const r = await app.db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', 'idem.write')
    .where('entity_type', '=', note)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const handlers: Handlers<typeof probe> = {
  single: async ({ input, user, app }) => {
    await writeAudit(app.db, { companyId: input.company_id, userId: user.user_id, action: 'idem.write', entityType: input.note });
    return { status: 'success' as const, written: await count(app, input.note) };
  },
  transactional: async ({ input, user, app }) => {
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'idem.write', entityType: input.note }),
    );
    return { status: 'success' as const, written: await count(app, input.note) };
  },
  held: async ({ input, user, app }) => {
    heldStarted();
    await new Promise<void>((resolve) => (releaseHeld = resolve));
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'idem.write', entityType: input.note }),
    );
    return { status: 'success' as const, written: await count(app, input.note) };
  },
};

describe('Idempotency-Key leases and write receipts', () => {
  const postgres = !!process.env.TEST_DATABASE_URL;
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof makeTenant>>;

  beforeAll(async () => {
    t = await buildTestApp({}, { extraModules: [async (app) => registerEndpoints(app, probe, handlers)] });
    tenant = await makeTenant(t.app);
  });
  afterAll(() => t?.close());

  const send = (path: string, note: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/idem/${path}`,
      payload: { company_id: tenant.companyId, note },
      headers: { ...tenant.regular.auth, 'idempotency-key': key },
    });
  const keyRow = (key: string) =>
    t.app.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
  /** Plays a crash: the key is back to "reserved, no answer" with its lease lapsed. */
  const crashAfter = (key: string, committed: boolean) =>
    t.app.db
      .updateTable('idempotency_keys')
      .set({
        status_code: null,
        response_body: null,
        content_type: null,
        locked_until: sql<Date>`now() - interval '1 second'`,
        ...(committed ? {} : { committed_at: null }),
      })
      .where('key', '=', key)
      .execute();

  it.each(['single', 'transactional'])('records committed_at with a %s write, in the same transaction', async (path) => {
    const res = await send(path, `receipt-${path}`, `receipt-${path}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = await keyRow(`receipt-${path}`);
    expect(row?.committed_at).toBeInstanceOf(Date);
    expect(row?.status_code).toBe(200);
  });

  it.each(['single', 'transactional'])('marks a key holding quotes and backslashes (sent as literals with the commit) for a %s write', async (path) => {
    const key = `it's a \\ key ''; -- ${path} \\' é`;
    const res = await send(path, `quoted-${path}`, key);
    expect(res.statusCode, res.body).toBe(200);
    const row = await keyRow(key);
    expect(row?.committed_at).toBeInstanceOf(Date);
    expect((await send(path, `quoted-${path}`, key)).body).toBe(res.body);
    expect(await count(t.app, `quoted-${path}`)).toBe(1);
  });

  it('lets a retry take over a lapsed reservation whose write never committed, and applies it once', async () => {
    await send('transactional', 'lapsed', 'lapsed');
    // The first attempt "died" before its write: undo the write, then lapse the lease.
    await t.app.db.deleteFrom('audit_events').where('entity_type', '=', 'lapsed').execute();
    await crashAfter('lapsed', false);
    const retry = await send('transactional', 'lapsed', 'lapsed');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await count(t.app, 'lapsed')).toBe(1);
  });

  it('tells a retry the write was applied when it committed but its answer was lost, and never applies it twice', async () => {
    await send('single', 'lost-answer', 'lost-answer');
    await crashAfter('lost-answer', true);
    const retry = await send('single', 'lost-answer', 'lost-answer');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(APPLIED_ANSWER_LOST);
    const again = await send('single', 'lost-answer', 'lost-answer');
    expect(again.json()).toEqual(APPLIED_ANSWER_LOST);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count(t.app, 'lost-answer')).toBe(1);
  });

  it('waits (409) for an applied write whose answer is still on its way, then replays that answer, not "lost"', async () => {
    const first = await send('single', 'late-answer', 'late-answer');
    // Applied, answer not stored yet, lease still running: the holder may store it any moment.
    await t.app.db
      .updateTable('idempotency_keys')
      .set({ status_code: null, response_body: null, content_type: null, locked_until: sql<Date>`now() + interval '1 minute'` })
      .where('key', '=', 'late-answer')
      .execute();
    expect((await send('single', 'late-answer', 'late-answer')).statusCode).toBe(409);
    await t.app.db
      .updateTable('idempotency_keys')
      .set({ status_code: first.statusCode, response_body: first.body, content_type: 'application/json; charset=utf-8' })
      .where('key', '=', 'late-answer')
      .execute();
    const replay = await send('single', 'late-answer', 'late-answer');
    expect(replay.body).toBe(first.body);
    expect(await count(t.app, 'late-answer')).toBe(1);
  });

  // Where the key is reserved before the handler runs (the embedded database; on PostgreSQL it is reserved lazily, below).
  it.skipIf(postgres)('answers 409 while the first attempt is alive, then its answer; a slow attempt whose lease was taken over is not applied', async () => {
    const started = new Promise<void>((resolve) => (heldStarted = resolve));
    const first = send('held', 'fenced', 'fenced');
    await started;
    expect((await send('held', 'fenced', 'fenced')).statusCode).toBe(409);

    // The lease lapses while the first attempt still runs; a retry takes the key over and applies.
    await crashAfter('fenced', false);
    const releaseFirst = releaseHeld;
    const secondStarted = new Promise<void>((resolve) => (heldStarted = resolve));
    const second = send('held', 'fenced', 'fenced');
    await secondStarted;
    releaseHeld();
    expect((await second).statusCode).toBe(200);

    // The first attempt wakes up: its receipt no longer matches, so its write rolls back (409, try again).
    releaseFirst();
    const late = await first;
    expect(late.statusCode, late.body).toBe(409);
    expect(await count(t.app, 'fenced')).toBe(1);
    const replay = await send('held', 'fenced', 'fenced');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it.runIf(postgres)('lets two attempts run up to their write: the first to write applies, the other answers its answer', async () => {
    const firstStarted = new Promise<void>((resolve) => (heldStarted = resolve));
    const first = send('held', 'racing', 'racing');
    await firstStarted;
    const releaseFirst = releaseHeld;
    const secondStarted = new Promise<void>((resolve) => (heldStarted = resolve));
    const second = send('held', 'racing', 'racing');
    await secondStarted;
    releaseHeld();
    const applied = await second;
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.headers['idempotent-replayed']).toBeUndefined();
    // The first attempt reaches its write after the key was taken: it stops there and answers the key's answer.
    releaseFirst();
    const repeat = await first;
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toBe(applied.body);
    expect(await count(t.app, 'racing')).toBe(1);
  });

  it('knows a request that carries a file, which is reserved before its handler (a repeat does not decode it or run a model again)', () => {
    const file = { filename: 'leaf.png', mimetype: 'image/png', data: new Uint8Array([1, 2, 3]) };
    expect(carriesFile({ company_id: 1, images: file })).toBe(true);
    expect(carriesFile({ company_id: 1, images: [file, { ...file, data: Buffer.from('x') }] })).toBe(true);
    expect(carriesFile({ company_id: 1, name: 'Room 1', ids: [1, 2], nested: { when: null, tags: ['a'] } })).toBe(false);
    expect(carriesFile(undefined)).toBe(false);
  });
});

