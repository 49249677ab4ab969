import { z } from 'zod';
import { Email, Int4 } from '../common/fields.js';
import { FormCategory } from '../forms/form-templates.schemas.js';

/**
 * Spec-2 §9's notification methods as the client shows them. The spec does not give Teams' wire value:
 * 'Microsoft Teams' is the answer's word, and 'teams', 'microsoft_teams' and 'msteams' are accepted too
 * (any case). One notification may use several methods (sent as a list, ',' or ';' joined). 'webhook'
 * (issue 25) is a generic, signed webhook: Standard Webhooks headers and a CloudEvents body.
 */
export const NOTIFICATION_METHODS = ['email', 'slack', 'Microsoft Teams', 'webhook'] as const;
export type NotificationMethod = (typeof NOTIFICATION_METHODS)[number];
/** Where a delivery goes: one per method. */
export const DELIVERY_CHANNELS = ['email', 'slack', 'teams', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const METHOD_CHANNEL: Record<NotificationMethod, DeliveryChannel> = { email: 'email', slack: 'slack', 'Microsoft Teams': 'teams', webhook: 'webhook' };
export const CHANNEL_METHOD: Record<DeliveryChannel, NotificationMethod> = { email: 'email', slack: 'slack', teams: 'Microsoft Teams', webhook: 'webhook' };

const METHOD_ALIASES: Record<string, NotificationMethod> = {
  email: 'email', 'e-mail': 'email', mail: 'email',
  slack: 'slack',
  'microsoft teams': 'Microsoft Teams', teams: 'Microsoft Teams', microsoft_teams: 'Microsoft Teams', msteams: 'Microsoft Teams',
  webhook: 'webhook',
};

/** What triggers an automation made by Create_new_notification (spec-2 §3 names the fields, not the values). */
export const NOTIFICATION_TRIGGERS = [
  'problem_observed', // a problem recorded on a plant or box; optionally only `problem_type`
  'form_submitted', // a form of `form_category`, or of `template_id`, submitted
  'field_keyword', // `form_field_id` answered with text containing `keyword`
  'task_assigned',
  'task_status_changed',
  'weekly_report', // a weekly summary covering `report_duration_weeks`
] as const;
export type NotificationTrigger = (typeof NOTIFICATION_TRIGGERS)[number];

/** Task notifications (create_task_notification): for the tasks of `user_id`; absent triggered_by = both. */
export const TASK_NOTIFICATION_TRIGGERS = ['task_assigned', 'task_status_changed'] as const;
/** Template notifications (create_template_notification): a reminder to fill the form in. */
export const TEMPLATE_NOTIFICATION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const NOTIFICATION_KINDS = ['automation', 'task', 'template'] as const;

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const EMAIL_RECIPIENTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2048;
export const KEYWORD_MAX = 200;
export const PROBLEM_TYPE_MAX = 200;
export const REPORT_WEEKS_MAX = 52;
export const DELIVERY_PER_PAGE_DEFAULT = 50;
export const DELIVERY_PER_PAGE_MAX = 200;

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/** A list as an array, a JSON list in text ('["email","slack"]'), or text joined with ';' or ','. */
function listItems(v: unknown): unknown[] {
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? x.split(/[;,]/) : [x]));
  if (typeof v !== 'string') return [v];
  const text = v.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON after all: split it as text.
    }
  }
  return text.split(/[;,]/);
}
const blank = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');

const METHOD_WORDS = Object.keys(METHOD_ALIASES) as [string, ...string[]];
const MethodWord = z
  .preprocess(lower, z.enum(METHOD_WORDS, { error: `must be one of ${NOTIFICATION_METHODS.join(', ')}` }))
  .transform((w) => METHOD_ALIASES[w]!);

/** One or several methods: an array, or text joined with ',' or ';'. Duplicates collapse. */
export const NotificationMethods = z.preprocess(
  (v) => {
    const items = blank(v) ? [] : listItems(v).filter((x) => !blank(x));
    return items.length === 0 ? undefined : items;
  },
  z
    .array(MethodWord, { error: 'is required' })
    .max(NOTIFICATION_METHODS.length, { error: `must list at most ${NOTIFICATION_METHODS.length} methods` })
    .transform((ms) => [...new Set(ms)]),
);

/** Spec-2 §7: e-mail recipients joined with ';' (',' and an array are accepted too). Blank = none. */
export const EmailRecipients = z.preprocess(
  (v) => {
    if (blank(v)) return [];
    return listItems(v).map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  },
  z.array(Email, { error: 'must be e-mail addresses joined with ;' }).max(EMAIL_RECIPIENTS_MAX, { error: `must list at most ${EMAIL_RECIPIENTS_MAX} addresses` }),
);

/** A webhook address as typed; the server checks scheme, host and where it resolves (lib/webhooks). */
export const WebhookUrl = z
  .string({ error: 'must be a text' })
  .trim()
  .max(WEBHOOK_URL_MAX, { error: `must be at most ${WEBHOOK_URL_MAX} characters` });

