import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { makeTemplate, SCOUTING_FIELDS } from '../../test/fixtures/form-responses.test-kit.js';
import { startSmtpSink, startWebhookReceiver } from '../../test/fixtures/delivery-receivers.js';
import { smtpMailer } from '../../lib/mailer.js';
import { DEFAULT_WEBHOOK_HOSTS } from '../../lib/webhooks/index.js';
import { DELIVERY_QUEUE } from './automations.events.js';
import { workDelivery } from './automations.delivery.js';
import { webhookClientOf } from './automations.service.js';

/** Real delivery: pg-boss running, an SMTP sink, and local receivers answering as Slack and Teams do. */

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let slack: Awaited<ReturnType<typeof startWebhookReceiver>>;
let teams: Awaited<ReturnType<typeof startWebhookReceiver>>;
let a: Awaited<ReturnType<typeof makeTenant>>;
let form: Awaited<ReturnType<typeof makeTemplate>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  slack = await startWebhookReceiver('slack');
  teams = await startWebhookReceiver('teams');
  t = await buildTestApp(
    {
      publicUrl: 'https://verdant.example.com',
      webhooks: { allowHosts: DEFAULT_WEBHOOK_HOSTS, allowLoopbackForTests: true },
      notificationDelivery: { retryLimit: 2, retryDelaySeconds: 1, pollMs: 100 },
    },
    { jobs: true, mailer: smtpMailer(sink.url) },
  );
  a = await makeTenant(t.app);
  form = await makeTemplate(t.app, a.companyId, 'Scouting', 'scouting', SCOUTING_FIELDS);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([sink?.close(), slack?.close(), teams?.close()]);
});

type Auth = Record<string, string>;
const post = (url: string, auth: Auth, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: auth, payload });

