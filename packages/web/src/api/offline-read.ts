import { ApiError } from './api-error';
import { browserOffline, isNetworkError } from '../offline/network';
import { i18n } from '../lib/i18n';
import { readSession } from '../lib/session';

import { OFFLINE_UNAVAILABLE } from './offline-errors';

export { isNotAvailableOffline } from './offline-errors';

/**
 * Offline, and this device holds no copy of what the screen asks for (it was never loaded or prepared
 * while online). Screens show it as "not available offline yet", not as a failed request.
 */
export class NotAvailableOfflineError extends ApiError {
  constructor() {
    super(i18n.t('notAvailableText', { ns: 'offline-status' }));
    this.name = OFFLINE_UNAVAILABLE;
  }
}

export interface OfflineReadOptions<T> {
  /** For the spec's null-on-failure client functions: an answer that means the call failed. */
  failed?: (value: T) => boolean;
}

/**
 * The device's copies (Dexie) load on first use: a read is async anyway, and the first screen does not
 * wait for the offline database's code (initial JavaScript, issue 10).
 */
const answerCache = () => import('../offline/answer-cache');
const readAnswer = async <T>(companyId: number, queryKey: readonly unknown[]) => (await answerCache()).readAnswer<T>(companyId, queryKey);
const saveAnswer = async (companyId: number, queryKey: readonly unknown[], value: unknown) =>
  (await answerCache()).saveAnswer(companyId, queryKey, value);
const readImage = async (companyId: number, key: string) => (await answerCache()).readImage(companyId, key);
const saveImage = async (companyId: number, key: string, blob: Blob) => (await answerCache()).saveImage(companyId, key, blob);

/** An answer that arrives after sign-out (or after another company signed in) is not kept. */
const stillSignedInto = (companyId: number) => readSession().companyID === companyId;

const pendingSaves = new Set<Promise<unknown>>();

/** Stores in the background: a screen shows the answer without waiting for the device's copy. */
function keep(save: () => Promise<unknown>, what: string): void {
  const job = save()
    .catch((err: unknown) => console.warn(`Could not store a local ${what}`, err))
    .finally(() => pendingSaves.delete(job));
  pendingSaves.add(job);
}

/** Resolves once every answer read so far is stored on the device (the background fill waits for it). */
export async function savesSettled(): Promise<void> {
  while (pendingSaves.size) await Promise.all([...pendingSaves]);
}

async function copyOrThrow<T>(companyId: number, queryKey: readonly unknown[], err: unknown): Promise<T> {
  const copy = await readAnswer<T>(companyId, queryKey).catch(() => undefined);
  if (copy) return copy.value;
  throw err;
}

/**
 * An offline-capable read (cold offline, issue 10). Online, the server answers and the answer is stored
 * under the read's query key; offline — the browser says so, or the request got no answer — the stored
 * answer is returned. Offline no request is even attempted. Without a stored answer it rejects with
 * NotAvailableOfflineError (offline) or the original error. A refusal from the server rejects as usual.
 *
 * Use it as the queryFn of a factory with `networkMode: 'always'`:
 * `queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getBatches(companyId))`.
 */
export async function offlineRead<T>(
  companyId: number,
  queryKey: readonly unknown[],
  fetch: () => Promise<T>,
  options: OfflineReadOptions<T> = {},
): Promise<T> {
  if (browserOffline()) return copyOrThrow(companyId, queryKey, new NotAvailableOfflineError());
  let value: T;
  try {
    value = await fetch();
  } catch (err) {
    if (isNetworkError(err)) return copyOrThrow(companyId, queryKey, err);
    throw err;
  }
  if (options.failed?.(value)) {
    const copy = await readAnswer<T>(companyId, queryKey).catch(() => undefined);
    return copy ? copy.value : value;
  }
  if (stillSignedInto(companyId)) keep(() => saveAnswer(companyId, queryKey, value), 'copy');
  return value;
}

/** An uploaded image, kept on the device for offline use (thumbnails of the library, photos shown once). */
export async function offlineImage(companyId: number, key: string, fetch: () => Promise<Blob>): Promise<Blob> {
  if (browserOffline() || companyId <= 0) {
    const blob = companyId > 0 ? await readImage(companyId, key).catch(() => undefined) : undefined;
    if (blob) return blob;
    if (browserOffline()) throw new NotAvailableOfflineError();
    return fetch();
  }
  let blob: Blob;
  try {
    blob = await fetch();
  } catch (err) {
    const copy = isNetworkError(err) ? await readImage(companyId, key).catch(() => undefined) : undefined;
    if (copy) return copy;
    throw err;
  }
  if (stillSignedInto(companyId)) keep(() => saveImage(companyId, key, blob), 'image');
  return blob;
}