export const NotificationTriggerSchema = z.preprocess(lower, z.enum(NOTIFICATION_TRIGGERS, { error: `must be one of ${NOTIFICATION_TRIGGERS.join(', ')}` }));
export const TaskNotificationTrigger = z.preprocess(lower, z.enum(TASK_NOTIFICATION_TRIGGERS, { error: `must be one of ${TASK_NOTIFICATION_TRIGGERS.join(', ')}` }));
export const TemplateFrequency = z.preprocess(lower, z.enum(TEMPLATE_NOTIFICATION_FREQUENCIES, { error: `must be one of ${TEMPLATE_NOTIFICATION_FREQUENCIES.join(', ')}` }));
export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES, { error: `must be one of ${DELIVERY_STATUSES.join(', ')}` });
export const NotificationTime = z.string({ error: 'must be a time as HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time as HH:MM' });
export const Keyword = z.string({ error: 'must be a text' }).trim().max(KEYWORD_MAX, { error: `must be at most ${KEYWORD_MAX} characters` });
export const ProblemType = z.string({ error: 'must be a text' }).trim().max(PROBLEM_TYPE_MAX, { error: `must be at most ${PROBLEM_TYPE_MAX} characters` });
export const ReportWeeks = Int4(1).max(REPORT_WEEKS_MAX, { error: `must be at most ${REPORT_WEEKS_MAX}` });
export { FormCategory as NotificationFormCategory };

/** An automation as answered: webhook addresses masked (scheme, host, '/…' and the last 4 characters). */
export const Notification = z.object({
  notification_id: z.number(),
  company_id: z.number(),
  user_id: z.number(),
  created_by: z.number().nullable(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The methods joined with ';' in the spec's words; `methods` lists them. */
  method: z.string(),
  methods: z.array(z.enum(NOTIFICATION_METHODS)),
  trigger: z.string().nullable(),
  problem_type: z.string().nullable(),
  /** Joined with ';' as the spec sends it; `email_recipients` lists them. */
  email_recipient: z.string(),
  email_recipients: z.array(z.string()),
  weekly_report: z.number(),
  report_duration_weeks: z.number().nullable(),
  form_category: z.string().nullable(),
  template_id: z.number().nullable(),
  template_name: z.string().nullable(),
  form_field_id: z.number().nullable(),
  field_name: z.string().nullable(),
  keyword: z.string().nullable(),
  is_automation: z.number(),
  triggered_by: z.string().nullable(),
  frequency: z.string().nullable(),
  notification_time: z.string().nullable(),
  slack_webhook_url: z.string().nullable(),
  teams_webhook_url: z.string().nullable(),
  /** The generic webhook (method 'webhook'), masked; its secret is answered once, when made or rotated. */
  webhook_url: z.string().nullable(),
  /** Until when the secret replaced by the last rotation still signs too (a second signature); null when none does. */
  previous_secret_valid_until: z.string().nullable(),
  created_at: z.string(),
  /** Deliveries that used every attempt and wait for someone to retry them. */
  dead_deliveries: z.number(),
});
export type Notification = z.infer<typeof Notification>;

export const AutomationField = z.object({
  form_field_id: z.number(),
  field_name: z.string(),
  field_type: z.string(),
  template_id: z.number(),
});
export const AutomationTemplate = z.object({ template_id: z.number(), template_name: z.string(), form_category: z.string().nullable() });

/** What the automation form offers: the choices for each field (get_automation_fields `data`). */
export const AutomationFields = z.object({
  triggers: z.array(z.enum(NOTIFICATION_TRIGGERS)),
  methods: z.array(z.enum(NOTIFICATION_METHODS)),
  frequencies: z.array(z.enum(TEMPLATE_NOTIFICATION_FREQUENCIES)),
  task_triggers: z.array(z.enum(TASK_NOTIFICATION_TRIGGERS)),
  form_categories: z.array(z.string()),
  templates: z.array(AutomationTemplate),
  fields: z.array(AutomationField),
  problem_types: z.array(z.string()),
});
export type AutomationFields = z.infer<typeof AutomationFields>;

export const Delivery = z.object({
  delivery_id: z.number(),
  notification_id: z.number(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** The e-mail address, or the webhook masked. */
  target: z.string(),
  /** What happened, in one line ("Problem observed: Aphids in Room 1"). */
  event: z.string(),
  event_type: z.string(),
  status: DeliveryStatusSchema,
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** The channel's answer, short: "200 ok", "250 2.0.0 queued". */
  answer: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof Delivery>;

/**
 * A generic webhook's signing secret ('whsec_' + base64 of 32 bytes, as Standard Webhooks writes it), answered
 * only by the call that made it (creating the notification, rotating the secret).
 */
export const WebhookSecret = z.string();

export const TestNotificationResult = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  sent: z.boolean(),
  status_code: z.number().optional(),
  answer: z.string(),
  preview: z.object({ subject: z.string(), text: z.string() }),
});
