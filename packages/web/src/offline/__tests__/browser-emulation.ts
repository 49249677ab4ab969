/**
 * What jsdom lacks for the queue tests. Browsers keep Blobs when IndexedDB clones a row; Node's
 * structuredClone cannot clone jsdom's Blob (it turns it into {}), so Blobs anywhere in a row (a
 * property, or deeper: a queued scan's `input.images`) pass through by reference. And a Web Locks
 * stand-in: one holder per name at a time, FIFO.
 */
export function installBlobCloning() {
  const native = globalThis.structuredClone;
  const hasBlob = (v: unknown, depth = 0): boolean =>
    v instanceof Blob || (depth < 6 && v !== null && typeof v === 'object' && Object.values(v).some((x) => hasBlob(x, depth + 1)));
  const plain = (v: object) => Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null;
  const clone = (value: unknown, options?: StructuredSerializeOptions): unknown => {
    if (value instanceof Blob) return value;
    if (value && typeof value === 'object' && plain(value) && hasBlob(value)) {
      if (Array.isArray(value)) return value.map((v) => clone(v, options));
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = clone(v, options);
      return out;
    }
    return native(value, options);
  };
  globalThis.structuredClone = clone as typeof structuredClone;
  return () => {
    globalThis.structuredClone = native;
  };
}

export function installWebLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const locks = {
    request<T>(name: string, run: () => Promise<T>): Promise<T> {
      const prev = tails.get(name) ?? Promise.resolve();
      const job = prev.then(() => run());
      tails.set(name, job.catch(() => undefined));
      return job;
    },
  };
  Object.defineProperty(window.navigator, 'locks', { configurable: true, value: locks });
  return () => {
    Reflect.deleteProperty(window.navigator, 'locks');
  };
}
