import { db } from '../offline/db';
import { createFormStore, type WaitingPhotos } from '../offline/form-queue-store';

/**
 * Photos taken with a form that is still queued on this device (offline, or not sent yet), read from
 * the form queue's storage. Loaded on demand (`use-waiting-photos.ts`) so Dexie stays out of first paint.
 */
export function watchWaitingPhotos(userId: number, onChange: (entries: WaitingPhotos[]) => void): () => void {
  return createFormStore(db, Date.now).watchWaitingPhotos(onChange, userId);
}

export type { WaitingPhotos } from '../offline/form-queue-store';
