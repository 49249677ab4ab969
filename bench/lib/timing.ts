/**
 * Shared by the app-beside-bare benchmarks (facility, batches): a keep-alive GET, the median, the
 * alternating timer and the results table.
 */
import http from 'node:http';

/** The keep-alive agent behind `get`; destroy it when the benchmark is done so the process can exit. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A plain keep-alive GET: fetch (undici) adds a few milliseconds of its own per request, which is not the server's. */
export function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface Timed {
  /** Median ms of the app variant. */
  app: number;
  /** Median ms of the bare variant. */
  bare: number;
  /** What the app variant answered last (its body length). */
  bytes: number;
}

/** Runs both variants alternately (after a warm-up) so neither gains from a warmer cache or JIT; answers medians. */
export async function timeBoth(app: () => Promise<number>, bare: () => Promise<number>, iterations: number): Promise<Timed> {
  for (let i = 0; i < 5; i++) {
    await app();
    await bare();
  }
  const a: number[] = [];
  const b: number[] = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    let started = performance.now();
    bytes = await app();
    a.push(performance.now() - started);
    started = performance.now();
    await bare();
    b.push(performance.now() - started);
  }
  return { app: median(a), bare: median(b), bytes };
}

/** The goal of the app-beside-bare benchmarks: app ≤ 1.5× bare. */
export const GOAL_RATIO = 1.5;

/**
 * Prints one row per result: label, app ms, bare ms, app/bare against GOAL_RATIO, body size.
 * `column` heads the label column, `width` is its width, `align` pads labels at the start or the end.
 */
export function printComparison(results: Array<Timed & { label: string }>, column: { title: string; width: number; align: 'start' | 'end' }) {
  console.info(`${column.title.padEnd(column.width)} | app (HTTP) ms | bare (SQL + JSON.stringify) ms | app/bare | body`);
  for (const r of results) {
    const ratio = r.app / r.bare;
    const label = column.align === 'start' ? r.label.padStart(column.width) : r.label.padEnd(column.width);
    console.info(
      `${label} | ${r.app.toFixed(1).padStart(13)} | ${r.bare.toFixed(1).padStart(30)} | ${ratio.toFixed(2).padStart(8)} ${ratio <= GOAL_RATIO ? 'ok' : `OVER ${GOAL_RATIO}`} | ${(r.bytes / 1024).toFixed(0)} KiB`,
    );
  }
}
