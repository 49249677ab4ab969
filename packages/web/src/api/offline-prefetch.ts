import { useCallback, useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OfflineDatabase, OfflineReadinessRow } from '../offline/db';
import { browserOffline } from '../offline/network';

/**
 * Cold offline (issue 10): right after sign-in, on every online start and when the connection returns
 * after a long gap, everything a scout needs is loaded in the background and kept on the device — rooms
 * with grids and boxes, sub-boxes, form templates, the problem library, colour mappings, batches with
 * what their screens show, open problems, recent observations, company settings and the user. Every
 * read goes through its own query factory, whose offline-capable queryFn stores the answer; so the
 * screens later find exactly what they ask for.
 */

export type { OfflineReadinessRow };

export {
  DEFAULT_MAX_THUMBNAILS,
  FRESH_ENOUGH_MS,
  LONG_GAP_MS,
  RESUME_WITHIN_MS,
  type PrefetchOptions,
  type PrefetchTarget,
} from './offline-prefetch-options';
import { FRESH_ENOUGH_MS, LONG_GAP_MS, type PrefetchOptions, type PrefetchTarget } from './offline-prefetch-options';

/** Dexie and the local copies, loaded on first use (not part of the first screen's JavaScript). */
const answerCache = () => import('../offline/answer-cache');

/**
 * Runs one fill for a company and user. Resolves with the final readiness, or null when it stopped
 * early (offline, aborted) — the readiness then keeps its steps so the next fill resumes. The fill and
 * every query factory it runs load with it (`offline-prefetch-fill.ts`).
 */
export async function prefetchForOffline(
  queryClient: QueryClient,
  target: PrefetchTarget,
  options: PrefetchOptions = {},
): Promise<OfflineReadinessRow | null> {
  const { prefetchForOffline: fill } = await import('./offline-prefetch-fill');
  return fill(queryClient, target, options);
}

export type PrefetchReason = 'start' | 'online' | 'manual';

let running: { companyId: number; controller: AbortController; job: Promise<unknown> } | null = null;
/** The one fill asked for while another ran (several asks make one more fill, not one each). */
let followUp: Promise<unknown> | null = null;

/** Whether a fill should start now, given why and what the device already holds. */
export function shouldPrefetch(reason: PrefetchReason, readiness: OfflineReadinessRow | undefined, userId: number, now: number): boolean {
  if (reason === 'manual' || !readiness || readiness.userId !== userId) return true;
  if (readiness.state !== 'ready' || readiness.readyAt === null) return true;
  const age = now - readiness.readyAt;
  return reason === 'online' ? age > LONG_GAP_MS : age > FRESH_ENOUGH_MS;
}

/**
 * Starts a fill unless one runs already (in this tab, or in another: a Web Lock keeps it to one per
 * browser). Never rejects: a failure is logged and the readiness shows what is missing.
 */
export function startOfflinePrefetch(queryClient: QueryClient, target: PrefetchTarget, reason: PrefetchReason): Promise<unknown> {
  // "Update now" or a new choice of rooms during a fill: another fill follows, so what was asked is honoured.
  if (running && reason === 'manual') {
    const { job, controller: current } = running;
    followUp ??= job.then(() => {
      followUp = null;
      // Signed out meanwhile: nothing follows.
      return current.signal.aborted ? undefined : startOfflinePrefetch(queryClient, target, reason);
    });
    return followUp;
  }
  if (running || browserOffline()) return running?.job ?? Promise.resolve();
  const controller = new AbortController();
  const fill = async () => {
    const readiness = await (await answerCache()).readReadiness(target.companyId);
    if (!shouldPrefetch(reason, readiness, target.userId, Date.now())) return;
    await prefetchForOffline(queryClient, target, { signal: controller.signal });
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const job = (locks ? locks.request('verdant-offline-prefetch', { ifAvailable: true }, (lock) => (lock ? fill() : undefined)) : fill())
    .catch((err: unknown) => console.warn('Preparing for offline use failed', err))
    .finally(() => {
      if (running?.controller === controller) running = null;
    });
  running = { companyId: target.companyId, controller, job };
  return job;
}

/** Sign-out: stops a running fill and removes every local copy of company data from this device. */
export async function forgetOfflineData(database?: OfflineDatabase): Promise<void> {
  const job = running;
  running = null;
  if (job) {
    job.controller.abort();
    await job.job;
  }
  await (await answerCache()).wipeCompanyData(database);
}

/** The shell's trigger: a fill after the first screen has rendered, and again when the connection returns. */
export function useOfflinePrefetch(companyId: number | null | undefined, userId: number | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!companyId || !userId) return;
    const target = { companyId, userId };
    const idle: (cb: () => void) => number =
      typeof window.requestIdleCallback === 'function'
        ? (cb) => window.requestIdleCallback(cb, { timeout: 3000 })
        : (cb) => window.setTimeout(cb, 1500);
    const cancel = (id: number) =>
      typeof window.cancelIdleCallback === 'function' ? window.cancelIdleCallback(id) : window.clearTimeout(id);
    const handle = idle(() => void startOfflinePrefetch(queryClient, target, 'start'));
    const onOnline = () => void startOfflinePrefetch(queryClient, target, 'online');
    window.addEventListener('online', onOnline);
    return () => {
      cancel(handle);
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient, companyId, userId]);
}

/** Live readiness of the signed-in company for the header, and a way to refill now. */
export function useOfflineReadiness(companyId: number | null | undefined, userId: number | null | undefined) {
  const queryClient = useQueryClient();
  const [readiness, setReadiness] = useState<OfflineReadinessRow | null | undefined>(undefined);
  useEffect(() => {
    if (!companyId) return;
    let stop: (() => void) | undefined;
    let ended = false;
    answerCache()
      .then(({ watchReadiness }) => {
        if (!ended) stop = watchReadiness(companyId, setReadiness);
      })
      .catch((err: unknown) => console.warn('Could not read the offline readiness', err));
    return () => {
      ended = true;
      stop?.();
    };
  }, [companyId]);
  const refill = useCallback(() => {
    if (companyId && userId) void startOfflinePrefetch(queryClient, { companyId, userId }, 'manual');
  }, [queryClient, companyId, userId]);
  return { readiness: readiness && readiness.userId === userId ? readiness : readiness === undefined ? undefined : null, refill };
}
