import type { EndpointConfig, EndpointOutput, EndpointRequest } from '@verdant/contract';
import { ApiError, toApiError } from './api-error';
import { responseSchema } from './endpoint-schemas';
import { httpPrivate } from './http';
import type { HttpClient, RequestConfig } from './http-client';

type Input = Record<string, unknown>;

function keysOf(schema: { shape: Record<string, unknown> } | undefined): string[] {
  return schema ? Object.keys(schema.shape) : [];
}

function pick(input: Input, keys: string[]): Input {
  const out: Input = {};
  for (const k of keys) if (input[k] !== undefined) out[k] = input[k];
  return out;
}

function scalar(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Replaces `{name}` in the path with the input's value. */
export function buildPath(path: string, input: Input): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = input[name];
    if (v === undefined || v === null || v === '') throw new ApiError(`Required parameter missing: ${name}`);
    return encodeURIComponent(String(v));
  });
}

function toFormData(values: Input): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v) && v.every((x) => x instanceof Blob)) for (const b of v as Blob[]) fd.append(k, b);
    else if (v instanceof Blob) fd.append(k, v);
    else fd.append(k, scalar(v));
  }
  return fd;
}

function toUrlEncoded(values: Input): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) p.append(k, scalar(v));
  return p;
}

/**
 * Builds the request an endpoint describes — path params, query, and a body of its kind
 * (`json`, `multipart`, `form`; `any` and the `either` fields travel as JSON) — sends it, and parses
 * the answer with the endpoint's response schema. Rejects with an ApiError carrying the server's
 * `message` (or `error`) when the answer says `status: 'error'`, else the transport message.
 */
export async function callEndpoint<E extends EndpointConfig>(
  endpoint: E,
  input: EndpointRequest<E>,
  client: HttpClient = httpPrivate,
  config: RequestConfig = {},
): Promise<EndpointOutput<E>> {
  const values = (input ?? {}) as Input;
  const url = buildPath(endpoint.path, values);
  const params = pick(values, keysOf(endpoint.query));
  const eitherKeys = keysOf(endpoint.either);
  let data: unknown;
  const headers: Record<string, string> = {};

  if (endpoint.method === 'GET') {
    Object.assign(params, pick(values, eitherKeys));
  } else {
    const bodyValues = { ...pick(values, keysOf(endpoint.body?.schema)), ...pick(values, eitherKeys) };
    const kind = endpoint.body?.kind ?? (eitherKeys.length ? 'json' : undefined);
    if (kind === 'multipart') data = toFormData(bodyValues);
    else if (kind === 'form') {
      data = toUrlEncoded(bodyValues);
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (kind === 'json' || kind === 'any') data = bodyValues;
  }

  // Loads with the request, not after it: in the built app the answer's schema is its own chunk.
  const schema = endpoint.response === 'binary' ? null : responseSchema(endpoint);
  schema?.catch(() => undefined);

  let responseData: unknown;
  try {
    const res = await client.request({
      ...config,
      url,
      method: endpoint.method,
      params,
      data,
      headers: { ...headers, ...config.headers },
      responseType: endpoint.response === 'binary' ? 'blob' : config.responseType,
    });
    responseData = res.data;
  } catch (err) {
    throw toApiError(err);
  }

  if (endpoint.response === 'binary') return responseData as EndpointOutput<E>;
  const status = responseData && typeof responseData === 'object' ? (responseData as Input).status : undefined;
  if (status !== undefined && status !== 'success') {
    const d = responseData as Input;
    const text = d.message || d.error;
    throw new ApiError(String(text || 'Request failed'), { fromServer: Boolean(text) });
  }
  let parsed;
  try {
    parsed = (await schema!).safeParse(responseData);
  } catch (err) {
    throw toApiError(err);
  }
  if (!parsed.success) {
    console.error(`Unexpected answer from ${endpoint.method} ${endpoint.path}`, parsed.error.issues);
    throw new ApiError('Unexpected response from server');
  }
  return parsed.data as EndpointOutput<E>;
}

/** A Blob, from this window or another realm (the fetch of a test runner answers its own Blob class). */
function isBlob(value: unknown): value is Blob {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  return typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function' && typeof (value as Blob).size === 'number' && typeof (value as Blob).type === 'string';
}

/** An endpoint whose answer is a file (the contract types it as the server's Buffer). */
type BinaryEndpoint = EndpointConfig & { response: 'binary' };

/**
 * Calls an endpoint that answers a file and gives it as the browser holds it: a Blob (`callEndpoint`
 * asks for one on every binary answer). Rejects if anything else came back.
 */
export async function callBinaryEndpoint<E extends BinaryEndpoint>(
  endpoint: E,
  input: EndpointRequest<E>,
  client: HttpClient = httpPrivate,
  config: RequestConfig = {},
): Promise<Blob> {
  const data: unknown = await callEndpoint(endpoint, input, client, config);
  if (!isBlob(data)) throw new ApiError(`${endpoint.method} ${endpoint.path} did not answer a file`);
  return data;
}
