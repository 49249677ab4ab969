import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type FileStore } from './file-store.js';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The same FileStore over an S3-compatible bucket: path-style addresses (as MinIO and most S3-compatibles
 * accept), requests signed with AWS Signature V4 by aws4fetch and sent with Node's fetch, one attempt each.
 */
export function s3FileStore(opts: S3Options, fetchImpl: typeof fetch = fetch): FileStore {
  const aws = new AwsClient({
    accessKeyId: opts.accessKeyId,
    secretAccessKey: opts.secretAccessKey,
    service: 's3',
    region: opts.region,
  });
  const urlFor = (key: string) => {
    assertSafeKey(key);
    return new URL(`${opts.endpoint.replace(/\/$/, '')}/${opts.bucket}/${key}`);
  };
  const send = async (method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) => {
    const request = await aws.sign(urlFor(key), {
      method,
      // The body's hash is signed (aws4fetch would send UNSIGNED-PAYLOAD for s3), so the store refuses a changed body.
      headers: { ...headers, 'x-amz-content-sha256': createHash('sha256').update(body ?? '').digest('hex') },
      body: body ? new Uint8Array(body) : undefined,
      // Sign content-type too (aws4fetch leaves it out by default): the stored type is the one we sent.
      aws: { allHeaders: true },
    });
    return fetchImpl(request);
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
