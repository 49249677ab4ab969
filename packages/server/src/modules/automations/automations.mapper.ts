import { CHANNEL_METHOD, type Delivery, type Notification } from '@verdant/contract';
import { iso, isoOrNull } from '../../lib/iso.js';
import { maskWebhookUrl } from '../../lib/webhooks/index.js';
import type { DeliveryMessage } from '../../db/schema.js';
import type { DeliveryRow, NotificationRow } from './automations.repository.js';

const maskOrNull = (url: string | null) => (url ? maskWebhookUrl(url) : null);

export function toNotification(r: NotificationRow): Notification {
  const methods = r.channels.map((c) => CHANNEL_METHOD[c]);
  return {
    notification_id: r.notification_id,
    company_id: r.company_id,
    user_id: r.user_id ?? 0,
    created_by: r.created_by,
    kind: r.kind,
    method: methods.join(';'),
    methods,
    trigger: r.trigger,
    problem_type: r.problem_type,
    email_recipient: r.email_recipients.join(';'),
    email_recipients: r.email_recipients,
    weekly_report: r.weekly_report,
    report_duration_weeks: r.report_duration_weeks,
    form_category: r.form_category,
    template_id: r.template_id,
    template_name: r.template_name ?? null,
    form_field_id: r.form_field_id,
    field_name: r.field_name ?? null,
    keyword: r.keyword,
    is_automation: r.is_automation,
    triggered_by: r.triggered_by,
    frequency: r.frequency,
    notification_time: r.notification_time,
    slack_webhook_url: maskOrNull(r.slack_webhook_url),
    teams_webhook_url: maskOrNull(r.teams_webhook_url),
    webhook_url: maskOrNull(r.webhook_url),
    previous_secret_valid_until: r.webhook_previous_secret_until && r.webhook_previous_secret_until > new Date() ? iso(r.webhook_previous_secret_until) : null,
    created_at: iso(r.created_at),
    dead_deliveries: Number(r.dead_deliveries ?? 0),
  };
}

export function targetOf(r: Pick<DeliveryRow, 'channel' | 'email_recipients' | 'slack_webhook_url' | 'teams_webhook_url' | 'webhook_url'>): string {
  if (r.channel === 'email') return r.email_recipients.join(', ');
  const url = { slack: r.slack_webhook_url, teams: r.teams_webhook_url, webhook: r.webhook_url }[r.channel];
  return maskOrNull(url) ?? '';
}

export function toDelivery(r: DeliveryRow): Delivery {
  const message = r.message as DeliveryMessage;
  return {
    delivery_id: r.delivery_id,
    notification_id: r.notification_id,
    channel: r.channel,
    target: targetOf(r),
    event: message.title,
    event_type: r.event_type,
    status: r.status,
    attempts: r.attempts,
    last_error: r.last_error,
    answer: r.answer,
    created_at: iso(r.created_at),
    sent_at: isoOrNull(r.sent_at),
  };
}
