import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore } from './local-file-store.js';
import { s3FileStore, signS3Request } from './s3-file-store.js';
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
  it('matches the AWS Signature V4 example for GET Object', () => {
    // The published example: GET /test.txt with a Range header, 2013-05-24, example credentials.
    const headers = signS3Request(
      {
        endpoint: 'https://examplebucket.s3.amazonaws.com',
        bucket: 'examplebucket',
        region: 'us-east-1',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
      'GET',
      new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      Buffer.alloc(0),
      { range: 'bytes=0-9' },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signed every request the store sent', () => {
    expect(unsigned).toEqual([]);
  });
});
