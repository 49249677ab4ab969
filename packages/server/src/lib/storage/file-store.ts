import { settleBeforeOutsideEffect } from '../../db/write-receipts.js';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/** Where uploaded images live. Keys are relative paths such as `company-1/rooms/4/whiteboard-….jpg`. */
export interface FileStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Rejects keys that could leave the store's root. */
export function assertSafeKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((p) => p === '..' || p === '' || p === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/**
 * A keyed request's held write commits before a file is stored or removed (db/write-receipts.ts): a
 * removed file never belongs to a row whose deletion could still roll back.
 */
export function settlingFileStore(store: FileStore): FileStore {
  return {
    async put(key, data, contentType) {
      await settleBeforeOutsideEffect();
      await store.put(key, data, contentType);
    },
    get: (key) => store.get(key),
    async delete(key) {
      await settleBeforeOutsideEffect();
      await store.delete(key);
    },
    exists: (key) => store.exists(key),
  };
}
