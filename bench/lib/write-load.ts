import { Worker } from 'node:worker_threads';

/** What one load run answers (from the worker). */
export interface Load {
  /** Latencies (ms) of the requests that finished in the timed window. */
  latencies: number[];
  elapsedMs: number;
  ok: number;
  non2xx: number;
  status5xx: number;
  errors: number;
  /** The first few non-2xx answers, to say why. */
  samples: string[];
  /** Every 2xx answer, warm-up included (to check against the rooms stored). */
  okTotal: number;
}

/**
 * The load generator, as plain JavaScript for a worker thread: `writers` loops, each one request after
 * another on its own keep-alive socket (node:http, which adds less per request than fetch), a fresh
 * multipart body and Idempotency-Key per request. Warm-up requests are sent and not timed.
 */
const WORKER_SOURCE = `
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, writers, warmupMs, durationMs, tag } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: writers });
const boundary = '----verdantbench' + randomUUID().replace(/-/g, '');
function body(name) {
  return Buffer.from(
    '--' + boundary + '\\r\\nContent-Disposition: form-data; name="name"\\r\\n\\r\\n' + name + '\\r\\n' +
    '--' + boundary + '\\r\\nContent-Disposition: form-data; name="description"\\r\\n\\r\\nwrite-throughput benchmark\\r\\n' +
    '--' + boundary + '--\\r\\n');
}
function post(name) {
  const payload = body(name);
  return new Promise((resolve) => {
    const req = http.request({
      host: target.hostname, port: target.port, path: target.pathname + target.search, method: 'POST', agent,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=' + boundary, 'content-length': payload.length, 'idempotency-key': randomUUID() },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ status: 0, text: String(err) }));
    });
    req.on('error', (err) => resolve({ status: 0, text: String(err) }));
    req.end(payload);
  });
}
(async () => {
  const start = performance.now();
  const timedFrom = start + warmupMs;
  const until = timedFrom + durationMs;
  const out = { latencies: [], ok: 0, non2xx: 0, status5xx: 0, errors: 0, samples: [], okTotal: 0, elapsedMs: 0 };
  let n = 0;
  async function writer(w) {
    for (;;) {
      const sent = performance.now();
      if (sent >= until) return;
      const res = await post(tag + '-' + w + '-' + n++);
      const done = performance.now();
      const ok = res.status >= 200 && res.status < 300;
      if (ok) out.okTotal++;
      if (sent < timedFrom) continue;
      out.latencies.push(done - sent);
      if (res.status === 0) out.errors++;
      else if (ok) out.ok++;
      else {
        out.non2xx++;
        if (res.status >= 500) out.status5xx++;
      }
      if (!ok && out.samples.length < 3) out.samples.push(res.status + ' ' + res.text.slice(0, 160));
    }
  }
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  out.elapsedMs = performance.now() - timedFrom;
  agent.destroy();
  parentPort.postMessage(out);
})();
`;

/** Runs `writers` keep-alive HTTP clients in a worker thread (off this event loop) against one create_room URL. */
export function load(
  url: string,
  headers: Record<string, string>,
  tag: string,
  opts: { writers: number; warmupMs: number; durationMs: number },
): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { url, headers, ...opts, tag },
    });
    worker.once('message', (m: Load) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
