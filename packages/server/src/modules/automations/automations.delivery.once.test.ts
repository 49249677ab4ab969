import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { blockEventLoop, startThreadReceiver } from '../../test/fixtures/delivery-receivers.js';
import { createWebhookClient, DEFAULT_WEBHOOK_HOSTS, type WebhookClient, type WebhookResponse } from '../../lib/webhooks/index.js';
import { sendThrough, workDelivery, type DeliveryDeps } from './automations.delivery.js';
import type { Mail } from '../../lib/mailer.js';

/**
 * Issue 12, "sent twice on the embedded database": the worker is driven by hand (jobs off) on a fresh
 * database — in-memory PGlite, or TEST_DATABASE_URL's PostgreSQL.
 */

let t: TestApp;
let a: Awaited<ReturnType<typeof makeTenant>>;
let form: Awaited<ReturnType<typeof makeTemplate>>;
let receiver: Awaited<ReturnType<typeof startThreadReceiver>>;

beforeAll(async () => {
  receiver = await startThreadReceiver();
  t = await buildTestApp({ publicUrl: 'https://verdant.example.com', webhooks: { allowHosts: DEFAULT_WEBHOOK_HOSTS, allowLoopbackForTests: true } });
  a = await makeTenant(t.app);
  form = await makeTemplate(t.app, a.companyId, 'Scouting', 'scouting', [['Problem', 'problem', [], true]]);
  const created = await t.app.inject({
    method: 'POST', url: `/api/Create_new_notification?user_id=${a.admin.user_id}`, headers: a.admin.auth,
    payload: { trigger: 'problem_observed', method: 'slack', slack_webhook_url: receiver.url },
  });
  expect(created.statusCode, created.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** A problem observation; with jobs off its Slack delivery waits as 'pending' for the test to work it. */
async function pendingDelivery(problem: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST', url: '/api/submit_form', headers: a.regular.auth,
    payload: { submittedBy: a.regular.user_id, fieldResponses: [{ fieldID: form.field.Problem!, inputData: problem }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.app.db.selectFrom('notification_deliveries').select('delivery_id').where('event_key', '=', `problem:${res.json().response_id}`).executeTakeFirstOrThrow();
  return row.delivery_id;
}

const deliveryRow = (id: number) =>
  t.app.db.selectFrom('notification_deliveries').select(['status', 'attempts', 'answer', 'locked_until']).where('delivery_id', '=', id).executeTakeFirstOrThrow();

const deps = (hooks: WebhookClient, extra: Partial<DeliveryDeps> = {}): DeliveryDeps => ({
  db: t.app.db, mailer: t.app.mailer, hooks, publicUrl: t.app.config.publicUrl, log: t.app.log, ...extra,
});

/** A webhook client whose sends stay in flight until the test answers them. */
function heldHooks() {
  const sent: Array<{ key?: string; answer: (r: WebhookResponse) => void }> = [];
  const hooks: WebhookClient = {
    validate: () => ({ ok: true, url: new URL(receiver.url) }),
    post: (_url, _body, opts) => new Promise((resolve) => sent.push({ key: opts.idempotencyKey, answer: resolve })),
  };
  return { hooks, sent };
}

async function until(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const ok: WebhookResponse = { ok: true, status: 200, body: 'ok', truncated: false };

describe('sent once', () => {
  it('a stall of our own event loop past the webhook timeout, while the receiver answers, is not a failure: one copy, one attempt', { timeout: 30_000 }, async () => {
    const id = await pendingDelivery('Aphids');
    const before = receiver.keys.length;
    // The receiver (its own thread) takes the message and answers while this thread is blocked for 1 s, three
    // times the timeout — as PGlite's synchronous work blocked the worker on a loaded machine.
    receiver.whenReceived(() => blockEventLoop(1_000));
    try {
      const hooks = createWebhookClient({ allowLoopbackForTests: true, timeoutMs: 300 });
      expect(await workDelivery(deps(hooks), id, false)).toBe('done');
      expect(await deliveryRow(id)).toMatchObject({ status: 'sent', attempts: 1, answer: '200 ok', locked_until: null });
      // Its job run again (a redelivery): nothing more is sent.
      expect(await workDelivery(deps(hooks), id, false)).toBe('done');
    } finally {
      receiver.whenReceived(null);
    }
    expect(receiver.keys.slice(before)).toEqual([`verdant-delivery-${id}`]);
  });

  it('a second runner cannot take a delivery whose message is still in flight, long after the first lease would have lapsed', { timeout: 30_000 }, async () => {
    const id = await pendingDelivery('Thrips');
    const first = heldHooks();
    const running = workDelivery(deps(first.hooks, { leaseSeconds: 2 }), id, false);
    await until(() => first.sent.length === 1, 'the first send');
    const claimedUntil = (await deliveryRow(id)).locked_until!;
    // Wait (on the database's clock) until the first claim's own lease is over by a second: only its renewals hold it.
    await until(async () => (await sql<{ over: boolean }>`SELECT now() > ${claimedUntil}::timestamptz + interval '1 second' AS over`.execute(t.app.db)).rows[0]!.over, 'the first lease to lapse');

    const second = heldHooks();
    expect(await workDelivery(deps(second.hooks, { leaseSeconds: 2 }), id, false)).toBe('retry');
    expect(second.sent).toHaveLength(0);

    first.sent[0]!.answer(ok);
    expect(await running).toBe('done');
    expect(await deliveryRow(id)).toMatchObject({ status: 'sent', attempts: 1, locked_until: null });
    expect(first.sent[0]!.key).toBe(`verdant-delivery-${id}`);
    // The retried job of the second runner then finds it settled.
    expect(await workDelivery(deps(second.hooks), id, false)).toBe('done');
    expect(second.sent).toHaveLength(0);
  });

  it('only the latest claim writes the outcome: a runner whose lease was taken over (it was gone past its lease) cannot undo a sent delivery', { timeout: 30_000 }, async () => {
    const id = await pendingDelivery('Whitefly');
    const first = heldHooks();
    const running = workDelivery(deps(first.hooks), id, false);
    await until(() => first.sent.length === 1, 'the first send');
    // As if this runner had been stopped for longer than its lease with no renewal (a crash looks the same).
    await t.app.db.updateTable('notification_deliveries').set({ locked_until: sql`now() - interval '1 second'` }).where('delivery_id', '=', id).execute();

    const second = heldHooks();
    const taking = workDelivery(deps(second.hooks), id, false);
    await until(() => second.sent.length === 1, 'the second send');
    second.sent[0]!.answer(ok);
    expect(await taking).toBe('done');
    first.sent[0]!.answer({ ok: false, status: 503, body: 'busy', truncated: false });
    expect(await running).toBe('retry');

    expect(await deliveryRow(id)).toMatchObject({ status: 'sent', attempts: 2, answer: '200 ok' });
    // The honest limit: both copies went out, under one key a receiver can deduplicate by.
    expect([first.sent[0]!.key, second.sent[0]!.key]).toEqual([`verdant-delivery-${id}`, `verdant-delivery-${id}`]);
  });
});

describe('e-mail', () => {
  it("carries a Message-ID made from the delivery, the same on every attempt (none on a test send)", async () => {
    const sent: Mail[] = [];
    const mailer = { send: async (m: Mail) => void sent.push(m) };
    const target = { email_recipients: ['grower@example.com'], slack_webhook_url: null, teams_webhook_url: null, webhook_url: null, webhook_secrets: [] };
    const event = { company_id: 1, notification_id: 1, event_type: 'problem_observed', created_at: new Date() };
    const message = { title: 'Problem observed: Thrips', text: 'Thrips was recorded.', facts: [], path: '/dashboard/rooms/1', link_label: 'Open in Verdant' };
    const hooks = createWebhookClient({ allowHosts: DEFAULT_WEBHOOK_HOSTS });
    const d = { mailer, hooks, publicUrl: 'https://verdant.example.com' };
    for (let attempt = 0; attempt < 2; attempt++) expect((await sendThrough(d, 'email', target, message, 'verdant-delivery-41', event)).ok).toBe(true);
    await sendThrough(d, 'email', target, message, undefined, event);
    expect(sent.map((m) => m.messageId)).toEqual(['<verdant-delivery-41@verdant.local>', '<verdant-delivery-41@verdant.local>', undefined]);
  });
});
