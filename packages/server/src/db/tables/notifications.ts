import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** Automations and their deliveries: see migration 2026_11_27_0100_notifications. */

export type ChannelColumn = 'email' | 'slack' | 'teams' | 'webhook';

export interface NotificationTable {
  notification_id: Generated<number>;
  company_id: number;
  user_id: number | null;
  created_by: number | null;
  kind: 'automation' | 'task' | 'template';
  channels: ChannelColumn[];
  trigger: string | null;
  problem_type: string | null;
  email_recipients: Generated<string[]>;
  weekly_report: Generated<number>;
  report_duration_weeks: number | null;
  form_category: string | null;
  template_id: number | null;
  form_field_id: number | null;
  keyword: string | null;
  is_automation: Generated<number>;
  triggered_by: string | null;
  frequency: string | null;
  notification_time: string | null;
  slack_webhook_url: string | null;
  teams_webhook_url: string | null;
  /** The generic signed webhook (migration 2026_12_02_0400_signed_webhooks). */
  webhook_url: string | null;
  webhook_secret: string | null;
  webhook_previous_secret: string | null;
  webhook_previous_secret_until: Date | null;
  created_at: Timestamp;
  deleted_at: Date | null;
}

/** What a delivery says, fixed when its event is raised (the link is a path; the sender adds PUBLIC_URL). */
export interface DeliveryMessage {
  title: string;
  text: string;
  facts: Array<{ title: string; value: string }>;
  path: string;
  link_label: string;
}

export interface NotificationDeliveryTable {
  delivery_id: Generated<number>;
  company_id: number;
  notification_id: number;
  event_key: string;
  event_type: string;
  channel: ChannelColumn;
  message: Json<DeliveryMessage>;
  status: Generated<'pending' | 'sent' | 'failed' | 'dead'>;
  attempts: Generated<number>;
  last_error: string | null;
  answer: string | null;
  locked_until: Date | null;
  created_at: Timestamp;
  sent_at: Date | null;
}
