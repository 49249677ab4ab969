import { createHash, createHmac } from 'node:crypto';
import { assertSafeKey, type FileStore } from './file-store.js';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Signs a request with AWS Signature V4 (path-style addressing, as MinIO and most S3-compatibles accept). */
export function signS3Request(
  opts: S3Options,
  method: string,
  url: URL,
  body: Buffer,
  headers: Record<string, string>,
  now = new Date(),
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(body);
  const all: Record<string, string> = { ...headers, host: url.host, 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash };
  const names = Object.keys(all).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonical = [
    method,
    url.pathname.split('/').map((p) => encodeURIComponent(decodeURIComponent(p))).join('/'),
    url.searchParams.toString(),
    names.map((n) => `${n}:${lower[n]}\n`).join(''),
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${opts.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day), opts.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...all,
    authorization: `AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** The same FileStore over an S3-compatible bucket, with Node's fetch and no SDK. */
export function s3FileStore(opts: S3Options, fetchImpl: typeof fetch = fetch): FileStore {
  const urlFor = (key: string) => {
    assertSafeKey(key);
    return new URL(`${opts.endpoint.replace(/\/$/, '')}/${opts.bucket}/${key}`);
  };
  const send = async (method: string, key: string, body: Buffer = Buffer.alloc(0), headers: Record<string, string> = {}) => {
    const url = urlFor(key);
    const signed = signS3Request(opts, method, url, body, headers);
    return fetchImpl(url, { method, headers: signed, body: method === 'PUT' ? new Uint8Array(body) : undefined });
  };
  return {
    async put(key, data, contentType) {
      const res = await send('PUT', key, data, { 'content-type': contentType });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed with ${res.status}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} failed with ${res.status}`);
      return {
        data: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed with ${res.status}`);
    },
    async exists(key) {
      const res = await send('HEAD', key);
      return res.ok;
    },
  };
}
