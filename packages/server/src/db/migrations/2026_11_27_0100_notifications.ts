import { sql, type Kysely } from 'kysely';

/**
 * Automations (spec-2 §3 "Notification or automation", task and template notifications) and their
 * deliveries. A delivery is one message of one event through one channel; UNIQUE (notification_id,
 * event_key, channel) makes raising the same event twice, or working its job twice, send once. Webhook
 * URLs are kept whole here and only ever answered masked. `locked_until` is the lease a worker holds while
 * it sends, so two workers (or two API processes) never send the same delivery at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      notification_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      user_id integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('automation', 'task', 'template')),
      channels text[] NOT NULL CHECK (cardinality(channels) BETWEEN 1 AND 3 AND channels <@ ARRAY['email', 'slack', 'teams']),
      trigger text,
      problem_type text CHECK (length(problem_type) <= 200),
      email_recipients text[] NOT NULL DEFAULT '{}',
      weekly_report smallint NOT NULL DEFAULT 0,
      report_duration_weeks integer,
      form_category text,
      template_id integer REFERENCES form_templates(template_id),
      form_field_id integer REFERENCES form_fields(field_id),
      keyword text CHECK (length(keyword) <= 200),
      is_automation smallint NOT NULL DEFAULT 1,
      triggered_by text,
      frequency text,
      notification_time text,
      slack_webhook_url text,
      teams_webhook_url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    -- An event looks up its company's live automations of one trigger.
    CREATE INDEX notifications_company_trigger_idx ON notifications (company_id, trigger) WHERE deleted_at IS NULL;

    CREATE TABLE notification_deliveries (
      delivery_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      notification_id integer NOT NULL REFERENCES notifications(notification_id),
      event_key text NOT NULL,
      event_type text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('email', 'slack', 'teams')),
      message jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'dead')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      answer text,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      UNIQUE (notification_id, event_key, channel)
    );
    CREATE INDEX notification_deliveries_company_idx ON notification_deliveries (company_id, delivery_id DESC);
    CREATE INDEX notification_deliveries_status_idx ON notification_deliveries (company_id, status, delivery_id DESC);
  `.execute(db);
}
