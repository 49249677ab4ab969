import { sql, type Kysely } from 'kysely';
import type { DB, DeliveryMessage } from '../../db/schema.js';

/** The SQL of sending deliveries (automations.delivery.ts): claims under a lease, their renewal, and the outcome. */

export type Channel = 'email' | 'slack' | 'teams' | 'webhook';

export interface Target {
  email_recipients: string[];
  slack_webhook_url: string | null;
  teams_webhook_url: string | null;
  webhook_url: string | null;
  /** The generic webhook's signing secrets, newest first: the previous one too while it is still valid. */
  webhook_secrets: string[];
}

/** What a generic webhook's CloudEvent says of the delivery besides its message (the same on every attempt). */
export interface DeliveryEvent {
  company_id: number;
  notification_id: number;
  event_type: string;
  created_at: Date;
}

export interface Claimed extends Target, DeliveryEvent {
  delivery_id: number;
  channel: Channel;
  message: DeliveryMessage;
  deleted_at: Date | null;
  /** The attempt number this claim set: the claim's fencing token (a later claim raises it). */
  attempts: number;
}

/** The secrets a generic webhook is signed with now: the current one, and the replaced one until its day is over. */
export const webhookSecrets = sql<string[]>`array_remove(ARRAY[n.webhook_secret,
  CASE WHEN n.webhook_previous_secret_until > now() THEN n.webhook_previous_secret END], NULL)`.as('webhook_secrets');

/**
 * Takes deliveries for sending, with where they go, in one statement: only pending or failed ones whose
 * lease is free. Those not answered are sent, dead, or being sent by someone else.
 */
export async function claim(db: Kysely<DB>, deliveryIds: number[], leaseSeconds: number): Promise<Map<number, Claimed>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .updateTable('notification_deliveries as d')
    .from('notifications as n')
    .set({ locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`d.attempts + 1` })
    .whereRef('n.notification_id', '=', 'd.notification_id')
    .where('d.delivery_id', 'in', deliveryIds)
    .where('d.status', 'in', ['pending', 'failed'])
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', sql<Date>`now()`)]))
    .returning(['d.delivery_id', 'd.channel', 'd.message', 'd.attempts', 'd.company_id', 'd.notification_id', 'd.event_type', 'd.created_at'])
    .returning(['n.email_recipients', 'n.slack_webhook_url', 'n.teams_webhook_url', 'n.webhook_url', 'n.deleted_at'])
    .returning(webhookSecrets)
    .execute();
  return new Map(rows.map((r) => [r.delivery_id, r]));
}

/** Of deliveries that could not be claimed, those still to be sent: someone else holds their lease now. */
export async function heldElsewhere(db: Kysely<DB>, deliveryIds: number[]): Promise<Set<number>> {
  if (deliveryIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('notification_deliveries')
    .select('delivery_id')
    .where('delivery_id', 'in', deliveryIds)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
  return new Set(rows.map((r) => r.delivery_id));
}

/** Pushes the leases of claims still held (same attempt number) another `leaseSeconds` on. */
export async function renew(db: Kysely<DB>, held: Claimed[], leaseSeconds: number) {
  if (held.length === 0) return;
  const fences = JSON.stringify(held.map((d) => ({ id: d.delivery_id, attempts: d.attempts })));
  await sql`
    UPDATE notification_deliveries d SET locked_until = now() + make_interval(secs => ${leaseSeconds})
    FROM jsonb_to_recordset(${fences}::jsonb) AS v(id int, attempts int)
    WHERE d.delivery_id = v.id AND d.attempts = v.attempts AND d.status IN ('pending', 'failed')`.execute(db);
}

export interface Finished {
  id: number;
  /** The claim's attempt number: the outcome is written only while that claim is the latest. */
  attempts: number;
  status: 'sent' | 'failed' | 'dead';
  answer: string | null;
  error: string | null;
}

/** Records what happened to each delivery and frees its lease, in one statement; a superseded claim writes nothing. */
export async function finish(db: Kysely<DB>, done: Finished[]) {
  if (done.length === 0) return;
  await sql`
    UPDATE notification_deliveries d
    SET status = v.status, answer = v.answer, last_error = v.error, locked_until = NULL,
        sent_at = CASE WHEN v.status = 'sent' THEN now() ELSE d.sent_at END
    FROM jsonb_to_recordset(${JSON.stringify(done)}::jsonb) AS v(id int, attempts int, status text, answer text, error text)
    WHERE d.delivery_id = v.id AND d.attempts = v.attempts AND d.status IN ('pending', 'failed')`.execute(db);
}

/** Deliveries raised while no worker ran (never claimed): queued once when a worker starts. */
export async function waitingDeliveries(db: Kysely<DB>): Promise<number[]> {
  const rows = await db
    .selectFrom('notification_deliveries')
    .select('delivery_id')
    .where('status', '=', 'pending')
    .where('locked_until', 'is', null)
    .where('attempts', '=', 0)
    .execute();
  return rows.map((r) => r.delivery_id);
}
