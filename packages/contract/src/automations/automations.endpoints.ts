import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Flag01, Id, Int4 } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { automationsMessages as msg } from './automations.messages.js';
import {
  AutomationFields, Delivery, DELIVERY_CHANNELS, DELIVERY_PER_PAGE_DEFAULT, DELIVERY_PER_PAGE_MAX, DeliveryStatusSchema, EmailRecipients, Keyword,
  Notification, NotificationFormCategory, NotificationMethods, NotificationTime, NotificationTriggerSchema, ProblemType, ReportWeeks,
  TaskNotificationTrigger, TemplateFrequency, TestNotificationResult, WebhookSecret, WebhookUrl,
} from './automations.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const admins = { kind: 'user', roles: ADMIN_ROLES } as const;

/** The recipient fields every kind of notification carries (spec-2 §3 "the same recipient fields"). */
const recipients = {
  method: NotificationMethods,
  email_recipient: EmailRecipients,
  slack_webhook_url: absentIfBlank(WebhookUrl),
  teams_webhook_url: absentIfBlank(WebhookUrl),
  webhook_url: absentIfBlank(WebhookUrl),
};

/** What a create answers: with a generic webhook, its signing secret, this once. */
const created = success({ message: z.string(), notification: Notification, webhook_secret: WebhookSecret.optional() });

// Spec-2 §6 shows no finer permissions: anyone may set up the alerts they need and read the company's;
// changing or testing one is for its creator or an Admin; retrying a dead delivery is for Admins.
export const automationsEndpoints = {
  getAutomationFields: defineEndpoint({
    id: 'getAutomationFields', domain: 'automations', method: 'GET', path: '/get_automation_fields',
    summary: "What an automation can name: triggers, methods, the company's form categories, templates, their fields and problem types (one template's with template_id)",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ template_id: absentIfBlank(Id), company_id: absentIfBlank(CompanyId) }),
    response: success({ data: AutomationFields }),
    clientMessages: { failure: msg.getFailed },
  }),
  createNewNotification: defineEndpoint({
    id: 'createNewNotification', domain: 'automations', method: 'POST', path: '/Create_new_notification',
    summary: 'Create an automation: a trigger (problem observed, form submitted, keyword answered, task assigned or changed, weekly report) and where it is sent',
    auth: anyone, tenancy: { user: ['user_id'], resource: true },
    query: z.object({ user_id: Id }),
    body: {
      kind: 'multipart',
      schema: z.object({
        ...recipients,
        trigger: absentIfBlank(NotificationTriggerSchema),
        problem_type: absentIfBlank(ProblemType),
        weekly_report: Flag01.optional(),
        report_duration_weeks: absentIfBlank(ReportWeeks),
        form_category: absentIfBlank(NotificationFormCategory),
        template_id: absentIfBlank(Id),
        form_field_id: absentIfBlank(Id),
        is_automation: Flag01.default(1),
        keyword: absentIfBlank(Keyword),
      }),
    },
    response: created,
    clientMessages: { failure: msg.createFailed },
  }),
  getNotifications: defineEndpoint({
    id: 'getNotifications', domain: 'automations', method: 'GET', path: '/get_notifications',
    summary: "The company of user_id's automations, task and template notifications, newest first (webhook addresses masked)",
    auth: anyone, tenancy: { user: ['user_id'] },
    query: z.object({ user_id: Id }),
    response: success({ notifications: z.array(Notification) }),
    clientMessages: { failure: msg.getFailed },
  }),
  deleteNotification: defineEndpoint({
    id: 'deleteNotification', domain: 'automations', method: 'DELETE', path: '/delete_notification',
    summary: 'Delete a notification (its creator or an Admin); nothing more is sent for it, its delivery log stays',
    auth: anyone, tenancy: { user: ['user_id'], resource: true },
    either: z.object({ notification_id: Id, user_id: absentIfBlank(Id) }),
    response: success({ message: z.string(), notification_id: z.number() }),
    clientMessages: { failure: msg.deleteFailed },
  }),
  createTaskNotification: defineEndpoint({
    id: 'createTaskNotification', domain: 'automations', method: 'POST', path: '/create_task_notification',
    summary: "Tell user_id when a task is assigned to them or their task's status changes (triggered_by one of them; absent: both)",
    auth: anyone, tenancy: { user: ['user_id'] },
    either: z.object({ user_id: Id, ...recipients, triggered_by: absentIfBlank(TaskNotificationTrigger) }),
    response: created,
    clientMessages: { failure: msg.createFailed },
  }),
  createTemplateNotification: defineEndpoint({
    id: 'createTemplateNotification', domain: 'automations', method: 'POST', path: '/create_template_notification',
    summary: "Remind about a form template on a schedule (daily, weekly on Monday, monthly on the 1st) at notification_time in the company's time zone",
    auth: anyone, tenancy: { user: ['user_id'], resource: true },
    query: z.object({ user_id: Id }),
    body: {
      kind: 'multipart',
      schema: z.object({
        template_id: Id,
        ...recipients,
        frequency: TemplateFrequency.default('daily'),
        notification_time: absentIfBlank(NotificationTime),
      }),
    },
    response: created,
    clientMessages: { failure: msg.createFailed },
  }),
  getNotificationDeliveries: defineEndpoint({
    id: 'getNotificationDeliveries', domain: 'automations', method: 'GET', path: '/get_notification_deliveries',
    summary: "Verdant extension: the company's delivery log (e-mails and webhook posts), newest first; status 'dead' is the dead-letter list",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({
      company_id: CompanyId,
      notification_id: absentIfBlank(Id),
      status: absentIfBlank(DeliveryStatusSchema),
      page: Int4(1).default(1),
      per_page: Int4(1).max(DELIVERY_PER_PAGE_MAX, { error: `must be at most ${DELIVERY_PER_PAGE_MAX}` }).default(DELIVERY_PER_PAGE_DEFAULT),
    }),
    response: success({ deliveries: z.array(Delivery), page: z.number(), per_page: z.number(), total: z.number() }),
  }),
  retryNotificationDelivery: defineEndpoint({
    id: 'retryNotificationDelivery', domain: 'automations', method: 'POST', path: '/retry_notification_delivery',
    summary: 'Verdant extension: queue a dead delivery again (Admin); it is sent at most once more per retry',
    auth: admins, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, delivery_id: Id }),
    response: success({ message: z.string(), delivery: Delivery }),
  }),
  sendTestNotification: defineEndpoint({
    id: 'sendTestNotification', domain: 'automations', method: 'POST', path: '/send_test_notification',
    summary: "Verdant extension: send a test now through the automation's channel (the first of its methods unless channel says), answering what was sent and the channel's answer",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    either: z.object({
      company_id: CompanyId,
      notification_id: Id,
      channel: absentIfBlank(z.enum(DELIVERY_CHANNELS, { error: `must be one of ${DELIVERY_CHANNELS.join(', ')}` })),
    }),
    response: success(TestNotificationResult.shape),
    // A test is sent every time it is asked for: a repeated key would answer the first test's result.
    idempotent: false,
  }),
  rotateWebhookSecret: defineEndpoint({
    id: 'rotateWebhookSecret', domain: 'automations', method: 'POST', path: '/rotate_webhook_secret',
    summary: "Verdant extension: a new signing secret for a notification's generic webhook (its creator or an Admin), answered this once; the replaced one still signs for a day (two signatures), so receivers can switch without losing a message",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, notification_id: Id }),
    response: success({ message: z.string(), notification: Notification, webhook_secret: WebhookSecret }),
  }),
};
