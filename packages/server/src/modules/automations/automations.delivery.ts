import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, DeliveryMessage } from '../../db/schema.js';
import type { Mailer } from '../../lib/mailer.js';
import { randomUUID } from 'node:crypto';
import { standardWebhookHeaders, WebhookRefusedError, type WebhookClient, type WebhookResponse } from '../../lib/webhooks/index.js';
import { DELIVERY_QUEUE } from './automations.events.js';
import { CLOUDEVENTS_JSON, renderCloudEvent, renderEmail, renderSlack, renderTeams } from './automations.messages.js';
import {
  claim, finish, heldElsewhere, renew, waitingDeliveries, type Channel, type Claimed, type DeliveryEvent, type Finished, type Target,
} from './automations.delivery.repository.js';

export type { Channel, DeliveryEvent } from './automations.delivery.repository.js';

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
 * Short, because it is also how long a delivery claimed just before its process or its primary database died
 * waits (issue 23: the failover proof counts each mail once, within about a minute of the failover).
 */
const LEASE_SECONDS = 30;
/** How long a worker keeps trying to hand failed jobs back while the database is away (a failover). */
const GIVE_BACK_MS = 60_000;

export interface SendOutcome {
  ok: boolean;
  /** Retrying cannot help: the address is refused, or the receiver said the request itself is wrong. */
  permanent: boolean;
  statusCode?: number;
  /** The channel's answer, short. */
  answer: string;
}

const short = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Sends one message through one channel now; never throws for a channel's failure, says what happened instead.
 * `idempotencyKey`: the same on every attempt of one delivery (none for a test send) — the webhooks'
 * Idempotency-Key header, the e-mail's Message-ID and a generic webhook's webhook-id and CloudEvent id.
 * `event`: what a generic webhook's CloudEvent says of the delivery.
 */
export async function sendThrough(
  deps: Pick<DeliveryDeps, 'mailer' | 'hooks' | 'publicUrl'>,
  channel: Channel,
  target: Target,
  message: DeliveryMessage,
  idempotencyKey: string | undefined,
  event: DeliveryEvent,
): Promise<SendOutcome> {
  const link = `${deps.publicUrl}${message.path}`;
  try {
    if (channel === 'email') {
      if (target.email_recipients.length === 0) return { ok: false, permanent: true, answer: 'no e-mail recipient' };
      const messageId = idempotencyKey ? `<${idempotencyKey}@verdant.local>` : undefined;
      await deps.mailer.send({ to: target.email_recipients.join(', '), ...renderEmail(message, link), ...(messageId ? { messageId } : {}) });
      return { ok: true, permanent: false, answer: `accepted for ${target.email_recipients.length} recipient${target.email_recipients.length === 1 ? '' : 's'}` };
    }
    const res = channel === 'webhook' ? await postSigned(deps, target, message, link, idempotencyKey, event) : await postChat(deps, channel, target, message, link, idempotencyKey);
    if (!res) return { ok: false, permanent: true, answer: 'no webhook URL' };
    const answer = short(`${res.status} ${res.body.trim()}`.trim());
    // 408 and 429 and 5xx may pass; any other 4xx (a removed webhook, a bad payload) will not, and a 3xx is never followed.
    const permanent = !res.ok && res.status < 500 && res.status !== 408 && res.status !== 429;
    return { ok: res.ok, permanent, statusCode: res.status, answer };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return { ok: false, permanent: err instanceof WebhookRefusedError, answer: short(text) };
  }
}

function postChat(deps: Pick<DeliveryDeps, 'hooks'>, channel: 'slack' | 'teams', target: Target, message: DeliveryMessage, link: string, idempotencyKey?: string) {
  const url = channel === 'slack' ? target.slack_webhook_url : target.teams_webhook_url;
  if (!url) return null;
  return deps.hooks.post(url, channel === 'slack' ? renderSlack(message, link) : renderTeams(message, link), { channel, idempotencyKey });
}

/**
 * A generic webhook: a CloudEvent signed as Standard Webhooks says, with every secret valid now (two during a
 * rotation's day). The webhook-id is the delivery's key, so every attempt of one delivery carries the same id and
 * a receiver that keeps ids takes it once; the timestamp is the attempt's, and the signature is made anew for it.
 */
function postSigned(
  deps: Pick<DeliveryDeps, 'hooks' | 'publicUrl'>, target: Target, message: DeliveryMessage, link: string, idempotencyKey: string | undefined, event: DeliveryEvent,
): Promise<WebhookResponse> | null {
  if (!target.webhook_url || target.webhook_secrets.length === 0) return null;
  const id = idempotencyKey ?? `verdant-test-${randomUUID()}`;
  const body = renderCloudEvent(message, link, id, event, deps.publicUrl);
  return deps.hooks.post(target.webhook_url, body, {
    channel: 'webhook',
    idempotencyKey: id,
    contentType: CLOUDEVENTS_JSON,
    sign: (payload) => standardWebhookHeaders(target.webhook_secrets, id, Math.floor(Date.now() / 1000), payload),
  });
}

type Verdict = 'done' | 'retry';

async function sendClaimed(deps: DeliveryDeps, d: Claimed, lastAttempt: boolean): Promise<Finished & { verdict: Verdict }> {
  const claim = { id: d.delivery_id, attempts: d.attempts };
  if (d.deleted_at) return { ...claim, status: 'dead', answer: null, error: 'The notification was deleted before this was sent.', verdict: 'done' };
  const outcome = await sendThrough(deps, d.channel, d, d.message, `verdant-delivery-${d.delivery_id}`, d);
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
  await recordOutcomes(deps, results.filter((r) => r !== null).map(({ verdict: _v, ...f }) => f), leaseSeconds);
  return results.map((r, i) => r?.verdict ?? (held.has(jobs[i]!.deliveryId) ? 'retry' : 'done'));
}

/**
 * Writes the outcomes of messages already sent, waiting for the database if it is away: a primary dying between
 * the send and this write (a failover takes about 11 s) must not leave a sent message unrecorded, or the next
 * runner would send it again once its claim lapsed (the failover proof saw 7 of 96 mails twice). It keeps trying
 * for three quarters of the claim, which nobody else can take meanwhile; the write is idempotent (it is made
 * under the claim's attempt number).
 */
async function recordOutcomes(deps: DeliveryDeps, outcomes: Finished[], leaseSeconds: number) {
  const giveUp = Date.now() + leaseSeconds * 750;
  for (;;) {
    try {
      await finish(deps.db, outcomes);
      return;
    } catch (err) {
      if (Date.now() > giveUp) throw err;
      deps.log.warn({ err }, 'recording sent deliveries: the database is away, trying again');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
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

  const waiting = await waitingDeliveries(deps.db);
  if (waiting.length) await boss.insert(waiting.map((id) => ({ name: DELIVERY_QUEUE, data: { delivery_id: id } })));

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
      // The claims' leases run out, so the retried jobs find their deliveries free again. The jobs are handed
      // back as soon as the database answers again, rather than left active until pg-boss expires them.
      deps.log.error({ err }, 'notification delivery failed unexpectedly');
      const until = Date.now() + GIVE_BACK_MS;
      while (!stopping) {
        try {
          await boss.fail(DELIVERY_QUEUE, jobs.map((j) => j.id));
          break;
        } catch {
          if (Date.now() > until) break;
          await sleep(policy.pollMs * 4);
        }
      }
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
