import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore } from './local-file-store.js';
import { s3FileStore } from './s3-file-store.js';
import type { FileStore } from './file-store.js';

function behavesAsAFileStore(name: string, make: () => FileStore) {
  describe(name, () => {
    it('puts, gets, checks and deletes a file', async () => {
      const sut = make();
      await sut.put('company-1/rooms/2/board.png', Buffer.from('png-bytes'), 'image/png');
      expect(await sut.exists('company-1/rooms/2/board.png')).toBe(true);
      const got = await sut.get('company-1/rooms/2/board.png');
      expect(got?.data.toString()).toBe('png-bytes');
      expect(got?.contentType).toBe('image/png');
      await sut.delete('company-1/rooms/2/board.png');
      expect(await sut.get('company-1/rooms/2/board.png')).toBeNull();
      expect(await sut.exists('company-1/rooms/2/board.png')).toBe(false);
    });

    it('finds nothing at a folder, a content-type sidecar or a path through a file', async () => {
      const sut = make();
      await sut.put('company-1/rooms/3/board.webp', Buffer.from('webp-bytes'), 'image/webp');
      for (const key of ['company-1/rooms', 'company-1/rooms/3', 'company-1/rooms/3/board.webp.type', 'company-1/rooms/3/board.webp/x']) {
        expect(await sut.get(key), key).toBeNull();
        expect(await sut.exists(key), key).toBe(false);
      }
    });

    it('refuses keys that leave the store', async () => {
      const sut = make();
      await expect(sut.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
      await expect(sut.get('/etc/passwd')).rejects.toThrow(/Unsafe/);
    });
  });
}

let root: string;
let server: http.Server;
let endpoint: string;
const objects = new Map<string, { data: Buffer; type: string }>();
const unsigned: string[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'verdant-files-'));
  // A tiny S3-compatible stand-in on loopback: stores objects by path, refuses unsigned requests.
  server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/') || !req.headers['x-amz-date']) {
      unsigned.push(req.url ?? '');
      res.statusCode = 403;
      return res.end();
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = req.url ?? '';
      if (req.method === 'PUT') {
        objects.set(key, { data: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        res.statusCode = 200;
        return res.end();
      }
      const obj = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.statusCode = 204;
        return res.end();
      }
      if (!obj) {
        res.statusCode = 404;
        return res.end();
      }
      res.setHeader('content-type', obj.type);
      res.end(req.method === 'HEAD' ? undefined : obj.data);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await fs.rm(root, { recursive: true, force: true });
});

behavesAsAFileStore('local file store', () => localFileStore(root));
behavesAsAFileStore('S3-compatible file store', () =>
  s3FileStore({ endpoint, bucket: 'verdant', region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }),
);

describe('S3 request signing', () => {
  it('signs the hash of the body, not UNSIGNED-PAYLOAD', async () => {
    const sent: Request[] = [];
    const recording = (async (input: Request) => {
      sent.push(input);
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const sut = s3FileStore({ endpoint, bucket: 'verdant', region: 'eu-west-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, recording);
    await sut.put('company-1/rooms/2/board.png', Buffer.from('png-bytes'), 'image/png');
    const [put] = sent;
    expect(put?.url).toBe(`${endpoint}/verdant/company-1/rooms/2/board.png`);
    expect(put?.headers.get('x-amz-content-sha256')).toBe(createHash('sha256').update('png-bytes').digest('hex'));
    expect(put?.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('signed every request the store sent', () => {
    expect(unsigned).toEqual([]);
  });
});
