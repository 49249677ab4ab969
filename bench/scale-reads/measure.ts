/**
 * Shared by the scale benchmarks (scale-reads, scale): a keep-alive GET that counts the answer's bytes, the
 * percentile, and a read timed at CONCURRENCY concurrent clients.
 */
import http from 'node:http';

export const CONCURRENCY = 4;
export const GOAL_MS = 300;
export const GOAL_RATIO = 1.5;

export const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

export function get(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => (res.statusCode === 200 ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }) : reject(new Error(`${res.statusCode} ${url}`))));
      })
      .on('error', reject);
  });
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

export interface Timing { p50: number; p95: number }

/** `iterations` calls on each of CONCURRENCY clients at once (after one warm-up each): p50 and p95 in ms. */
export async function concurrent(f: () => Promise<unknown>, iterations: number): Promise<Timing> {
  await Promise.all(Array.from({ length: CONCURRENCY }, () => f()));
  const times: number[] = [];
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let i = 0; i < iterations; i++) {
      const t0 = performance.now();
      await f();
      times.push(performance.now() - t0);
    }
  }));
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

export const ms = (x: Timing) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)}`;
export const goalMet = (app: Timing, bare: Timing) => app.p95 < GOAL_MS && app.p95 <= GOAL_RATIO * bare.p95;
