import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { REQUEST_TIMEOUT_MESSAGE } from './request-timeout.js';

const TIMEOUT_MS = 300;
let t: TestApp;
let lateWork = 0;

/** Test-only endpoints: one slower than the timeout, one quick, one streaming for longer than it. */
async function slowModule(app: FastifyInstance) {
  app.get('/test-slow', async () => {
    await sleep(TIMEOUT_MS * 3);
    lateWork++;
    return { status: 'success' };
  });
  app.get('/test-slow-failing', async () => {
    await sleep(TIMEOUT_MS * 2);
    throw new Error('failed after the timeout');
  });
  app.get('/test-quick', async () => ({ status: 'success' }));
  app.get('/test-stream', async (_req, reply) => {
    async function* pieces() {
      yield '{"status":"success","n":[0';
      for (let i = 1; i <= 10; i++) {
        await sleep(TIMEOUT_MS / 4);
        yield `,${i}`;
      }
      yield ']}';
    }
    reply.type('application/json; charset=utf-8');
    return Readable.from(pieces(), { objectMode: false });
  });
}

beforeAll(async () => {
  t = await buildTestApp({ requestTimeoutMs: TIMEOUT_MS }, { extraModules: [slowModule] });
});
afterAll(() => t.close());

describe('request timeout', () => {
  it('answers 503 with a clear message when the handler takes too long', async () => {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/test-slow' });
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 2.5);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ status: 'error', message: REQUEST_TIMEOUT_MESSAGE, error: 'unavailable' });
    // The handler's late answer is dropped quietly; the server keeps answering.
    await sleep(TIMEOUT_MS * 3);
    expect(lateWork).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/test-quick' })).statusCode).toBe(200);
  });

  it('answers 503 for a handler that fails after its timeout, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-slow-failing' });
    expect(res.statusCode).toBe(503);
    await sleep(TIMEOUT_MS * 2);
  });

  it('does not cut an answer that is already streaming', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', n: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
  });

  it('leaves quick answers alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-quick' });
    expect(res.json()).toEqual({ status: 'success' });
  });
});
