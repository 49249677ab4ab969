import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB, DeliveryMessage } from '../db/schema.js';
import type { Mailer } from '../lib/mailer.js';
import { WebhookRefusedError, type WebhookClient } from '../lib/webhooks/index.js';
import { DELIVERY_QUEUE } from './notification-events.js';
import { renderEmail, renderSlack, renderTeams } from './notification-messages.js';

export type Channel = 'email' | 'slack' | 'teams';

export interface DeliveryDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  hooks: WebhookClient;
  /** PUBLIC_URL: links in messages point back into the app there. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Retries with exponential back-off (pg-boss: about delay × 2^n, jittered), then the delivery is dead. */
export interface DeliveryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often an idle worker looks for jobs. */
  pollMs: number;
  /** Jobs taken at once, and sent side by side. */
  batchSize: number;
}
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { retryLimit: 5, retryDelaySeconds: 15, pollMs: 500, batchSize: 20 };
/** How long a worker owns a delivery it is sending; a crashed worker's delivery is free again after it. */
const LEASE_SECONDS = 120;

export interface SendOutcome {
  ok: boolean;
  /** Retrying cannot help: the address is refused, or the receiver said the request itself is wrong. */
  permanent: boolean;
  statusCode?: number;
  /** The channel's answer, short. */
  answer: string;
}

interface Target {
  email_recipients: string[];
  slack_webhook_url: string | null;
  teams_webhook_url: string | null;
}

const short = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Sends one message through one channel now; never throws for a channel's failure, says what happened instead. */
export async function sendThrough(deps: Pick<DeliveryDeps, 'mailer' | 'hooks' | 'publicUrl'>, channel: Channel, target: Target, message: DeliveryMessage): Promise<SendOutcome> {
  const link = `${deps.publicUrl}${message.path}`;
  try {
    if (channel === 'email') {
      if (target.email_recipients.length === 0) return { ok: false, permanent: true, answer: 'no e-mail recipient' };
      await deps.mailer.send({ to: target.email_recipients.join(', '), ...renderEmail(message, link) });
      return { ok: true, permanent: false, answer: `accepted for ${target.email_recipients.length} recipient${target.email_recipients.length === 1 ? '' : 's'}` };
    }
    const url = channel === 'slack' ? target.slack_webhook_url : target.teams_webhook_url;
    if (!url) return { ok: false, permanent: true, answer: 'no webhook URL' };
    const body = channel === 'slack' ? renderSlack(message, link) : renderTeams(message, link);
    const res = await deps.hooks.post(url, body, { channel });
    const answer = short(`${res.status} ${res.body.trim()}`.trim());
    // 408 and 429 and 5xx may pass; any other 4xx (a removed webhook, a bad payload) will not, and a 3xx is never followed.
    const permanent = !res.ok && res.status < 500 && res.status !== 408 && res.status !== 429;
    return { ok: res.ok, permanent, statusCode: res.status, answer };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return { ok: false, permanent: err instanceof WebhookRefusedError, answer: short(text) };
  }
}

interface Claimed {
  delivery_id: number;
  notification_id: number;
  channel: Channel;
  message: DeliveryMessage;
}

/** Takes a delivery for sending: only a pending or failed one whose lease is free. Null: sent, dead, or being sent. */
async function claim(db: Kysely<DB>, deliveryId: number): Promise<Claimed | null> {
  const row = await db
    .updateTable('notification_deliveries')
    .set({ locked_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, attempts: sql`attempts + 1` })
    .where('delivery_id', '=', deliveryId)
    .where('status', 'in', ['pending', 'failed'])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .returning(['delivery_id', 'notification_id', 'channel', 'message'])
    .executeTakeFirst();
  return row ?? null;
}

async function finish(db: Kysely<DB>, id: number, status: 'sent' | 'failed' | 'dead', outcome: { answer: string | null; error: string | null }) {
  await db
    .updateTable('notification_deliveries')
    .set({
      status,
      answer: outcome.answer,
      last_error: outcome.error,
      locked_until: null,
      ...(status === 'sent' ? { sent_at: sql`now()` } : {}),
    })
    .where('delivery_id', '=', id)
    .execute();
}

