import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/**
 * Keyed HTTP requests as plain data, so one list can go through app.inject or through fetch to a
 * real server (the "nothing lost" workload, keyed-writes.ts), and what a client needs to judge the answer.
 */
export interface KeyedRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Path and query, e.g. `/api/create_room?company_id=1`. */
  url: string;
  headers: Record<string, string>;
  body: Buffer | string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

/** Sends one request and answers its status, headers (lower-case names) and body text. */
export type Transport = (req: KeyedRequest) => Promise<Answer>;

export function injectTransport(app: FastifyInstance): Transport {
  return async (req) => {
    const res = await app.inject({ method: req.method, url: req.url, headers: req.headers, ...(req.method === 'GET' ? {} : { payload: req.body }) });
    const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), v === undefined ? undefined : String(v)]));
    return { status: res.statusCode, headers, body: res.body };
  };
}

export function fetchTransport(baseUrl: string, opts: { timeoutMs?: number } = {}): Transport {
  return async (req) => {
    const res = await fetch(`${baseUrl}${req.url}`, {
      method: req.method,
      headers: req.headers,
      ...(req.method === 'GET' ? {} : { body: req.body }),
      ...(opts.timeoutMs ? { signal: AbortSignal.timeout(opts.timeoutMs) } : {}),
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
    return { status: res.status, headers, body: await res.text() };
  };
}

interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body made by hand: deterministic bytes, so a retry sends exactly the same request. */
export function multipartBody(fields: Record<string, string | number | FilePart>): { body: Buffer; contentType: string } {
  const boundary = `----verdant${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'object') {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export function jsonRequest(method: KeyedRequest['method'], url: string, token: string, payload: unknown, key?: string): KeyedRequest {
  return {
    method,
    url,
    headers: { ...auth(token), 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(payload),
  };
}

export function formRequest(method: KeyedRequest['method'], url: string, token: string, fields: Record<string, string | number>, key?: string): KeyedRequest {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return {
    method,
    url,
    headers: { ...auth(token), 'content-type': 'application/x-www-form-urlencoded', ...(key ? { 'idempotency-key': key } : {}) },
    body,
  };
}

export function multipartRequest(
  method: KeyedRequest['method'],
  url: string,
  token: string,
  fields: Record<string, string | number | FilePart>,
  key?: string,
): KeyedRequest {
  const { body, contentType } = multipartBody(fields);
  return { method, url, headers: { ...auth(token), 'content-type': contentType, ...(key ? { 'idempotency-key': key } : {}) }, body };
}

/** A small real PNG (decodable by sharp), its colour varied by `n`. */
export function tinyPng(n: number): Promise<Buffer> {
  const c = (k: number) => (n * k) % 256;
  return sharp({ create: { width: 12, height: 12, channels: 3, background: { r: c(37), g: 120 + (n % 100), b: c(91) } } })
    .png()
    .toBuffer();
}

/** An answer a client should simply send again later (see plugins/idempotency.ts): never stored as the key's answer. */
export const isRetryable = (status: number) => status >= 500 || status === 409 || status === 429 || status === 408;

/** The 409 of a key whose first attempt still holds its lease. */
export const isKeyInProgress = (a: Answer) => a.status === 409 && /still in progress/i.test(a.body);
