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

interface Claimed extends Target {
  delivery_id: number;
  channel: Channel;
  message: DeliveryMessage;
  deleted_at: Date | null;
}

/**
 * Takes deliveries for sending, with where they go, in one statement: only pending or failed ones whose
 * lease is free. Those not answered are sent, dead, or being sent by someone else.
 */
async function claim(db: Kysely<DB>, deliveryIds: number[]): Promise<Map<number, Claimed>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .updateTable('notification_deliveries as d')
    .from('notifications as n')
    .set({ locked_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, attempts: sql`d.attempts + 1` })
    .whereRef('n.notification_id', '=', 'd.notification_id')
    .where('d.delivery_id', 'in', deliveryIds)
    .where('d.status', 'in', ['pending', 'failed'])
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', sql<Date>`now()`)]))
    .returning(['d.delivery_id', 'd.channel', 'd.message', 'n.email_recipients', 'n.slack_webhook_url', 'n.teams_webhook_url', 'n.deleted_at'])
    .execute();
  return new Map(rows.map((r) => [r.delivery_id, r]));
}

interface Finished {
  id: number;
  status: 'sent' | 'failed' | 'dead';
  answer: string | null;
  error: string | null;
}

/** Records what happened to each delivery and frees its lease, in one statement. */
async function finish(db: Kysely<DB>, done: Finished[]) {
  if (done.length === 0) return;
  await sql`
    UPDATE notification_deliveries d
    SET status = v.status, answer = v.answer, last_error = v.error, locked_until = NULL,
        sent_at = CASE WHEN v.status = 'sent' THEN now() ELSE d.sent_at END
    FROM jsonb_to_recordset(${JSON.stringify(done)}::jsonb) AS v(id int, status text, answer text, error text)
    WHERE d.delivery_id = v.id`.execute(db);
}

type Verdict = 'done' | 'retry';

async function sendClaimed(deps: DeliveryDeps, d: Claimed, lastAttempt: boolean): Promise<Finished & { verdict: Verdict }> {
  if (d.deleted_at) return { id: d.delivery_id, status: 'dead', answer: null, error: 'The notification was deleted before this was sent.', verdict: 'done' };
  const outcome = await sendThrough(deps, d.channel, d, d.message);
  if (outcome.ok) return { id: d.delivery_id, status: 'sent', answer: outcome.answer, error: null, verdict: 'done' };
  const dead = outcome.permanent || lastAttempt;
  return { id: d.delivery_id, status: dead ? 'dead' : 'failed', answer: outcome.statusCode ? outcome.answer : null, error: outcome.answer, verdict: dead ? 'done' : 'retry' };
}

/**
 * Works delivery jobs. A job run twice sends once: the claim only takes a delivery that is not sent, not
 * dead and not being sent (and a batch holding one delivery twice sends it for the first job only). On the
 * last allowed attempt, or a failure retrying cannot mend, a delivery becomes 'dead' (the dead-letter list);
 * otherwise 'failed', and pg-boss retries its job later.
 */
export async function workDeliveries(deps: DeliveryDeps, jobs: Array<{ deliveryId: number; lastAttempt: boolean }>): Promise<Verdict[]> {
  const claimed = await claim(deps.db, [...new Set(jobs.map((j) => j.deliveryId))]);
  const results = await Promise.all(
    jobs.map((j) => {
      const d = claimed.get(j.deliveryId);
      claimed.delete(j.deliveryId);
      return d ? sendClaimed(deps, d, j.lastAttempt) : null;
    }),
  );
  await finish(deps.db, results.filter((r) => r !== null).map(({ verdict: _v, ...f }) => f));
  return results.map((r) => r?.verdict ?? 'done');
}

/** One delivery job (see workDeliveries). */
export async function workDelivery(deps: DeliveryDeps, deliveryId: number, lastAttempt: boolean): Promise<Verdict> {
  return (await workDeliveries(deps, [{ deliveryId, lastAttempt }]))[0]!;
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

  const work = async (jobs: Array<PgBoss.JobWithMetadata<{ delivery_id: number }>>) => {
    try {
      const verdicts = await workDeliveries(deps, jobs.map((j) => ({ deliveryId: j.data.delivery_id, lastAttempt: j.retryCount >= j.retryLimit })));
      const done = jobs.filter((_j, i) => verdicts[i] === 'done').map((j) => j.id);
      if (done.length) await boss.complete(DELIVERY_QUEUE, done);
      for (const [i, j] of jobs.entries()) {
        if (verdicts[i] === 'retry') await boss.fail(DELIVERY_QUEUE, j.id, { message: 'delivery failed; retried later' });
      }
    } catch (err) {
      // The claims' leases run out, so the retried jobs find their deliveries free again.
      deps.log.error({ err }, 'notification delivery failed unexpectedly');
      await boss.fail(DELIVERY_QUEUE, jobs.map((j) => j.id)).catch(() => {});
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
        await work(jobs);
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
