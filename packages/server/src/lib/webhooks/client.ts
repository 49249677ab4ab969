import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { settleBeforeOutsideEffect } from '../../db/write-receipts.js';
import { isForbiddenAddress } from './addresses.js';
import { bareHost, DEFAULT_WEBHOOK_HOSTS, validateWebhookUrl, type WebhookAllowHosts, type WebhookTarget, type WebhookUrlCheck } from './allow-list.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Host name → its addresses (tests inject one; default: the system resolver, every address). */
export type WebhookResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface WebhookClientOptions {
  /** Per channel host patterns; default DEFAULT_WEBHOOK_HOSTS (config: WEBHOOK_ALLOWED_HOSTS_SLACK / _TEAMS). */
  allowHosts?: WebhookAllowHosts;
  /**
   * TESTS ONLY: also accept http(s)://localhost|127.0.0.1|[::1]:<any port> and connect to loopback, so
   * a local receiver can stand in for Slack or Teams. Other private ranges stay refused. Set only by test
   * code through Config.webhooks (parseEnv never sets it), and refused when NODE_ENV=production.
   */
  allowLoopbackForTests?: boolean;
  resolve?: WebhookResolver;
  /**
   * Default 5,000 ms to send (DNS, connect, the whole body), then as long again for the answer. Counted in
   * time this process could run: a stall of our own event loop does not count (see liveDeadline), so an
   * answer that arrived meanwhile is not lost.
   */
  timeoutMs?: number;
  /** The response body is kept up to this many bytes, the rest dropped; default 64 KiB. */
  maxResponseBytes?: number;
}

export interface WebhookResponse {
  /** 2xx. A 3xx is not followed and is not ok. */
  ok: boolean;
  status: number;
  body: string;
  truncated: boolean;
}

/** The URL or the address it resolves to is not allowed: permanent, retrying will not help. */
export class WebhookRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`webhook refused: ${reason}`);
    this.name = 'WebhookRefusedError';
  }
}

/** No answer: DNS failure, connection refused or reset, timeout. Worth retrying later. */
export class WebhookTransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookTransportError';
  }
}

export interface WebhookClient {
  /** The save-time check (no DNS): https, standard port, host on the channel's allow list. */
  validate(url: string, channel: WebhookTarget): WebhookUrlCheck;
  /**
   * POSTs `body` as JSON. Throws WebhookRefusedError (URL or resolved address not allowed) or
   * WebhookTransportError (no answer in time); otherwise the receiver's status and (capped) body.
   */
  post(url: string, body: unknown, opts: WebhookPostOptions): Promise<WebhookResponse>;
}

export interface WebhookPostOptions {
  channel: WebhookTarget;
  /**
   * Sent as the `Idempotency-Key` header: the same key on every attempt of one message, so a receiver that
   * keeps keys can drop a second copy (a retry after an answer that never reached us). Slack and Teams ignore it.
   */
  idempotencyKey?: string;
  /** Default 'application/json; charset=utf-8'. */
  contentType?: string;
  /** Headers computed from the exact bytes sent (the JSON text of `body`): a generic webhook's signatures (signing.ts). */
  sign?: (payload: string) => Record<string, string>;
}

/**
 * Calls `onExpire` once `ms` of this process's running time has passed. It ticks, and each tick counts the
 * time since the last one but at most two ticks' worth: when the event loop was blocked (PGlite's synchronous
 * work in this process, a starved CPU), the block does not count — otherwise, once the loop is free, the
 * timers phase (which runs before the poll phase reads the sockets) would fail a request whose answer is
 * already waiting in the socket. For the same reason the verdict waits for one more turn of the loop
 * (setImmediate runs after the poll phase). A receiver that is slow while we run still times out.
 * `restart()` starts the count again from zero.
 */
export function liveDeadline(ms: number, onExpire: () => void): { clear(): void; restart(): void } {
  const tick = Math.max(10, Math.min(250, Math.floor(ms / 10)));
  let counted = 0;
  let last = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const step = () => {
    const now = performance.now();
    counted += Math.min(now - last, 2 * tick);
    last = now;
    if (counted >= ms) immediate = setImmediate(onExpire);
    else timer = setTimeout(step, Math.min(tick, ms - counted));
  };
  const clear = () => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
  const start = () => {
    counted = 0;
    last = performance.now();
    timer = setTimeout(step, Math.min(tick, ms));
  };
  start();
  return {
    clear,
    restart() {
      clear();
      start();
    },
  };
}

const systemResolver: WebhookResolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function isLoopback(address: string): boolean {
  if (net.isIPv4(address)) return address.startsWith('127.');
  const a = address.toLowerCase();
  return a === '::1' || a === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(a);
}

