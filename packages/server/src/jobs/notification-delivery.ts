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
  /** How long a claim holds a delivery unless renewed; default LEASE_SECONDS (tests shorten it). */
  leaseSeconds?: number;
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
/**
 * How long a worker owns a delivery it is sending; a crashed worker's delivery is free again after it. While
 * its message is on its way the lease is renewed every quarter of it, so it does not lapse under a send in flight.
 */
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
/**
 * `idempotencyKey`: the same on every attempt of one delivery (none for a test send) — the webhooks'
 * Idempotency-Key header and the e-mail's Message-ID.
 */
export async function sendThrough(
  deps: Pick<DeliveryDeps, 'mailer' | 'hooks' | 'publicUrl'>,
  channel: Channel,
  target: Target,
  message: DeliveryMessage,
  idempotencyKey?: string,
): Promise<SendOutcome> {
  const link = `${deps.publicUrl}${message.path}`;
  try {
    if (channel === 'email') {
      if (target.email_recipients.length === 0) return { ok: false, permanent: true, answer: 'no e-mail recipient' };
      const messageId = idempotencyKey ? `<${idempotencyKey}@verdant.local>` : undefined;
      await deps.mailer.send({ to: target.email_recipients.join(', '), ...renderEmail(message, link), ...(messageId ? { messageId } : {}) });
      return { ok: true, permanent: false, answer: `accepted for ${target.email_recipients.length} recipient${target.email_recipients.length === 1 ? '' : 's'}` };
    }
    const url = channel === 'slack' ? target.slack_webhook_url : target.teams_webhook_url;
    if (!url) return { ok: false, permanent: true, answer: 'no webhook URL' };
    const body = channel === 'slack' ? renderSlack(message, link) : renderTeams(message, link);
    const res = await deps.hooks.post(url, body, { channel, idempotencyKey });
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
  /** The attempt number this claim set: the claim's fencing token (a later claim raises it). */
  attempts: number;
}

/**
 * Takes deliveries for sending, with where they go, in one statement: only pending or failed ones whose
 * lease is free. Those not answered are sent, dead, or being sent by someone else.
 */
async function claim(db: Kysely<DB>, deliveryIds: number[], leaseSeconds: number): Promise<Map<number, Claimed>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .updateTable('notification_deliveries as d')
    .from('notifications as n')
    .set({ locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`d.attempts + 1` })
    .whereRef('n.notification_id', '=', 'd.notification_id')
    .where('d.delivery_id', 'in', deliveryIds)
    .where('d.status', 'in', ['pending', 'failed'])
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', sql<Date>`now()`)]))
    .returning(['d.delivery_id', 'd.channel', 'd.message', 'd.attempts', 'n.email_recipients', 'n.slack_webhook_url', 'n.teams_webhook_url', 'n.deleted_at'])
    .execute();
  return new Map(rows.map((r) => [r.delivery_id, r]));
}

/** Of deliveries that could not be claimed, those still to be sent: someone else holds their lease now. */
async function heldElsewhere(db: Kysely<DB>, deliveryIds: number[]): Promise<Set<number>> {
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
async function renew(db: Kysely<DB>, held: Claimed[], leaseSeconds: number) {
  if (held.length === 0) return;
  const fences = JSON.stringify(held.map((d) => ({ id: d.delivery_id, attempts: d.attempts })));
  await sql`
    UPDATE notification_deliveries d SET locked_until = now() + make_interval(secs => ${leaseSeconds})
    FROM jsonb_to_recordset(${fences}::jsonb) AS v(id int, attempts int)
    WHERE d.delivery_id = v.id AND d.attempts = v.attempts AND d.status IN ('pending', 'failed')`.execute(db);
}

interface Finished {
  id: number;
  /** The claim's attempt number: the outcome is written only while that claim is the latest. */
  attempts: number;
  status: 'sent' | 'failed' | 'dead';
  answer: string | null;
  error: string | null;
}

/** Records what happened to each delivery and frees its lease, in one statement; a superseded claim writes nothing. */
async function finish(db: Kysely<DB>, done: Finished[]) {
  if (done.length === 0) return;
  await sql`
    UPDATE notification_deliveries d
    SET status = v.status, answer = v.answer, last_error = v.error, locked_until = NULL,
        sent_at = CASE WHEN v.status = 'sent' THEN now() ELSE d.sent_at END
    FROM jsonb_to_recordset(${JSON.stringify(done)}::jsonb) AS v(id int, attempts int, status text, answer text, error text)
    WHERE d.delivery_id = v.id AND d.attempts = v.attempts AND d.status IN ('pending', 'failed')`.execute(db);
}

type Verdict = 'done' | 'retry';

async function sendClaimed(deps: DeliveryDeps, d: Claimed, lastAttempt: boolean): Promise<Finished & { verdict: Verdict }> {
  const claim = { id: d.delivery_id, attempts: d.attempts };
  if (d.deleted_at) return { ...claim, status: 'dead', answer: null, error: 'The notification was deleted before this was sent.', verdict: 'done' };
  const outcome = await sendThrough(deps, d.channel, d, d.message, `verdant-delivery-${d.delivery_id}`);
  if (outcome.ok) return { ...claim, status: 'sent', answer: outcome.answer, error: null, verdict: 'done' };
  const dead = outcome.permanent || lastAttempt;
  return { ...claim, status: dead ? 'dead' : 'failed', answer: outcome.statusCode ? outcome.answer : null, error: outcome.answer, verdict: dead ? 'done' : 'retry' };
}

/**
 * Works delivery jobs. A job run twice sends once: the claim only takes a delivery that is not sent, not
 * dead and not being sent (and a batch holding one delivery twice sends it for the first job only). While
 * the messages are on their way the claims' leases are renewed, so a slow receiver or a stalled process
 * cannot let a second runner claim a delivery that is still in flight; a delivery held by another runner
 * is retried later (its job then finds it settled). The outcome is written only under the claim that sent
 * it (its attempt number), and before the job is acknowledged. On the last allowed attempt, or a failure
 * retrying cannot mend, a delivery becomes 'dead' (the dead-letter list); otherwise 'failed', and pg-boss
 * retries its job later.
 */
export async function workDeliveries(deps: DeliveryDeps, jobs: Array<{ deliveryId: number; lastAttempt: boolean }>): Promise<Verdict[]> {
  const ids = [...new Set(jobs.map((j) => j.deliveryId))];
  const leaseSeconds = deps.leaseSeconds ?? LEASE_SECONDS;
  const claimed = await claim(deps.db, ids, leaseSeconds);
  const held = await heldElsewhere(deps.db, ids.filter((id) => !claimed.has(id)));
  const inFlight = [...claimed.values()];
  let renewing: Promise<void> = Promise.resolve();
  const renewal = setInterval(() => {
    renewing = renewing.then(() => renew(deps.db, inFlight, leaseSeconds)).catch((err: unknown) => deps.log.error({ err }, 'renewing delivery leases'));
  }, (leaseSeconds * 1000) / 4);
  let results: Array<(Finished & { verdict: Verdict }) | null>;
  try {
    results = await Promise.all(
      jobs.map((j) => {
        const d = claimed.get(j.deliveryId);
        claimed.delete(j.deliveryId);
        return d ? sendClaimed(deps, d, j.lastAttempt) : null;
      }),
    );
  } finally {
    clearInterval(renewal);
    await renewing;
  }
  await finish(deps.db, results.filter((r) => r !== null).map(({ verdict: _v, ...f }) => f));
  return results.map((r, i) => r?.verdict ?? (held.has(jobs[i]!.deliveryId) ? 'retry' : 'done'));
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
