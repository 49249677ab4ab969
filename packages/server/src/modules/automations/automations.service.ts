import { randomUUID } from 'node:crypto';
import {
  ADMIN_ROLES, automationsMessages as msg, DAY_MS, METHOD_CHANNEL, NOTIFICATION_METHODS, NOTIFICATION_TRIGGERS, TASK_NOTIFICATION_TRIGGERS,
  TEMPLATE_NOTIFICATION_FREQUENCIES, type automationsEndpoints, type EndpointInput, type NotificationMethod,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import { createWebhookClient, generateWebhookSecret, maskWebhookUrl, type WebhookClient } from '../../lib/webhooks/index.js';
import type { Config } from '../../config/env.js';
import { enqueueDeliveries } from './automations.events.js';
import { sendThrough, type Channel } from './automations.delivery.js';
import { renderEmail } from './automations.messages.js';
import * as repo from './automations.repository.js';
import { automationInWords } from './automations.words.js';
import { toDelivery, toNotification } from './automations.mapper.js';

type Input<K extends keyof typeof automationsEndpoints> = EndpointInput<(typeof automationsEndpoints)[K]>;
type Db = Deps['db'];

export const webhookClientOf = (config: Config): WebhookClient =>
  createWebhookClient({ allowHosts: config.webhooks.allowHosts, allowLoopbackForTests: config.webhooks.allowLoopbackForTests });

interface Recipients {
  method: NotificationMethod[];
  email_recipient: string[];
  slack_webhook_url?: string;
  teams_webhook_url?: string;
  webhook_url?: string;
}

const URL_FIELD = { slack: 'slack_webhook_url', teams: 'teams_webhook_url', webhook: 'webhook_url' } as const;
const URL_REQUIRED = { slack: msg.slackUrlRequired, teams: msg.teamsUrlRequired, webhook: msg.webhookUrlRequired } as const;

/**
 * Spec-2 §5: each method needs its recipient; Slack and Teams addresses must be Slack's or Microsoft's, a generic
 * webhook's any public https host (lib/webhooks), which gets a new signing secret. Keeps only what the methods use.
 */
function checkRecipients(hooks: WebhookClient, r: Recipients) {
  const channels = r.method.map((m) => METHOD_CHANNEL[m]);
  const out = {
    channels, email_recipients: [] as string[], slack_webhook_url: null as string | null, teams_webhook_url: null as string | null,
    webhook_url: null as string | null, webhook_secret: null as string | null,
  };
  for (const channel of channels) {
    if (channel === 'email') {
      if (r.email_recipient.length === 0) throw badRequest(msg.emailRecipientRequired, 'email_recipient');
      out.email_recipients = [...new Set(r.email_recipient)];
    } else {
      const field = URL_FIELD[channel];
      const url = r[field];
      if (!url) throw badRequest(URL_REQUIRED[channel], field);
      const check = hooks.validate(url, channel);
      if (!check.ok) throw badRequest(`${field}: ${check.reason}.`, field);
      out[field] = check.url.toString();
      if (channel === 'webhook') out.webhook_secret = generateWebhookSecret();
    }
  }
  return out;
}

/** What the audit trail keeps of a notification: never a whole webhook address, never a secret. */
const auditView = ({ webhook_secret, ...n }: repo.NewNotification) => ({
  ...n,
  slack_webhook_url: n.slack_webhook_url ? maskWebhookUrl(n.slack_webhook_url) : null,
  teams_webhook_url: n.teams_webhook_url ? maskWebhookUrl(n.teams_webhook_url) : null,
  webhook_url: n.webhook_url ? maskWebhookUrl(n.webhook_url) : null,
  webhook_signed: webhook_secret !== null,
});

async function create(db: Db, caller: Caller, row: repo.NewNotification) {
  const id = await db.transaction().execute(async (trx) => {
    const id = await repo.insertNotification(trx, row);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'notification.create', entityType: 'notification', entityId: id, after: auditView(row),
    });
    return id;
  });
  const made = await repo.findNotification(db, caller.company_id, id);
  if (!made) throw notFound('Notification');
  // The secret is answered this once (docs/decisions.md, "Signed webhooks").
  return { status: 'success' as const, message: msg.created, notification: toNotification(made), ...(row.webhook_secret ? { webhook_secret: row.webhook_secret } : {}) };
}

