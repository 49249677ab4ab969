import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import * as contract from '@verdant/contract';
import * as searchModule from '../../../../contract/src/search/search.endpoints';
import { companySettingsEndpoints, type EndpointConfig } from '@verdant/contract';
import { endpointMetadataOf, metadataModule } from '../../../vite-endpoint-metadata';
import { callEndpoint } from '../call-endpoint';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The endpoint as the built app imports it: metadata, its schemas behind `loadSchemas`. */
function asBuilt<E extends EndpointConfig>(endpoint: E) {
  const loadSchemas = vi.fn(async () => endpoint);
  return { endpoint: { ...endpointMetadataOf(endpoint as never), loadSchemas } as unknown as E, loadSchemas };
}

const isZod = (v: unknown) => !!v && typeof v === 'object' && 'safeParse' in v;

describe('endpoints as metadata in the build (vite-endpoint-metadata.ts)', () => {
  it('carry no schema, but every key, body kind and message callEndpoint reads, for every endpoint of the contract', () => {
    const endpoints = Object.values(contract).flatMap((v) =>
      v && typeof v === 'object' ? Object.values(v).filter((e): e is EndpointConfig => !!e && (e as { __endpoint?: unknown }).__endpoint === true) : [],
    );
    expect(endpoints.length).toBeGreaterThan(100);
    const keys = (s: unknown) => Object.keys((s as { shape?: object } | undefined)?.shape ?? {});
    for (const e of endpoints) {
      const meta = endpointMetadataOf(e as never) as unknown as EndpointConfig;
      expect(JSON.parse(JSON.stringify(meta))).toEqual(meta);
      expect([meta.id, meta.method, meta.path, meta.clientMessages, meta.status]).toEqual([e.id, e.method, e.path, e.clientMessages, e.status]);
      expect(keys(meta.query)).toEqual(keys(e.query));
      expect(keys(meta.either)).toEqual(keys(e.either));
      expect(keys(meta.body?.schema)).toEqual(keys(e.body?.schema));
      expect(meta.body?.kind).toBe(e.body?.kind);
      expect(meta.response).toBe(e.response === 'binary' ? 'binary' : null);
      expect(isZod(meta.query) || isZod(meta.response)).toBe(false);
    }
  });

  it('keep constants in the small module and import the real one only lazily (or for what cannot be copied)', () => {
    const code = metadataModule('/c/search.endpoints.ts', searchModule as unknown as Record<string, unknown>);
    expect(code).toContain('export const SEARCH_MIN_CHARS = 2;');
    expect(code).toContain('export const SEARCH_TYPES = ["plant","variety","crop","auto"];');
    expect(code).toContain('export { normaliseSearchType } from "/c/search.endpoints.ts?rest";');
    expect(code).toContain('const real = () => import("/c/search.endpoints.ts?schemas");');
    expect(code).not.toMatch(/from "\/c\/search\.endpoints\.ts\?schemas"/);
  });

  it('callEndpoint sends from the metadata and checks the answer with the schema it loads meanwhile', async () => {
    signInAs();
    const { endpoint, loadSchemas } = asBuilt(companySettingsEndpoints.getGridOpacity);
    let query = '';
    server.use(
      http.get(`${API}/get_grid_opacity`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ status: 'success', grid_opacity: 0.4, extra: 'dropped by the schema' });
      }),
    );

    await expect(callEndpoint(endpoint, { company_id: 3 })).resolves.toEqual({ status: 'success', grid_opacity: 0.4 });
    expect(query).toBe('?company_id=3');
    expect(loadSchemas).toHaveBeenCalledTimes(1);
  });

  it('refuses an answer that breaks the lazily loaded schema', async () => {
    signInAs();
    const { endpoint } = asBuilt(companySettingsEndpoints.getGridOpacity);
    server.use(http.get(`${API}/get_grid_opacity`, () => HttpResponse.json({ status: 'success', grid_opacity: 'half' })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await expect(callEndpoint(endpoint, { company_id: 3 })).rejects.toThrow('Unexpected response from server');
  });
});