export function createWebhookClient(options: WebhookClientOptions = {}): WebhookClient {
  const allowHosts = options.allowHosts ?? DEFAULT_WEBHOOK_HOSTS;
  const loopbackOk = options.allowLoopbackForTests === true;
  if (loopbackOk && process.env.NODE_ENV === 'production') {
    throw new Error('allowLoopbackForTests is for tests and cannot be used with NODE_ENV=production');
  }
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxBytes = options.maxResponseBytes ?? 64 * 1024;
  const addressAllowed = (address: string) => !isForbiddenAddress(address) || (loopbackOk && isLoopback(address));

  const validate = (url: string, channel: WebhookTarget) => validateWebhookUrl(url, channel, allowHosts, { allowLoopbackForTests: loopbackOk });

  // Called by net.connect for the very connection being opened, so the address checked is the address used:
  // a DNS answer that changes between saving and sending (rebinding) is checked again here.
  const lookup = (hostname: string, opts: dns.LookupOptions, cb: (err: Error | null, address: string | dns.LookupAddress[], family?: number) => void) => {
    resolve(hostname).then(
      (all) => {
        const wanted = opts.family === 4 || opts.family === 6 ? all.filter((a) => a.family === opts.family) : all;
        if (wanted.length === 0) return cb(new WebhookTransportError(`${hostname} did not resolve`), '');
        const bad = wanted.find((a) => !addressAllowed(a.address));
        if (bad) return cb(new WebhookRefusedError(`${hostname} resolves to ${bad.address}, which is not a public address`), '');
        if (opts.all) return cb(null, wanted.map((a) => ({ address: a.address, family: a.family })));
        cb(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: unknown) => cb(new WebhookTransportError(`${hostname} did not resolve`, { cause: err }), ''),
    );
  };

  const send: WebhookClient['post'] = (raw, body, { channel, idempotencyKey, contentType, sign }) =>
    new Promise<WebhookResponse>((resolvePost, reject) => {
      const check = validate(raw, channel);
      if (!check.ok) return reject(new WebhookRefusedError(check.reason));
      const url = check.url;
      const host = bareHost(url);
      // net.connect skips `lookup` for an address literal: check it here.
      if (net.isIP(host) !== 0 && !addressAllowed(host)) return reject(new WebhookRefusedError(`${host} is not a public address`));

      const text = JSON.stringify(body ?? null);
      const payload = Buffer.from(text, 'utf8');
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        deadline.clear();
        fn();
      };
      // Set once the receiver's status line is in: from then on the message was taken, whatever the body does.
      let answered: (() => void) | null = null;
      const transport = url.protocol === 'https:' ? https : http;
      const req = transport.request(url, {
        method: 'POST',
        agent: false,
        lookup: lookup as unknown as net.LookupFunction,
        headers: {
          'content-type': contentType ?? 'application/json; charset=utf-8',
          'content-length': String(payload.length),
          'user-agent': 'Verdant-Webhook/1',
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          ...(sign ? sign(text) : {}),
        },
      });
      const deadline = liveDeadline(timeoutMs, () => {
        if (answered) {
          // A status arrived but the body did not finish in time: the receiver has the message; keep what came.
          answered();
          req.destroy();
          return;
        }
        const err = new WebhookTransportError(`no answer within ${timeoutMs} ms`);
        finish(() => reject(err));
        req.destroy(err);
      });
      // Sending (DNS, connect, the body) and waiting for the answer have a budget each: a loop that is busy but
      // not blocked (each turn long) slows our own sending, and that must not eat the receiver's time to answer.
      req.on('finish', () => {
        if (!settled && !answered) deadline.restart();
      });
      req.on('error', (err) => {
        finish(() => reject(err instanceof WebhookRefusedError || err instanceof WebhookTransportError ? err : new WebhookTransportError(err.message, { cause: err })));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const done = () =>
          finish(() => {
            const status = res.statusCode ?? 0;
            resolvePost({ ok: status >= 200 && status < 300, status, body: Buffer.concat(chunks).toString('utf8'), truncated });
          });
        answered = () => {
          truncated = true;
          done();
        };
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = maxBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size = maxBytes;
            truncated = true;
            done();
            res.destroy();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', done);
        // The status is in: the receiver took the message even if its body breaks off.
        res.on('error', () => answered?.());
        res.on('close', done);
      });
      req.end(payload);
    });

  // A keyed request's held write commits before a receiver hears of it (db/write-receipts.ts).
  const post: WebhookClient['post'] = async (raw, body, opts) => {
    await settleBeforeOutsideEffect();
    return send(raw, body, opts);
  };

  return { validate, post };
}

/** One-off post with its own client (see createWebhookClient for the options). */
export function postWebhook(url: string, body: unknown, opts: WebhookClientOptions & WebhookPostOptions): Promise<WebhookResponse> {
  return createWebhookClient(opts).post(url, body, { channel: opts.channel, idempotencyKey: opts.idempotencyKey, contentType: opts.contentType, sign: opts.sign });
}

/** What may be shown of a saved webhook URL: scheme, host and the last four characters. */
export function maskWebhookUrl(raw: string): string {
  try {
    const u = new URL(raw);
    const tail = raw.length > 12 ? raw.slice(-4) : '';
    return `${u.protocol}//${u.host}/…${tail}`;
  } catch {
    return '…';
  }
}
