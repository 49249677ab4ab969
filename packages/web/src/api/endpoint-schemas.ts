import type { EndpointConfig } from '@verdant/contract';

/**
 * In the built app an endpoint imported from the contract is metadata only (vite-endpoint-metadata.ts):
 * its schemas load on demand with `loadSchemas()`. In tests and `vite dev` it is the real endpoint.
 */
type MaybeLazy = EndpointConfig & { loadSchemas?: () => Promise<EndpointConfig> };

/** The endpoint's answer schema: at once for a real endpoint, else from its lazily loaded module. */
export async function responseSchema<E extends EndpointConfig>(endpoint: E): Promise<Exclude<E['response'], 'binary'>> {
  const { loadSchemas } = endpoint as MaybeLazy;
  const full = loadSchemas ? await loadSchemas() : endpoint;
  if (full.response === 'binary') throw new Error(`${full.id} answers a file, not JSON`);
  return full.response as Exclude<E['response'], 'binary'>;
}