const base = (caller: Caller, ownerId: number) => ({
  company_id: caller.company_id, user_id: ownerId, created_by: caller.user_id,
  trigger: null, problem_type: null, weekly_report: 0, report_duration_weeks: null, form_category: null, template_id: null, form_field_id: null,
  keyword: null, is_automation: 1, triggered_by: null, frequency: null, notification_time: null,
});

async function liveTemplate(db: Db, companyId: number, templateId: number) {
  const [t] = await repo.liveTemplates(db, companyId, templateId);
  if (!t) throw notFound('Form template');
  return t;
}

export async function getAutomationFields({ db }: Deps, caller: Caller, input: Input<'getAutomationFields'>) {
  if (input.template_id === undefined && input.company_id === undefined) throw badRequest(msg.templateOrCompany, 'company_id');
  const templates = await repo.liveTemplates(db, caller.company_id, input.template_id);
  if (input.template_id !== undefined && templates.length === 0) throw notFound('Form template');
  const [fields, problems] = await Promise.all([repo.activeFields(db, caller.company_id, templates.map((t) => t.template_id)), repo.problemTypes(db, caller.company_id)]);
  return {
    status: 'success' as const,
    data: {
      triggers: [...NOTIFICATION_TRIGGERS],
      methods: [...NOTIFICATION_METHODS],
      frequencies: [...TEMPLATE_NOTIFICATION_FREQUENCIES],
      task_triggers: [...TASK_NOTIFICATION_TRIGGERS],
      form_categories: [...new Set(templates.map((t) => t.form_category))].sort((a, b) => a.localeCompare(b)),
      templates: templates.map((t) => ({ template_id: t.template_id, template_name: t.template_name, form_category: t.form_category })),
      fields: fields.map((f) => ({ form_field_id: f.field_id, field_name: f.field_name, field_type: f.field_type, template_id: f.template_id })),
      problem_types: problems,
    },
  };
}

export async function createNewNotification({ db, config }: Deps<'config'>, caller: Caller, input: Input<'createNewNotification'>) {
  // The ids first: another company's template or field is a 404 whatever else is wrong.
  const template = input.template_id === undefined ? undefined : await liveTemplate(db, caller.company_id, input.template_id);
  const field = input.form_field_id === undefined ? undefined : await repo.findField(db, caller.company_id, input.form_field_id);
  if (input.form_field_id !== undefined && !field) throw new AppError('not_found', 'Form field not found.', 'form_field_id');
  const trigger = input.trigger ?? (input.weekly_report === 1 ? 'weekly_report' : undefined);
  if (!trigger) throw badRequest(msg.triggerRequired, 'trigger');
  const row: repo.NewNotification = { ...base(caller, input.user_id), kind: 'automation', trigger, is_automation: input.is_automation, ...checkRecipients(webhookClientOf(config), input) };
  switch (trigger) {
    case 'problem_observed':
      row.problem_type = input.problem_type ?? null;
      break;
    case 'form_submitted':
      if (template) {
        row.template_id = template.template_id;
        row.form_category = template.form_category;
      } else if (input.form_category !== undefined) row.form_category = input.form_category;
      else throw badRequest(msg.categoryRequired, 'form_category');
      break;
    case 'field_keyword': {
      if (!field) throw badRequest(msg.fieldRequired, 'form_field_id');
      if (input.keyword === undefined) throw badRequest(msg.fieldRequired, 'keyword');
      if (template && template.template_id !== field.template_id) throw badRequest(msg.fieldNotInTemplate, 'form_field_id');
      row.form_field_id = field.field_id;
      row.template_id = field.template_id;
      row.keyword = input.keyword;
      break;
    }
    case 'weekly_report':
      if (input.report_duration_weeks === undefined) throw badRequest(msg.durationRequired, 'report_duration_weeks');
      row.weekly_report = 1;
      row.report_duration_weeks = input.report_duration_weeks;
      break;
    case 'task_assigned':
    case 'task_status_changed':
      break;
  }
  return create(db, caller, row);
}

