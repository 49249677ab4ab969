import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { automationsMessages as msg } from '@verdant/contract';
import { makeTemplate, SCOUTING_FIELDS } from '../../test/fixtures/form-responses.test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { DEFAULT_WEBHOOK_HOSTS } from '../../lib/webhooks/index.js';
import { workDelivery } from './automations.delivery.js';
import { webhookClientOf } from './automations.service.js';

/**
 * Generic webhooks are signed as Standard Webhooks says and carry a CloudEvent (issue 25). The signatures are
 * checked with `standardwebhooks`, the specification's own TypeScript library — an implementation that shares
 * no code with ours (lib/webhooks/signing.ts). Deliveries are worked by calling the worker's function, so no
 * timing is involved.
 */

interface Hit {
  headers: http.IncomingHttpHeaders;
  raw: string;
}

/** A receiver that keeps every request's headers and raw body; `failNext` answers 503 that many times first. */
async function startReceiver() {
  const hits: Hit[] = [];
  let failNext = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      if (failNext > 0) {
        failNext -= 1;
        res.writeHead(503).end('busy');
        return;
      }
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    hits,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/verdant`,
    failTimes(n: number) {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
useTwoTenants({ publicUrl: 'https://verdant.example.com', webhooks: { allowHosts: DEFAULT_WEBHOOK_HOSTS, allowLoopbackForTests: true } });

type Auth = Record<string, string>;
const post = (url: string, auth: Auth, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: auth, payload });
const createHook = (by = a.regular, extra: Record<string, unknown> = {}) =>
  post(`/Create_new_notification?user_id=${by.user_id}`, by.auth, { trigger: 'problem_observed', problem_type: 'Aphids', method: 'webhook', webhook_url: receiver.url, ...extra });
const rotate = (auth: Auth, payload: Record<string, unknown>) => post('/rotate_webhook_secret', auth, payload);

const headersOf = (h: Hit) => ({
  'webhook-id': String(h.headers['webhook-id']),
  'webhook-timestamp': String(h.headers['webhook-timestamp']),
  'webhook-signature': String(h.headers['webhook-signature']),
});
/** What the specification's library makes of one request with one secret: the payload, or the error it throws. */
function verify(secret: string, h: Hit): unknown {
  try {
    return new Webhook(secret).verify(h.raw, headersOf(h));
  } catch (err) {
    return err;
  }
}

let form: Awaited<ReturnType<typeof makeTemplate>> | undefined;
/** Records a problem in company a: every automation on 'Aphids' gets a delivery per channel. */
async function observeAphids() {
  form ??= await makeTemplate(t.app, a.companyId, 'Scouting', 'scouting', SCOUTING_FIELDS);
  const res = await post('/submit_form', a.regular.auth, {
    submittedBy: a.regular.user_id,
    fieldResponses: [
      { fieldID: form.field.Problem!, inputData: 'Aphids' },
      { fieldID: form.field['Irrigation ok']!, inputData: 'Yes' },
      { fieldID: form.field['Irrigation issue']!, inputData: 'none' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
}

const deliveriesOf = (notificationId: number) =>
  t.app.db.selectFrom('notification_deliveries').selectAll().where('notification_id', '=', notificationId).orderBy('delivery_id').execute();
const workerDeps = () => ({ db: t.app.db, mailer: t.app.mailer, hooks: webhookClientOf(t.app.config), publicUrl: t.app.config.publicUrl, log: t.app.log });

describe('a generic webhook on an automation', () => {
  it('answers its secret once, when made: whsec_ and base64 of 32 bytes; never in the list or the audit trail', async () => {
    const res = await createHook();
    expect(res.statusCode, res.body).toBe(200);
    const secret = res.json().webhook_secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const n = res.json().notification;
    expect(n).toMatchObject({ methods: ['webhook'], method: 'webhook', webhook_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/…dant$/), previous_secret_valid_until: null });

    const listed = await t.app.inject({ method: 'GET', url: `/api/get_notifications?user_id=${a.admin.user_id}`, headers: a.admin.auth });
    expect(listed.body).not.toContain(secret.slice(6, 20));
    const audit = await t.app.db.selectFrom('audit_events').select('after').where('action', '=', 'notification.create').where('entity_id', '=', String(n.notification_id)).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.after)).not.toContain(secret.slice(6, 20));
    expect(audit.after).toMatchObject({ webhook_signed: true });

    // Slack alone makes no secret.
    const slack = await post(`/Create_new_notification?user_id=${a.regular.user_id}`, a.regular.auth, {
      trigger: 'problem_observed', method: 'slack', slack_webhook_url: 'https://hooks.slack.com/services/T1/B1/abcd',
    });
    expect(slack.statusCode, slack.body).toBe(200);
    expect(slack.json().webhook_secret).toBeUndefined();
  });

  it('needs its address, https on the standard port (any public host), and is refused for another company', async () => {
    const missing = await createHook(a.regular, { webhook_url: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: msg.webhookUrlRequired, field: 'webhook_url' });
    for (const url of ['http://example.com/hook', 'https://example.com:8443/hook', 'https://user:pw@example.com/hook', 'not a url', 'https://10.0.0.5/hook']) {
      const res = await createHook(a.regular, { webhook_url: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toBe('webhook_url');
    }
    const anyHost = await createHook(a.regular, { webhook_url: 'https://hooks.example.org/verdant' });
    expect(anyHost.statusCode, anyHost.body).toBe(200);
    const task = await post('/create_task_notification', a.regular.auth, { user_id: a.regular.user_id, method: 'webhook', webhook_url: receiver.url });
    expect(task.statusCode, task.body).toBe(200);
    expect(task.json().webhook_secret).toMatch(/^whsec_/);

    const otherCompany = await post(`/Create_new_notification?user_id=${b.regular.user_id}`, a.regular.auth, { trigger: 'problem_observed', method: 'webhook', webhook_url: receiver.url });
    expect(otherCompany.statusCode).toBe(404);
  });

  it('is delivered as a CloudEvent, signed so that the standardwebhooks library accepts it; the same webhook-id on every attempt', async () => {
    const made = await createHook();
    const secret = made.json().webhook_secret as string;
    const id = made.json().notification.notification_id as number;
    receiver.failTimes(1);
    const before = receiver.hits.length;
    await observeAphids();
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ channel: 'webhook', status: 'pending' });
    expect(await workDelivery(workerDeps(), d!.delivery_id, false)).toBe('retry');
    expect(await workDelivery(workerDeps(), d!.delivery_id, false)).toBe('done');
    const [sent] = await deliveriesOf(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, answer: '204' });

    const [first, second] = receiver.hits.slice(before);
    expect(receiver.hits.length - before).toBe(2);
    for (const h of [first!, second!]) {
      expect(h.headers['content-type']).toBe('application/cloudevents+json; charset=utf-8');
      expect(h.headers['webhook-id']).toBe(`verdant-delivery-${d!.delivery_id}`);
      expect(verify(secret, h)).not.toBeInstanceOf(Error);
      expect(String(h.headers['webhook-signature']).split(' ')).toHaveLength(1);
    }
    // A retry is the same message: same id and body, signed again for its own timestamp.
    expect(second!.raw).toBe(first!.raw);
    const event = verify(secret, second!) as Record<string, unknown>;
    expect(event).toMatchObject({
      specversion: '1.0',
      id: `verdant-delivery-${d!.delivery_id}`,
      source: `https://verdant.example.com/api/companies/${a.companyId}/automations/${id}`,
      type: 'com.verdant.problem_observed',
      time: d!.created_at.toISOString(),
      datacontenttype: 'application/json',
      data: { event_type: 'problem_observed', company_id: a.companyId, notification_id: id, link_label: expect.any(String) },
    });
    expect((event.data as { title: string }).title).toContain('Aphids');
    expect((event.data as { link: string }).link).toMatch(/^https:\/\/verdant\.example\.com\//);

    // Tampering, another secret or an old timestamp: the library refuses.
    expect(verify(secret, { ...second!, raw: second!.raw.replace('Aphids', 'Thrips') })).toBeInstanceOf(Error);
    const other = (await createHook()).json().webhook_secret as string;
    expect(verify(other, second!)).toBeInstanceOf(Error);
    const stale = { ...second!, headers: { ...second!.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) } };
    expect(verify(secret, stale)).toBeInstanceOf(Error);
  });

  it('rotation: a new secret answered once, both signatures for a day, then only the new one', async () => {
    const made = await createHook();
    const oldSecret = made.json().webhook_secret as string;
    const id = made.json().notification.notification_id as number;
    const res = await rotate(a.regular.auth, { company_id: a.companyId, notification_id: id });
    expect(res.statusCode, res.body).toBe(200);
    const newSecret = res.json().webhook_secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(res.json().message).toBe(msg.secretRotated);
    const until = Date.parse(res.json().notification.previous_secret_valid_until as string);
    expect(until - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'notification.webhook_secret_rotate').where('entity_id', '=', String(id)).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).not.toContain(newSecret.slice(6, 20));

    const before = receiver.hits.length;
    await observeAphids();
    const [d] = await deliveriesOf(id);
    expect(await workDelivery(workerDeps(), d!.delivery_id, false)).toBe('done');
    const during = receiver.hits[before]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // A receiver that has not switched yet, and one that has: both accept.
    expect(verify(oldSecret, during)).not.toBeInstanceOf(Error);
    expect(verify(newSecret, during)).not.toBeInstanceOf(Error);

    // The day is over: the old secret no longer signs.
    await t.app.db.updateTable('notifications').set({ webhook_previous_secret_until: new Date(Date.now() - 1000) }).where('notification_id', '=', id).execute();
    const test = await post('/send_test_notification', a.regular.auth, { company_id: a.companyId, notification_id: id });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ channel: 'webhook', sent: true, status_code: 204 });
    const after = receiver.hits.at(-1)!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(newSecret, after)).toMatchObject({ type: 'com.verdant.test' });
    expect(verify(oldSecret, after)).toBeInstanceOf(Error);
    const listed = await t.app.inject({ method: 'GET', url: `/api/get_notifications?user_id=${a.admin.user_id}`, headers: a.admin.auth });
    expect(listed.json().notifications.find((n: { notification_id: number }) => n.notification_id === id).previous_secret_valid_until).toBeNull();
  });

  it('rotation is for its creator or an Admin, in the caller\'s company, on a notification with a webhook', async () => {
    const id = (await createHook(a.admin)).json().notification.notification_id as number;
    const notOwner = await rotate(a.regular.auth, { company_id: a.companyId, notification_id: id });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(msg.notOwner);
    const admin = await rotate(a.superAdmin.auth, { company_id: a.companyId, notification_id: id });
    expect(admin.statusCode, admin.body).toBe(200);

    const otherCompanyId = await rotate(b.admin.auth, { company_id: a.companyId, notification_id: id });
    expect(otherCompanyId.statusCode).toBe(403);
    const otherCompanyNotification = await rotate(b.admin.auth, { company_id: b.companyId, notification_id: id });
    expect(otherCompanyNotification.statusCode).toBe(404);

    const email = await post(`/Create_new_notification?user_id=${a.admin.user_id}`, a.admin.auth, { trigger: 'problem_observed', method: 'email', email_recipient: 'x@example.com' });
    const noHook = await rotate(a.admin.auth, { company_id: a.companyId, notification_id: email.json().notification.notification_id });
    expect(noHook.statusCode).toBe(400);
    expect(noHook.json()).toMatchObject({ message: msg.notWebhook, field: 'notification_id' });

    for (const [payload, field] of [
      [{ company_id: a.companyId }, 'notification_id'],
      [{ company_id: a.companyId, notification_id: 2 ** 31 }, 'notification_id'],
      [{ company_id: a.companyId, notification_id: 'x\u0000' }, 'notification_id'],
      [{ notification_id: id }, 'company_id'],
    ] as const) {
      const res = await rotate(a.admin.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const noToken = await t.app.inject({ method: 'POST', url: '/api/rotate_webhook_secret', payload: { company_id: a.companyId, notification_id: id } });
    expect(noToken.statusCode).toBe(401);
  });

  it('Slack and Teams keep their own formats: no signature headers, no CloudEvent', async () => {
    const made = await post(`/Create_new_notification?user_id=${a.admin.user_id}`, a.admin.auth, {
      trigger: 'problem_observed', problem_type: 'Aphids', method: 'slack;Microsoft Teams;webhook', slack_webhook_url: `${receiver.url}/slack`, teams_webhook_url: `${receiver.url}/teams`, webhook_url: receiver.url,
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().notification.notification_id as number;
    const before = receiver.hits.length;
    await observeAphids();
    for (const d of await deliveriesOf(id)) expect(await workDelivery(workerDeps(), d.delivery_id, false)).toBe('done');
    const hits = receiver.hits.slice(before);
    expect(hits).toHaveLength(3);
    const signed = hits.filter((h) => h.headers['webhook-signature'] !== undefined);
    expect(signed).toHaveLength(1);
    expect(JSON.parse(signed[0]!.raw)).toMatchObject({ specversion: '1.0' });
    const chat = hits.filter((h) => h.headers['webhook-signature'] === undefined).map((h) => JSON.parse(h.raw) as Record<string, unknown>);
    expect(chat.some((body) => Array.isArray(body.blocks))).toBe(true);
    expect(chat.some((body) => body.type === 'message')).toBe(true);
    expect(chat.every((body) => body.specversion === undefined)).toBe(true);
  });
});
