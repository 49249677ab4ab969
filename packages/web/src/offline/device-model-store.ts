/**
 * The device's copies of what an on-device classifier needs offline — a model's .onnx file per version and
 * onnxruntime's WASM — in Cache Storage (docs/decisions.md, "Models on the phone"): tens of MB of bytes
 * that IndexedDB would clone on every read, and that the service worker's precache leaves out on purpose
 * (most companies never use an ONNX model). Keys are same-origin URLs: the WASM's own hashed asset
 * address, and `/device-models/<company>/<name>/<version>.onnx` for a model (a company's copy is its own).
 */
const CACHE = 'verdant-device-models-v1';

const available = () => typeof caches !== 'undefined';

export const modelCacheKey = (companyId: number, name: string, version: string) =>
  new URL(`/device-models/${companyId}/${encodeURIComponent(name)}/${encodeURIComponent(version)}.onnx`, self.location.origin).href;

/** The stored bytes, or null when this device holds none (or has no Cache Storage). */
export async function readDeviceFile(key: string): Promise<ArrayBuffer | null> {
  if (!available()) return null;
  const hit = await (await caches.open(CACHE)).match(key);
  return hit ? hit.arrayBuffer() : null;
}

export async function hasDeviceFile(key: string): Promise<boolean> {
  if (!available()) return false;
  return (await (await caches.open(CACHE)).match(key)) !== undefined;
}

/** Stores bytes under `key`; other versions of the same model (same prefix) are dropped. */
export async function storeDeviceFile(key: string, bytes: Blob, replacesPrefix?: string): Promise<void> {
  if (!available()) return;
  const cache = await caches.open(CACHE);
  if (replacesPrefix) {
    for (const req of await cache.keys()) if (req.url.startsWith(replacesPrefix) && req.url !== key) await cache.delete(req);
  }
  await cache.put(key, new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } }));
}
