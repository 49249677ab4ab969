import { liveQuery } from 'dexie';
import { db as defaultDb, type OfflineDatabase, type OfflineReadinessRow } from './db';

/**
 * Local copies of the answers the screens read (cold offline). The api layer stores every online
 * answer of an offline-capable read under its query key and reads it back without a connection.
 */

function keyOf(queryKey: readonly unknown[]): string {
  return JSON.stringify(queryKey);
}

export async function saveAnswer(
  companyId: number,
  queryKey: readonly unknown[],
  value: unknown,
  database: OfflineDatabase = defaultDb,
): Promise<void> {
  await database.cachedAnswers.put({ key: keyOf(queryKey), companyId, value, savedAt: Date.now() });
}

/** Drops the stored answers of these reads (the offline fill, when a newer copy in bulk replaces them). */
export async function deleteAnswers(queryKeys: ReadonlyArray<readonly unknown[]>, database: OfflineDatabase = defaultDb): Promise<void> {
  await database.cachedAnswers.bulkDelete(queryKeys.map(keyOf));
}

/** The stored answer of a read, or undefined when this device has none for that company. */
export async function readAnswer<T>(
  companyId: number,
  queryKey: readonly unknown[],
  database: OfflineDatabase = defaultDb,
): Promise<{ value: T; savedAt: number } | undefined> {
  const row = await database.cachedAnswers.get(keyOf(queryKey));
  if (!row || row.companyId !== companyId) return undefined;
  return { value: row.value as T, savedAt: row.savedAt };
}

export async function saveImage(companyId: number, key: string, blob: Blob, database: OfflineDatabase = defaultDb): Promise<void> {
  await database.cachedImages.put({ key, companyId, blob, savedAt: Date.now() });
}

export async function readImage(companyId: number, key: string, database: OfflineDatabase = defaultDb): Promise<Blob | undefined> {
  const row = await database.cachedImages.get(key);
  return row && row.companyId === companyId ? row.blob : undefined;
}

export async function hasImage(companyId: number, key: string, database: OfflineDatabase = defaultDb): Promise<boolean> {
  return (await readImage(companyId, key, database)) !== undefined;
}

/** Whether a background fill has ever completed for this company on this device. */
export async function everPrepared(companyId: number, database: OfflineDatabase = defaultDb): Promise<boolean> {
  const row = await database.offlineReadiness.get(companyId).catch(() => undefined);
  return Boolean(row?.readyAt);
}

export async function readReadiness(companyId: number, database: OfflineDatabase = defaultDb): Promise<OfflineReadinessRow | undefined> {
  return database.offlineReadiness.get(companyId);
}

export async function writeReadiness(row: OfflineReadinessRow, database: OfflineDatabase = defaultDb): Promise<void> {
  await database.offlineReadiness.put(row);
}

/** Live readiness of a company (null while it has never been filled on this device). */
export function watchReadiness(
  companyId: number,
  onChange: (row: OfflineReadinessRow | null) => void,
  database: OfflineDatabase = defaultDb,
): () => void {
  const sub = liveQuery(() => database.offlineReadiness.get(companyId)).subscribe({
    next: (row) => onChange(row ?? null),
    error: (err: unknown) => console.warn('Could not read the offline readiness', err),
  });
  return () => sub.unsubscribe();
}

/**
 * Sign-out: every local copy of company data goes (another user may sign in on this phone). Only the
 * queues stay — a user's unsent submissions and queued rooms wait for that user's next sign-in.
 */
export async function wipeCompanyData(database: OfflineDatabase = defaultDb): Promise<void> {
  const tables = [
    database.rooms,
    database.grids,
    database.grid_boxes,
    database.room_grid,
    database.formTemplates,
    database.formFields,
    database.problemColorMapping,
    database.cachedAnswers,
    database.cachedImages,
    database.offlineReadiness,
  ];
  await database.transaction('rw', tables, async () => {
    await Promise.all(tables.map((t) => t.clear()));
  });
}
