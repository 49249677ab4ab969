import { sql, type Kysely } from 'kysely';

/**
 * Generic signed webhooks (issue 25; docs/decisions.md, "Signed webhooks"): a fourth channel, 'webhook',
 * with its address and its Standard Webhooks signing secret kept on the notification. The secret is kept
 * whole because every delivery is signed with it; it is answered only when made or rotated. A rotation
 * keeps the replaced secret in `webhook_previous_secret` until `webhook_previous_secret_until` (a day),
 * while deliveries carry both signatures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notifications
      ADD COLUMN webhook_url text,
      ADD COLUMN webhook_secret text,
      ADD COLUMN webhook_previous_secret text,
      ADD COLUMN webhook_previous_secret_until timestamptz,
      DROP CONSTRAINT notifications_channels_check,
      ADD CONSTRAINT notifications_channels_check
        CHECK (cardinality(channels) BETWEEN 1 AND 4 AND channels <@ ARRAY['email', 'slack', 'teams', 'webhook']),
      ADD CONSTRAINT notifications_webhook_signed_check
        CHECK (NOT ('webhook' = ANY (channels)) OR (webhook_url IS NOT NULL AND webhook_secret IS NOT NULL));
    ALTER TABLE notification_deliveries
      DROP CONSTRAINT notification_deliveries_channel_check,
      ADD CONSTRAINT notification_deliveries_channel_check CHECK (channel IN ('email', 'slack', 'teams', 'webhook'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notification_deliveries
      DROP CONSTRAINT notification_deliveries_channel_check,
      ADD CONSTRAINT notification_deliveries_channel_check CHECK (channel IN ('email', 'slack', 'teams'));
    ALTER TABLE notifications
      DROP CONSTRAINT notifications_webhook_signed_check,
      DROP CONSTRAINT notifications_channels_check,
      ADD CONSTRAINT notifications_channels_check
        CHECK (cardinality(channels) BETWEEN 1 AND 3 AND channels <@ ARRAY['email', 'slack', 'teams']),
      DROP COLUMN webhook_previous_secret_until,
      DROP COLUMN webhook_previous_secret,
      DROP COLUMN webhook_secret,
      DROP COLUMN webhook_url;
  `.execute(db);
}
