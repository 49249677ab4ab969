import type { InjectOptions } from 'fastify';
import type { EndpointConfig } from '@verdant/contract';
import { sampleObject, type SampleHints } from './zod-sample.js';

export interface EndpointSample {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  either: Record<string, unknown>;
}

export function sampleEndpoint(endpoint: EndpointConfig, hints: SampleHints): EndpointSample {
  return {
    params: sampleObject(endpoint.params, hints),
    query: sampleObject(endpoint.query, hints),
    body: sampleObject(endpoint.body?.schema, hints),
    either: sampleObject(endpoint.either, hints),
  };
}

const isFile = (v: unknown): v is { filename: string; mimetype: string; data: Uint8Array } =>
  typeof v === 'object' && v !== null && 'data' in v && 'mimetype' in v;

/** Lists and objects travel as JSON text in query strings and forms, as the spec does for grid_order. */
const asText = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function toQuery(values: Record<string, unknown>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map(asText) : asText(v)]),
  );
}

function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (isFile(v)) form.append(k, new Blob([v.data], { type: v.mimetype }), v.filename);
    else form.append(k, asText(v));
  }
  return form;
}

/** The request a client following the contract would send: each field where the contract puts it. */
export function toInjectOptions(
  endpoint: EndpointConfig,
  sample: EndpointSample,
  headers: Record<string, string> = {},
): InjectOptions {
  const url = `/api${endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(asText(sample.params[name])))}`;
  const inQuery = endpoint.method === 'GET';
  const query = toQuery({ ...sample.query, ...(inQuery ? sample.either : {}) });
  const body = { ...sample.body, ...(inQuery ? {} : sample.either) };
  const base = { method: endpoint.method, url, query, headers: { ...headers } } satisfies InjectOptions;
  if (inQuery || (!endpoint.body && Object.keys(body).length === 0)) return base;
  const kind = endpoint.body?.kind ?? 'json';
  const hasFile = Object.values(body).some(isFile);
  if (kind === 'multipart' || hasFile) return { ...base, payload: toFormData(body) };
  if (kind === 'form') {
    const form = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, asText(v)]));
    return { ...base, payload: form.toString(), headers: { ...base.headers, 'content-type': 'application/x-www-form-urlencoded' } };
  }
  return { ...base, payload: body as Record<string, unknown> };
}
