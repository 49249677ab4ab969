import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStore } from './file-store.js';

/** Files under a folder; the content type is kept beside each file. */
export function localFileStore(root: string): FileStore {
  const full = (key: string) => {
    assertSafeKey(key);
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
      const file = full(key);
      try {
        const [data, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream'),
        ]);
        return { data, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const file = full(key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.type`, { force: true });
    },
    async exists(key) {
      return fs.access(full(key)).then(
        () => true,
        () => false,
      );
    },
  };
}
