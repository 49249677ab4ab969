/**
 * Catches every statement the app sends while a capture is on, on pg clients and on PGlite alike, so a bench can
 * replay one request's statements as its bare SQL. Installed once per process (the API's process: the bench's own,
 * or the API child of bench/scale-reads/api-process.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Stmt { text: string; values?: unknown[] }

let capture: Stmt[] | null = null;
let installed = false;

export function installCapture() {
  if (installed) return;
  installed = true;
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, params] = args as [string | { text?: string; values?: unknown[] }, unknown];
    const text = typeof config === 'string' ? config : config?.text;
    if (capture && text) capture.push({ text, values: Array.isArray(params) ? params : typeof config === 'object' ? config.values : undefined });
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  // Every statement reaches PGlite through query (with values) or exec.
  const pgliteQuery = PGlite.prototype.query;
  PGlite.prototype.query = function (this: PGlite, text: string, params?: unknown[], options?: unknown) {
    if (capture) capture.push({ text, values: params });
    return pgliteQuery.call(this, text, params, options as never);
  } as typeof pgliteQuery;
  const pgliteExec = PGlite.prototype.exec;
  PGlite.prototype.exec = function (this: PGlite, text: string, options?: unknown) {
    if (capture) capture.push({ text });
    return pgliteExec.call(this, text, options as never);
  } as typeof pgliteExec;
}

export function startCapture() {
  capture = [];
}

export function stopCapture(): Stmt[] {
  const caught = capture ?? [];
  capture = null;
  return caught;
}
