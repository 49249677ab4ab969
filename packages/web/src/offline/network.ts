import { isHttpError } from '../lib/http-error';

/** The browser says it has no connection. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A request that never got an answer (no connection, DNS, server unreachable), as opposed to a refusal. */
export function isNetworkError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if (isHttpError(e)) return !e.response && e.code !== 'ERR_CANCELED';
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
