import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, CompanyId, defineEndpoint, success } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeTenant } from '../test/factories.js';
import { writeAudit } from '../lib/audit.js';
import { registerEndpoints, type Handlers } from '../plugins/contract-routes.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import { nowAndAfterHeldCommit } from './write-receipts.js';
import { notFound } from '../lib/errors.js';

/**
 * A keyed write on PostgreSQL commits with its answer (write-receipts.ts, holdForAnswer): the key's
 * receipt and answer, the transaction's audit event and its rows in one COMMIT. Whatever the request does
 * after its transaction (a query, a mail, a stored file) first commits it. The embedded database keeps the
 * answer in a commit of its own; the same requests must answer the same there.
 */
/** A keyed probe endpoint of this test: a note of the caller's company, answered with a plain success. */
const noteProbe = (id: string, path: string, summary: string) =>
  defineEndpoint({
    id, domain: 'probe', method: 'POST', path, summary,
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId, note: z.string() }),
    response: success({}),
  });

const probe = {
  auditedNote: noteProbe('heldAuditedNote', '/held/audited', 'a write and its audit event'),
  mailAfter: noteProbe('heldMailAfter', '/held/mail', 'a write, then a mail about it'),
  waits: noteProbe('heldWaits', '/held/waits', 'a write, then a wait before its answer'),
  forgets: noteProbe('heldForgets', '/held/forgets', 'a write, then a cache entry forgotten'),
  failsAfter: noteProbe('heldFailsAfter', '/held/fails', 'a write, then an error'),
  mailFirst: noteProbe('heldMailFirst', '/held/mail-first', 'a mail, then a write'),
  mailThenWaits: noteProbe('heldMailThenWaits', '/held/mail-waits', 'a mail, a write, then a wait before its answer'),
  onlyOnce: noteProbe('heldOnlyOnce', '/held/only-once', 'a write refused (404) once it was done'),
};

/** The audit event a note wrote, read on a connection of its own. */
const auditOf = (app: FastifyInstance, note: string) =>
  app.db.selectFrom('audit_events').select(['id', 'entity_type', 'after']).where('action', '=', 'held.probe').where('entity_id', '=', note).executeTakeFirst();

/** Requests of the waits probe that wrote and wait to be let go, in the order they wrote. */
const waiting: Array<() => void> = [];
/** Each time a note's cache entry was forgotten. */
const forgotten: string[] = [];

const handlers: Handlers<typeof probe> = {
  auditedNote: async ({ input, user, app }) => {
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'held.probe', entityType: 'note', entityId: input.note, after: { note: input.note } }),
    );
    return { status: 'success' as const };
  },
  mailAfter: async ({ input, user, app }) => {
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'held.probe', entityType: 'mail', entityId: input.note }),
    );
    await app.mailer.send({ to: 'grower@example.com', subject: input.note, text: 'about a write' });
    return { status: 'success' as const };
  },
  waits: async ({ input, user, app }) => {
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'held.probe', entityType: 'waits', entityId: input.note }),
    );
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { status: 'success' as const };
  },
  forgets: async ({ input, user, app }) => {
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'held.probe', entityType: 'forgets', entityId: input.note }),
    );
    nowAndAfterHeldCommit(() => forgotten.push(input.note));
    return { status: 'success' as const };
  },
  failsAfter: async ({ input, user, app }) => {
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'held.probe', entityType: 'fails', entityId: input.note }),
    );
    throw new Error('the handler failed after its write');
  },
  mailFirst: async ({ input, user, app }) => {
    await app.mailer.send({ to: 'grower@example.com', subject: input.note, text: 'before a write' });
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'held.probe', entityType: 'mail-first', entityId: input.note }),
    );
    return { status: 'success' as const };
  },
  mailThenWaits: async ({ input, user, app }) => {
    await app.mailer.send({ to: 'grower@example.com', subject: input.note, text: 'before a write' });
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'held.probe', entityType: 'mail-waits', entityId: input.note }),
    );
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { status: 'success' as const };
  },
  onlyOnce: async ({ input, user, app }) => {
    // Like a delete: once done, the thing is gone and the handler answers 404, an answer that is kept.
    if (await auditOf(app, input.note)) throw notFound('Note');
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, { companyId: input.company_id, userId: user.user_id, action: 'held.probe', entityType: 'once', entityId: input.note }),
    );
    return { status: 'success' as const };
  },
};