export async function createTaskNotification({ db, config }: Deps<'config'>, caller: Caller, input: Input<'createTaskNotification'>) {
  return create(db, caller, {
    ...base(caller, input.user_id), kind: 'task', triggered_by: input.triggered_by ?? null, ...checkRecipients(webhookClientOf(config), input),
  });
}

export async function createTemplateNotification({ db, config }: Deps<'config'>, caller: Caller, input: Input<'createTemplateNotification'>) {
  const t = await liveTemplate(db, caller.company_id, input.template_id);
  const recipients = checkRecipients(webhookClientOf(config), input);
  return create(db, caller, {
    ...base(caller, input.user_id), kind: 'template', template_id: t.template_id, form_category: t.form_category,
    frequency: input.frequency, notification_time: input.notification_time ?? '08:00', ...recipients,
  });
}

export async function getNotifications({ db }: Deps, caller: Caller) {
  return { status: 'success' as const, notifications: (await repo.listNotifications(db, caller.company_id)).map(toNotification) };
}

const mayChange = (caller: Caller, n: { user_id: number | null; created_by: number | null }) =>
  ADMIN_ROLES.includes(caller.user_role) || n.created_by === caller.user_id || n.user_id === caller.user_id;

export async function deleteNotification({ db }: Deps, caller: Caller, input: Input<'deleteNotification'>) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockNotification(trx, caller.company_id, input.notification_id);
    if (!before) throw notFound('Notification');
    if (!mayChange(caller, before)) throw forbidden(msg.notOwner);
    await repo.softDeleteNotification(trx, before.notification_id);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'notification.delete', entityType: 'notification', entityId: before.notification_id,
      before: { kind: before.kind, trigger: before.trigger, channels: before.channels },
    });
  });
  return { status: 'success' as const, message: msg.deleted, notification_id: input.notification_id };
}

/** How long a replaced secret keeps signing: a day for receivers to take the new one. */
const SECRET_OVERLAP_MS = DAY_MS;

export async function rotateWebhookSecret({ db }: Deps, caller: Caller, input: Input<'rotateWebhookSecret'>) {
  const secret = generateWebhookSecret();
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockNotification(trx, caller.company_id, input.notification_id);
    if (!before) throw notFound('Notification');
    if (!mayChange(caller, before)) throw forbidden(msg.notOwner);
    if (!before.channels.includes('webhook')) throw badRequest(msg.notWebhook, 'notification_id');
    const until = new Date(Date.now() + SECRET_OVERLAP_MS);
    await repo.rotateWebhookSecret(trx, before.notification_id, secret, until);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'notification.webhook_secret_rotate', entityType: 'notification', entityId: before.notification_id,
      after: { previous_secret_valid_until: until.toISOString() },
    });
  });
  const n = await repo.findNotification(db, caller.company_id, input.notification_id);
  if (!n) throw notFound('Notification');
  return { status: 'success' as const, message: msg.secretRotated, notification: toNotification(n), webhook_secret: secret };
}

export async function getNotificationDeliveries({ db }: Deps, caller: Caller, input: Input<'getNotificationDeliveries'>) {
  if (input.notification_id !== undefined && !(await repo.findNotification(db, caller.company_id, input.notification_id))) {
    // A deleted notification's log stays readable; another company's is a 404 like a missing one.
    const any = await db.selectFrom('notifications').select('notification_id').where('company_id', '=', caller.company_id)
      .where('notification_id', '=', input.notification_id).executeTakeFirst();
    if (!any) throw notFound('Notification');
  }
  const filter: repo.DeliveryFilter = { companyId: caller.company_id, notificationId: input.notification_id, status: input.status };
  const [rows, total] = await Promise.all([
    repo.listDeliveries(db, filter, input.per_page, (input.page - 1) * input.per_page),
    repo.countDeliveries(db, filter),
  ]);
  return { status: 'success' as const, deliveries: rows.map(toDelivery), page: input.page, per_page: input.per_page, total };
}

