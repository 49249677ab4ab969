import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { roomsEndpoints } from '@verdant/contract';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { callBinaryEndpoint } from '../call-endpoint';
import type { HttpClient, HttpResponse as ClientResponse } from '../http-client';
import { fetchImage } from '../rooms';
import { downloadBatchQr } from '../batches';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

describe('binary answers', () => {
  it('an image and a batch QR arrive as Blobs holding the bytes the server sent', async () => {
    signInAs();
    server.use(
      http.get(`${API}/image`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('key')).toBe('rooms/1/a.png');
        return new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } });
      }),
      http.get(`${API}/batch_qr/7`, () => new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } })),
    );
    const image = await fetchImage('/image?key=rooms/1/a.png');
    expect(image.type).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const qr = await downloadBatchQr(7, 3);
    expect(qr?.type).toBe('image/png');
    expect(new Uint8Array(await qr!.arrayBuffer())).toEqual(PNG);
  });

  it('refuses an answer that is not a file instead of handing it on as one', async () => {
    const notAFile: HttpClient = {
      request: async <T>() => ({ data: { status: 'success' } as T, status: 200, headers: new Headers(), config: {} }) satisfies ClientResponse<T>,
      get: () => Promise.reject(new Error('unused')),
      post: () => Promise.reject(new Error('unused')),
    };
    await expect(callBinaryEndpoint(roomsEndpoints.getImage, { key: 'a.png' }, notAFile)).rejects.toThrow('GET /image did not answer a file');
  });
});
