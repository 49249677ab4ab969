import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStore } from './file-store.js';

/** Each file's content type is kept beside it in `<file>.type`: such a key names no file of the store. */
const SIDECAR = '.type';
/** A missing file, or a key that names a folder or a path through a file: "not found" all the same. */
const NOT_A_FILE = new Set(['ENOENT', 'EISDIR', 'ENOTDIR']);

/** Files under a folder; the content type is kept beside each file. */
export function localFileStore(root: string): FileStore {
  const full = (key: string) => {
    assertSafeKey(key);
    if (key.endsWith(SIDECAR)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data, contentType) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.writeFile(`${file}.type`, contentType);
      await fs.rename(tmp, file);
    },
    async get(key) {
      if (key.endsWith(SIDECAR)) return null;
      const file = full(key);
      try {
        const [data, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream'),
        ]);
        return { data, contentType };
      } catch (err) {
        if (NOT_A_FILE.has((err as NodeJS.ErrnoException).code ?? '')) return null;
        throw err;
      }
    },
    async delete(key) {
      const file = full(key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.type`, { force: true });
    },
    async exists(key) {
      if (key.endsWith(SIDECAR)) return false;
      return fs.stat(full(key)).then(
        (stat) => stat.isFile(),
        () => false,
      );
    },
  };
}
