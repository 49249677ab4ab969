import fs from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Keeps zod and the contract's schemas out of the first screen of the built app (issue 10's
 * initial-JavaScript budget) without changing what the app imports.
 *
 * Every query imports its endpoints from `@verdant/contract`, and an endpoint *is* zod objects, so a
 * dashboard that calls one endpoint would load zod before its first render. In `vite build` each
 * contract `*.endpoints.ts` module becomes a small module of the same exports: its endpoint maps as
 * plain metadata (method, path, body kind, the keys of params/query/body/either, status, client
 * messages) with `loadSchemas()` importing the real module as its own chunk; its plain constants and
 * messages inlined; anything else (schemas, functions) re-exported from the real module. callEndpoint
 * sends the request from the metadata and validates the answer with the real schema, loaded in
 * parallel with the request (api/endpoint-schemas.ts). Tests and `vite dev` use the real modules.
 *
 * The metadata is read from the real module at build time (evaluated with tsx), so it cannot drift.
 */

const ENDPOINTS_MODULE = /\/packages\/contract\/src\/.+\.endpoints\.ts$/;
/** The real module, loaded by `loadSchemas()` as its own chunk. */
const REAL = 'schemas';
/** The real module again, for the other exports: only statically imported, so dropped when none is used. */
const REST = 'rest';

type Loaded = Record<string, unknown>;

function isEndpointMap(value: unknown): value is Record<string, Loaded> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((e) => !!e && typeof e === 'object' && (e as Loaded).__endpoint === true);
}

/** Data a JSON literal reproduces exactly: no functions, class instances (zod), undefined or NaN. */
function isPlainData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && Object.values(value).every(isPlainData);
}

function keys(schema: unknown): { shape: Record<string, true> } | undefined {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return undefined;
  return { shape: Object.fromEntries(Object.keys(shape).map((k) => [k, true])) };
}

/** What callEndpoint and the app read of an endpoint, without its schemas. */
export function endpointMetadataOf(endpoint: Loaded): Loaded {
  const body = endpoint.body as { kind: string; schema: unknown } | undefined;
  const meta: Loaded = {
    id: endpoint.id,
    domain: endpoint.domain,
    method: endpoint.method,
    path: endpoint.path,
    auth: endpoint.auth,
    tenancy: endpoint.tenancy,
    params: keys(endpoint.params),
    query: keys(endpoint.query),
    body: body ? { kind: body.kind, schema: keys(body.schema) } : undefined,
    either: keys(endpoint.either),
    response: endpoint.response === 'binary' ? 'binary' : null,
    status: endpoint.status,
    idempotent: endpoint.idempotent,
    clientMessages: endpoint.clientMessages,
    __endpoint: true,
  };
  for (const k of Object.keys(meta)) if (meta[k] === undefined) delete meta[k];
  return meta;
}

/** The build's stand-in for the endpoints module `file`, whose evaluated exports are `real`. */
export function metadataModule(file: string, real: Loaded): string {
  const realId = JSON.stringify(`${file}?${REAL}`);
  const restId = JSON.stringify(`${file}?${REST}`);
  const lines = [`const real = () => import(${realId});`];
  for (const [name, value] of Object.entries(real)) {
    if (name === 'default') continue;
    if (isEndpointMap(value)) {
      const entries = Object.entries(value).map(([key, endpoint]) => {
        const load = `loadSchemas: () => real().then((m) => m[${JSON.stringify(name)}][${JSON.stringify(key)}])`;
        return `  ${JSON.stringify(key)}: { ...${JSON.stringify(endpointMetadataOf(endpoint))}, ${load} },`;
      });
      lines.push(`export const ${name} = {`, ...entries, '};');
    } else if (isPlainData(value)) {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    } else {
      lines.push(`export { ${name} } from ${restId};`);
    }
  }
  return lines.join('\n');
}

type Importer = { import: (specifier: string, parent: string) => Promise<unknown>; unregister: () => Promise<void> };

export function endpointMetadata(): Plugin {
  // One tsx namespace for the whole build: zod and the shared contract modules are evaluated once,
  // not once per endpoints module (34 separate imports took ~30 s of CPU, one namespace ~1.5 s).
  let importer: Promise<Importer> | null = null;
  const evaluate = async (file: string) => {
    importer ??= import('tsx/esm/api').then(({ register }) => register({ namespace: 'verdant-endpoint-metadata' }) as Importer);
    return (await (await importer).import(pathToFileURL(file).href, import.meta.url)) as Loaded;
  };
  return {
    name: 'verdant:endpoint-metadata',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?') as [string, string | undefined];
      if (!ENDPOINTS_MODULE.test(file)) return null;
      // Both modules are pure declarations: unused exports (and the real module) drop out of the chunk.
      if (query === REAL || query === REST) return { code: await fs.readFile(file, 'utf8'), moduleSideEffects: false };
      if (query) return null;
      return { code: metadataModule(file, await evaluate(file)), moduleSideEffects: false };
    },
    async buildEnd() {
      const done = importer;
      importer = null;
      if (done) await (await done).unregister();
    },
  };
}
