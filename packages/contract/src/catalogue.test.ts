import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointConfig } from './index.js';

interface CatalogueParam {
  name: string;
  in: string;
}
interface CatalogueEntry {
  method: string;
  path: string;
  params: CatalogueParam[];
}

const cataloguePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/spec/api-catalogue.json');
const catalogue: CatalogueEntry[] = fs.existsSync(cataloguePath) ? JSON.parse(fs.readFileSync(cataloguePath, 'utf8')) : [];

const keys = (schema: { shape: object } | undefined) => Object.keys(schema?.shape ?? {});

/** Where a contract endpoint accepts each field name. */
function locations(e: EndpointConfig) {
  const bodyKind = e.body?.kind;
  return {
    path: keys(e.params),
    query: keys(e.query),
    multipart: bodyKind === 'multipart' ? keys(e.body?.schema) : [],
    json: bodyKind === 'json' ? keys(e.body?.schema) : [],
    form: bodyKind === 'form' ? keys(e.body?.schema) : [],
    body: [...keys(e.body?.schema), ...keys(e.either)],
    anywhere: [...keys(e.params), ...keys(e.query), ...keys(e.body?.schema), ...keys(e.either)],
  };
}

const contractEndpoints = (Object.values(endpoints) as EndpointConfig[]).filter((e) =>
  catalogue.some((c) => c.path === e.path),
);

describe.skipIf(catalogue.length === 0)('wire names follow the spec catalogue', () => {
  it.each(contractEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_name, e) => {
    const sameMethod = catalogue.find((c) => c.path === e.path && c.method === e.method);
    expect(sameMethod, `the catalogue has ${e.path} only as ${catalogue.filter((c) => c.path === e.path).map((c) => c.method).join(', ')}`).toBeDefined();
    const where = locations(e);
    for (const param of sameMethod!.params) {
      const accepted = where[param.in as keyof typeof where] ?? where.anywhere;
      expect(accepted, `${param.name} (${param.in})`).toContain(param.name);
    }
  });
});