type Verdict = 'done' | 'retry';

/**
 * Works one delivery job. A job run twice sends once: the claim only takes a delivery that is not sent,
 * not dead and not being sent. On the last allowed attempt, or a failure retrying cannot mend, the
 * delivery becomes 'dead' (the dead-letter list); otherwise 'failed', and pg-boss retries the job later.
 */
export async function workDelivery(deps: DeliveryDeps, deliveryId: number, lastAttempt: boolean): Promise<Verdict> {
  const d = await claim(deps.db, deliveryId);
  if (!d) return 'done';
  const n = await deps.db
    .selectFrom('notifications')
    .select(['email_recipients', 'slack_webhook_url', 'teams_webhook_url', 'deleted_at'])
    .where('notification_id', '=', d.notification_id)
    .executeTakeFirst();
  if (!n || n.deleted_at) {
    await finish(deps.db, d.delivery_id, 'dead', { answer: null, error: 'The notification was deleted before this was sent.' });
    return 'done';
  }
  const outcome = await sendThrough(deps, d.channel, n, d.message);
  if (outcome.ok) {
    await finish(deps.db, d.delivery_id, 'sent', { answer: outcome.answer, error: null });
    return 'done';
  }
  const dead = outcome.permanent || lastAttempt;
  await finish(deps.db, d.delivery_id, dead ? 'dead' : 'failed', { answer: outcome.statusCode ? outcome.answer : null, error: outcome.answer });
  return dead ? 'done' : 'retry';
}

export interface DeliveryWorker {
  stop(): Promise<void>;
}

/**
 * The queue (retries and back-off as `policy` says) and a fetch loop: up to `batchSize` jobs at a time,
 * sent side by side, each completed or failed on its own (pg-boss's own `work` would fail a whole batch
 * for one bad receiver). Pending deliveries raised while no worker ran are queued once at start.
 */
export async function startDeliveryWorker(deps: DeliveryDeps, boss: PgBoss, policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY): Promise<DeliveryWorker> {
  const queueOptions = { name: DELIVERY_QUEUE, retryLimit: policy.retryLimit, retryDelay: policy.retryDelaySeconds, retryBackoff: true, expireInSeconds: LEASE_SECONDS };
  await boss.createQueue(DELIVERY_QUEUE, queueOptions);
  await boss.updateQueue(DELIVERY_QUEUE, queueOptions);

  const waiting = await deps.db
    .selectFrom('notification_deliveries')
    .select('delivery_id')
    .where('status', '=', 'pending')
    .where('locked_until', 'is', null)
    .where('attempts', '=', 0)
    .execute();
  if (waiting.length) await boss.insert(waiting.map((w) => ({ name: DELIVERY_QUEUE, data: { delivery_id: w.delivery_id } })));

  let stopping = false;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const one = async (job: PgBoss.JobWithMetadata<{ delivery_id: number }>) => {
    try {
      const verdict = await workDelivery(deps, job.data.delivery_id, job.retryCount >= job.retryLimit);
      if (verdict === 'done') await boss.complete(DELIVERY_QUEUE, job.id);
      else await boss.fail(DELIVERY_QUEUE, job.id, { message: 'delivery failed; retried later' });
    } catch (err) {
      deps.log.error({ err, delivery_id: job.data.delivery_id }, 'notification delivery failed unexpectedly');
      await boss.fail(DELIVERY_QUEUE, job.id, { message: err instanceof Error ? err.message : String(err) }).catch(() => {});
    }
  };

  const loop = (async () => {
    while (!stopping) {
      try {
        const jobs = await boss.fetch<{ delivery_id: number }>(DELIVERY_QUEUE, { batchSize: policy.batchSize, includeMetadata: true });
        if (jobs.length === 0) {
          await sleep(policy.pollMs);
          continue;
        }
        await Promise.all(jobs.map(one));
      } catch (err) {
        if (stopping) break;
        deps.log.error({ err }, 'notification delivery loop');
        await sleep(policy.pollMs);
      }
    }
  })();

  return {
    async stop() {
      stopping = true;
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}