export async function retryNotificationDelivery({ db }: Deps, caller: Caller, input: Input<'retryNotificationDelivery'>) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findDelivery(trx, caller.company_id, input.delivery_id);
    if (!before) throw notFound('Delivery');
    if (!(await repo.reviveDelivery(trx, caller.company_id, input.delivery_id))) throw new AppError('conflict', msg.notDead, 'delivery_id');
    await enqueueDeliveries(trx, [input.delivery_id]);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'notification_delivery.retry', entityType: 'notification_delivery', entityId: input.delivery_id,
      before: { status: 'dead', attempts: before.attempts, last_error: before.last_error }, after: { status: 'pending' },
    });
  });
  const row = await repo.findDelivery(db, caller.company_id, input.delivery_id);
  if (!row) throw notFound('Delivery');
  return { status: 'success' as const, message: msg.retried, delivery: toDelivery(row) };
}

export async function sendTestNotification({ db, config, mailer }: Deps<'config' | 'mailer'>, caller: Caller, input: Input<'sendTestNotification'>) {
  const n = await repo.findNotification(db, caller.company_id, input.notification_id);
  if (!n) throw notFound('Notification');
  if (!mayChange(caller, n)) throw forbidden(msg.notOwner);
  const channel: Channel = input.channel ?? n.channels[0]!;
  if (!n.channels.includes(channel)) throw badRequest(`This notification is not sent by ${channel}.`, 'channel');
  // Said as a grower reads it: what the automation does and who sent the test, never ids or trigger keys (issue 20).
  const sender = await db.selectFrom('users').select(['first_name', 'last_name']).where('user_id', '=', caller.user_id).executeTakeFirst();
  const message = {
    title: msg.testSubject,
    text: `This is a test of your automation: ${automationInWords(n)}. When it goes off, messages like this one arrive here.`,
    facts: [{ title: 'Sent by', value: `${sender?.first_name ?? ''} ${sender?.last_name ?? ''}`.trim() || 'a colleague' }],
    path: '/dashboard/automations',
    link_label: 'Open automations',
  };
  const target = { ...n, webhook_secrets: channel === 'webhook' ? await repo.signingSecrets(db, caller.company_id, n.notification_id) : [] };
  const event = { company_id: caller.company_id, notification_id: n.notification_id, event_type: 'test', created_at: new Date() };
  const outcome = await sendThrough({ mailer, hooks: webhookClientOf(config), publicUrl: config.publicUrl }, channel, target, message, undefined, event);
  await db.transaction().execute(async (trx) => {
    // The test is in the delivery log like any delivery (its empty state suggests sending one), answered at once.
    await trx.insertInto('notification_deliveries').values({
      company_id: caller.company_id, notification_id: n.notification_id, event_key: `test:${randomUUID()}`, event_type: 'test', channel,
      message: JSON.stringify(message), status: outcome.ok ? 'sent' : 'dead', attempts: 1, last_error: outcome.ok ? null : outcome.answer,
      answer: outcome.ok ? outcome.answer : null, created_at: new Date(), sent_at: outcome.ok ? new Date() : null, locked_until: null,
    }).execute();
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'notification.test', entityType: 'notification', entityId: n.notification_id,
      after: { channel, sent: outcome.ok, answer: outcome.answer },
    });
  });
  const email = renderEmail(message, `${config.publicUrl}${message.path}`);
  return {
    status: 'success' as const,
    channel,
    sent: outcome.ok,
    ...(outcome.statusCode !== undefined ? { status_code: outcome.statusCode } : {}),
    answer: outcome.answer,
    preview: { subject: email.subject, text: email.text },
  };
}