async function observe(problem: string) {
  const res = await post('/submit_form', a.regular.auth, {
    submittedBy: a.regular.user_id,
    fieldResponses: [
      { fieldID: form.field.Problem!, inputData: problem },
      { fieldID: form.field['Irrigation ok']!, inputData: 'Yes' },
      { fieldID: form.field['Irrigation issue']!, inputData: 'none' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response_id as number;
}

const deliveriesOf = (notificationId: number) =>
  t.app.db.selectFrom('notification_deliveries').selectAll().where('notification_id', '=', notificationId).orderBy('delivery_id').execute();

/** Waits for the worker (no timing is asserted: the deadline only ends a test that would otherwise hang). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('delivery', () => {
  it('one problem observation sends exactly one e-mail, one Slack and one Teams message, each linking back; a job run again sends nothing more', { timeout: 60_000 }, async () => {
    const created = await post(`/Create_new_notification?user_id=${a.admin.user_id}`, a.admin.auth, {
      trigger: 'problem_observed', problem_type: 'Aphids', method: 'email;slack;Microsoft Teams',
      email_recipient: 'grower@example.com;lead@example.com', slack_webhook_url: slack.url, teams_webhook_url: teams.url,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().notification.notification_id as number;
    await observe('Aphids');
    const sent = await until(() => deliveriesOf(id), (ds) => ds.length === 3 && ds.every((d) => d.status === 'sent'), 'three sent deliveries');

    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]!.to.sort()).toEqual(['grower@example.com', 'lead@example.com']);
    expect(sink.mails[0]!.raw).toContain('Subject: Verdant: Problem observed: Aphids');
    expect(sink.mails[0]!.raw).toContain('https://verdant.example.com/dashboard/');

    expect(slack.received).toHaveLength(1);
    const s = slack.received[0]!.body as { text: string; blocks: Array<{ type: string; elements?: Array<{ url: string }> }> };
    expect(s.text).toContain('Aphids');
    expect(s.blocks[0]!.type).toBe('header');
    expect(s.blocks.at(-1)!.elements![0]!.url).toMatch(/^https:\/\/verdant\.example\.com\/dashboard\//);

    expect(teams.received).toHaveLength(1);
    const m = teams.received[0]!.body as { type: string; attachments: Array<{ contentType: string; content: { type: string; actions: Array<{ url: string }> } }> };
    expect(m.type).toBe('message');
    expect(m.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(m.attachments[0]!.content.type).toBe('AdaptiveCard');
    expect(m.attachments[0]!.content.actions[0]!.url).toMatch(/^https:\/\/verdant\.example\.com\/dashboard\//);
    expect(sent.find((d) => d.channel === 'slack')!.answer).toBe('200 ok');

    // The same job twice (a redelivered job, a second process): the claim refuses a sent delivery.
    const deps = { db: t.app.db, mailer: t.app.mailer, hooks: webhookClientOf(t.app.config), publicUrl: t.app.config.publicUrl, log: t.app.log };
    for (const d of sent) expect(await workDelivery(deps, d.delivery_id, false)).toBe('done');
    await t.app.boss!.send(DELIVERY_QUEUE, { delivery_id: sent[1]!.delivery_id });
    await until(() => t.app.boss!.getQueueSize(DELIVERY_QUEUE), (n) => n === 0, 'the duplicate job worked');
    expect([sink.mails.length, slack.received.length, teams.received.length]).toEqual([1, 1, 1]);
    expect((await deliveriesOf(id)).map((d) => d.attempts)).toEqual([1, 1, 1]);
  });

  it('a receiver that keeps failing is retried with back-off, then dead-lettered; a retry from the dead letter delivers once', { timeout: 90_000 }, async () => {
    const created = await post(`/Create_new_notification?user_id=${a.admin.user_id}`, a.admin.auth, {
      trigger: 'problem_observed', problem_type: 'Thrips', method: 'slack', slack_webhook_url: slack.url,
    });
    const id = created.json().notification.notification_id as number;
    const before = slack.received.length;
    slack.setDown(true);
    await observe('Thrips');
    const [dead] = await until(() => deliveriesOf(id), (ds) => ds[0]?.status === 'dead', 'a dead delivery');
    expect(dead!.attempts).toBe(3);
    expect(slack.refusedCount()).toBe(3);
    expect(dead!.last_error).toContain('503');
    expect(slack.received.length).toBe(before);

    const log = await t.app.inject({ method: 'GET', url: `/api/get_notification_deliveries?company_id=${a.companyId}&status=dead`, headers: a.admin.auth });
    expect(log.json().deliveries.map((d: { delivery_id: number }) => d.delivery_id)).toEqual([dead!.delivery_id]);

    slack.setDown(false);
    const retry = await post('/retry_notification_delivery', a.admin.auth, { company_id: a.companyId, delivery_id: dead!.delivery_id });
    expect(retry.statusCode, retry.body).toBe(200);
    const [sent] = await until(() => deliveriesOf(id), (ds) => ds[0]?.status === 'sent', 'the retried delivery sent');
    expect(sent!.attempts).toBe(4);
    expect(slack.received.length).toBe(before + 1);
    const again = await post('/retry_notification_delivery', a.admin.auth, { company_id: a.companyId, delivery_id: dead!.delivery_id });
    expect(again.statusCode).toBe(409);
    await until(() => t.app.boss!.getQueueSize(DELIVERY_QUEUE), (n) => n === 0, 'an empty queue');
    expect(slack.received.length).toBe(before + 1);
  });

  it('a task assigned to someone tells them through their task notification (Teams), and a test send answers the receiver', { timeout: 60_000 }, async () => {
    const made = await post('/create_task_notification', a.regular.auth, { user_id: a.regular.user_id, method: 'Microsoft Teams', teams_webhook_url: teams.url });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().notification.notification_id as number;
    const taskForm = await makeTemplate(t.app, a.companyId, 'Task', 'Task', [['Task', 'text', [], true]]);
    const task = await post('/submit_form', a.admin.auth, { submittedBy: a.admin.user_id, fieldResponses: [{ fieldID: taskForm.field.Task!, inputData: 'Check traps' }] });
    const responseId = task.json().response_id as number;
    const before = teams.received.length;
    const assigned = await post(`/update_task_fields?response_id=${responseId}`, a.admin.auth, { assignee_id: a.regular.user_id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await until(() => deliveriesOf(id), (ds) => ds.length === 1 && ds[0]!.status === 'sent', 'the task delivery');
    expect(teams.received.length).toBe(before + 1);
    expect(JSON.stringify(teams.received.at(-1)!.body)).toContain('Task assigned: Check traps');

    const test = await post('/send_test_notification', a.regular.auth, { company_id: a.companyId, notification_id: id });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ channel: 'teams', sent: true, status_code: 200, answer: '200 1' });
    expect(teams.received.length).toBe(before + 2);
  });
});
