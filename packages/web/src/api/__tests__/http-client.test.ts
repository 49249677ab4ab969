import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, HttpError, queryString } from '../http-client';
import { toApiError } from '../api-error';
import { isNetworkError } from '../../offline/network';

type Sent = { url: string; init: RequestInit };

/** A client whose transport records each request and answers with `answer`. */
function clientAnswering(answer: (sent: Sent) => Promise<Response> | Response, options: { timeout?: number } = {}) {
  const sent: Sent[] = [];
  const client = createHttpClient({
    baseURL: '/api',
    ...options,
    fetch: async (url, init) => {
      sent.push({ url, init });
      return answer({ url, init });
    },
  });
  return { client, sent };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the fetch-based HTTP client', () => {
  it('writes query params as the server reads them: lists repeat their key, null and undefined are left out', () => {
    expect(queryString({ company_id: 3, batch_statuses: ['Growing', 'Sold'], gone: undefined, none: null, filter: { a: 1 } })).toBe(
      'company_id=3&batch_statuses=Growing&batch_statuses=Sold&filter=%7B%22a%22%3A1%7D',
    );
  });

  it('resolves paths under the base URL against the page and sends JSON bodies as JSON', async () => {
    const { client, sent } = clientAnswering(() => json({ status: 'success' }));
    const res = await client.post('/create_room', { name: 'Bay 1' }, { params: { company_id: 3 }, headers: { 'Idempotency-Key': 'k1' } });

    expect(res.data).toEqual({ status: 'success' });
    expect(sent[0]!.url).toBe('http://localhost:3000/api/create_room?company_id=3');
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.body).toBe('{"name":"Bay 1"}');
    expect(sent[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' });
  });

  it('sends urlencoded and multipart bodies as they are, leaving the multipart boundary to fetch', async () => {
    const { client, sent } = clientAnswering(() => json({ status: 'success' }));
    await client.post('/a', new URLSearchParams({ x: '1' }));
    const form = new FormData();
    form.append('photo', new Blob(['jpeg']), 'p.jpg');
    await client.post('/b', form);

    expect(sent[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' });
    expect(sent[1]!.init.body).toBe(form);
    expect(Object.keys(sent[1]!.init.headers as Record<string, string>).map((k) => k.toLowerCase())).not.toContain('content-type');
  });

  it('gives text that is not JSON as text, an empty answer as "", and a file as a Blob', async () => {
    const answers = [new Response('plain words'), new Response(''), new Response('%PDF', { headers: { 'content-type': 'application/pdf' } })];
    const { client } = clientAnswering(() => answers.shift()!);
    expect((await client.get('/x')).data).toBe('plain words');
    expect((await client.get('/y')).data).toBe('');
    const file = (await client.get('/report.pdf', { responseType: 'blob' })).data;
    // (The test environment's Response makes Node's Blob, not jsdom's: compare what it holds.)
    expect((file as Blob).type).toBe('application/pdf');
    expect(await (file as Blob).text()).toBe('%PDF');
  });

  it('rejects a refusal with the answer, and the app reads the server text from it', async () => {
    const { client } = clientAnswering(() => json({ status: 'error', message: 'Room name is taken.', error: 'conflict', field: 'name' }, 409));
    const err = await client.post('/create_room', {}).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ message: 'Request failed with status code 409', code: 'ERR_BAD_REQUEST', response: { status: 409 } });
    expect(isNetworkError(err)).toBe(false);
    expect(toApiError(err)).toMatchObject({ message: 'Room name is taken.', status: 409, field: 'name', fromServer: true });
  });

  it('calls a 5xx a bad response', async () => {
    const { client } = clientAnswering(() => new Response('oops', { status: 502 }));
    await expect(client.get('/x')).rejects.toMatchObject({ code: 'ERR_BAD_RESPONSE', response: { status: 502, data: 'oops' } });
  });

  it('reports no connection as "Network Error" without an answer, which the offline code treats as offline', async () => {
    const { client } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await client.get('/x').catch((e: unknown) => e);

    expect(err).toMatchObject({ message: 'Network Error', code: 'ERR_NETWORK', response: undefined });
    expect(isNetworkError(err)).toBe(true);
    expect(isNetworkError(toApiError(err))).toBe(true);
  });

  it('cancels with the caller’s signal (not offline) and gives up after the timeout', async () => {
    const hang = ({ init }: Sent) =>
      new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const { client } = clientAnswering(hang);
    const controller = new AbortController();
    const cancelled = client.get('/search', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const err = await cancelled;
    expect(err).toMatchObject({ code: 'ERR_CANCELED', message: 'canceled' });
    expect(isNetworkError(err)).toBe(false);

    vi.useFakeTimers();
    try {
      const late = client.get('/logout', { timeout: 10_000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await late).toMatchObject({ code: 'ECONNABORTED', message: 'timeout of 10000ms exceeded' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a blob read with progress (the labelled export)', () => {
  it('reports the bytes as they stream, with the total only when the server sends a length', async () => {
    const chunks = [new Uint8Array(3), new Uint8Array(5)];
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (const chunk of chunks) c.enqueue(chunk);
          c.close();
        },
      });
    const answers = [
      new Response(stream(), { headers: { 'content-type': 'application/zip' } }),
      new Response(stream(), { headers: { 'content-type': 'application/zip', 'content-length': '8' } }),
    ];
    const { client } = clientAnswering(() => answers.shift()!);
    const seen: Array<[number, number | null]> = [];
    const zip = (await client.get<Blob>('/export', { responseType: 'blob', onDownloadProgress: (r, total) => seen.push([r, total]) })).data;
    expect(seen).toEqual([[0, null], [3, null], [8, null]]);
    expect(zip.size).toBe(8);
    expect(zip.type).toBe('application/zip');
    seen.length = 0;
    await client.get('/export', { responseType: 'blob', onDownloadProgress: (r, total) => seen.push([r, total]) });
    expect(seen.at(-1)).toEqual([8, 8]);
  });
});