describe('a keyed write commits with its answer', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof makeTenant>>;
  /** What the mail's receiver could read when the mail left: the audit event it is about. */
  const seenByMail: Array<{ subject: string; visible: boolean }> = [];
  const postgres = !!process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    const mailer: Mailer = {
      send: async (mail: Mail) => {
        seenByMail.push({ subject: mail.subject, visible: !!(await auditOf(t.app, mail.subject)) });
      },
    };
    t = await buildTestApp({}, { mailer, extraModules: [async (app) => registerEndpoints(app, probe, handlers)] });
    tenant = await makeTenant(t.app);
  });
  afterAll(() => t?.close());

  const send = (path: string, note: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/held/${path}`,
      payload: { company_id: tenant.companyId, note },
      headers: { ...tenant.regular.auth, 'idempotency-key': key },
    });
  /** Sends a request twice with one key: the first applies (200), the second replays its answer. */
  const appliedThenReplayed = async (path: string, note: string, key: string) => {
    const first = await send(path, note, key);
    expect(first.statusCode, first.body).toBe(200);
    const repeat = await send(path, note, key);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toBe(first.body);
  };
  /** The transaction that wrote a row (PostgreSQL's xmin): equal for rows of one commit. */
  const writerOf = async (table: 'idempotency_keys' | 'audit_events', column: 'key' | 'entity_id', value: string) =>
    (await sql<{ xmin: string }>`select xmin::text as xmin from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(t.app.db)).rows[0]?.xmin;

  it('stores the answer, the receipt and the audit event in the transaction of the write', async () => {
    const res = await send('audited', 'same-commit', 'held-same-commit');
    expect(res.statusCode, res.body).toBe(200);
    const key = await t.app.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'held-same-commit').executeTakeFirstOrThrow();
    expect(key.status_code).toBe(200);
    expect(key.response_body).toBe(res.body);
    expect(key.committed_at).toBeInstanceOf(Date);
    const audit = await writerOf('audit_events', 'entity_id', 'same-commit');
    const answer = await writerOf('idempotency_keys', 'key', 'held-same-commit');
    expect(audit).toBeDefined();
    // On PostgreSQL one commit wrote both; the embedded database commits the answer after the write.
    if (postgres) expect(answer).toBe(audit);
    else expect(answer).not.toBe(audit);
    const again = await send('audited', 'same-commit', 'held-same-commit');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(res.body);
  });

  it('keeps an audit event holding quotes, backslashes, NUL-free control characters and emoji exactly (sent as literals)', async () => {
    const note = `it's \\ a "note" ''; -- \t é 🌱 \\' \u0001 $1 $2`;
    const res = await send('audited', note, 'held-quoted');
    expect(res.statusCode, res.body).toBe(200);
    const audit = await auditOf(t.app, note);
    expect(audit?.entity_type).toBe('note');
    expect(audit?.after).toEqual({ note });
  });

  it('commits the write before a mail about it leaves', async () => {
    const res = await send('mail', 'mail-after-write', 'held-mail');
    expect(res.statusCode, res.body).toBe(200);
    expect(seenByMail).toContainEqual({ subject: 'mail-after-write', visible: true });
  });

  it('forgets a remembered read again once the held write has committed (a concurrent request cannot refill it stale)', async () => {
    const res = await send('forgets', 'forget-me', 'held-forgets');
    expect(res.statusCode, res.body).toBe(200);
    // Once at the call; on PostgreSQL once more, when the COMMIT that the answer went with was done.
    expect(forgotten.filter((note) => note === 'forget-me').length).toBe(postgres ? 2 : 1);
  });

  it('keeps a write whose handler failed after it, and tells a retry it applied', async () => {
    const res = await send('fails', 'fails-after-write', 'held-fails');
    expect(res.statusCode).toBe(500);
    expect(await auditOf(t.app, 'fails-after-write')).toBeDefined();
    const key = await t.app.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'held-fails').executeTakeFirstOrThrow();
    expect(key.committed_at).toBeInstanceOf(Date);
    expect(key.status_code).toBeNull();
    // The lease was let go with the 500: the retry is told the write applied, and nothing is written twice.
    const retry = await send('fails', 'fails-after-write', 'held-fails');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.body).toContain('already applied');
    const n = await t.app.db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n')).where('entity_id', '=', 'fails-after-write').executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  // On PostgreSQL a key is reserved on its own only before an outside effect (here the mail); else it is claimed in the COMMIT.
  it('applies nothing when the held commit is refused (its key was taken over meanwhile), and answers 409', async () => {
    const answer = send('mail-waits', 'taken-over', 'held-taken');
    await until(async () => waiting.length === 1);
    // A retry took the key over while this request held its write (played on another connection): the
    // receipt no longer matches at the COMMIT.
    await t.app.db.updateTable('idempotency_keys').set({ lease_token: 'someone-else' }).where('key', '=', 'held-taken').execute();
    waiting.shift()!();
    const res = await answer;
    if (postgres) {
      expect(res.statusCode, res.body).toBe(409);
      expect(await auditOf(t.app, 'taken-over')).toBeUndefined();
    } else {
      // The embedded database committed the write at once; its answer is not kept for the key it lost.
      expect(res.statusCode, res.body).toBe(200);
      expect(await auditOf(t.app, 'taken-over')).toBeDefined();
    }
  });

  it.runIf(postgres)('lets two attempts hold their write at once: the first to answer applies, the other rolls back and answers its answer', async () => {
    const first = send('waits', 'held-twice', 'held-twice');
    await until(async () => waiting.length === 1);
    const second = send('waits', 'held-twice', 'held-twice');
    await until(async () => waiting.length === 2);
    waiting.pop()!();
    const applied = await second;
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.headers['idempotent-replayed']).toBeUndefined();
    // The first attempt's claim of the key, in its COMMIT, finds it taken: its write rolls back.
    waiting.pop()!();
    const repeat = await first;
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toBe(applied.body);
    const n = await t.app.db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n')).where('entity_id', '=', 'held-twice').executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('sends a mail that comes before the write once: a repeat is stopped before its mail and answers the first answer', async () => {
    await appliedThenReplayed('mail-first', 'mail-once', 'held-mail-first');
    expect(seenByMail.filter((m) => m.subject === 'mail-once')).toEqual([{ subject: 'mail-once', visible: false }]);
    const key = await t.app.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'held-mail-first').executeTakeFirstOrThrow();
    expect(key.committed_at).toBeInstanceOf(Date);
  });

  it('answers a repeat what the first attempt answered, even when the repeat on its own would be refused', async () => {
    await appliedThenReplayed('only-once', 'once', 'held-once');
    // Without the key the same request is refused: the 404 is this request's own answer, and it is kept.
    const other = await send('only-once', 'once', 'held-once-other');
    expect(other.statusCode).toBe(404);
    const otherAgain = await send('only-once', 'once', 'held-once-other');
    expect(otherAgain.statusCode).toBe(404);
    expect(otherAgain.headers['idempotent-replayed']).toBe('true');
  });
});

async function until(done: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the awaited state never came');
}
