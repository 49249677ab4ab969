/**
 * What jsdom lacks for the queue tests. Browsers keep Blobs when IndexedDB clones a row; Node's
 * structuredClone cannot clone jsdom's Blob (it turns it into {}), so Blob-valued properties of a row
 * pass through by reference. And a Web Locks stand-in: one holder per name at a time, FIFO.
 */
export function installBlobCloning() {
  const native = globalThis.structuredClone;
  globalThis.structuredClone = ((value: unknown, options?: StructuredSerializeOptions) => {
    if (value instanceof Blob) return value;
    if (value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).some((v) => v instanceof Blob)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = v instanceof Blob ? v : native(v, options);
      return out;
    }
    return native(value, options);
  }) as typeof structuredClone;
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
