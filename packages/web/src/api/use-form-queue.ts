import { useEffect, useState } from 'react';
import type { QueueEntry } from './form-responses';

/** Loaded on demand: Dexie stays out of the first-paint bundle. */
export const formQueueModule = () => import('./form-responses');

/** Live list of the user's queued form submissions (waiting and failed), oldest first. */
export function useFormQueue(userId: number | null | undefined): QueueEntry[] {
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  useEffect(() => {
    if (!userId) {
      setEntries([]);
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    void formQueueModule().then((m) => {
      if (!cancelled) stop = m.formQueue().watch(setEntries, userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  return entries;
}
