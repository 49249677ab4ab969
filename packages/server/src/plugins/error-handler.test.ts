import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, frameworkErrors, registerErrorHandler } from './error-handler.js';

/** A bare app with only the error handling, so each failure kind is produced on purpose. */
let sut: FastifyInstance;

beforeAll(async () => {
  sut = Fastify({ frameworkErrors });
  await sut.register(multipart, { attachFieldsToBody: 'keyValues' });
  registerErrorHandler(sut);
  sut.get('/thing/:id', async (req) => ({ id: (req.params as { id: string }).id }));
  sut.post('/form', async () => ({ ok: true }));
  sut.get('/out-of-range', async () => {
    // What node-postgres throws for `SELECT 2147483648::int4`.
    throw Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003', severity: 'ERROR' });
  });
  // What node-postgres and PgBouncer throw while a primary dies or a replica is promoted (issue 23).
  const lost: Record<string, Error> = {
    refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6432'), { code: 'ECONNREFUSED' }),
    terminated: new Error('Connection terminated unexpectedly'),
    shutdown: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }),
    bouncer: Object.assign(new Error('server conn crashed?'), { code: '08P01', severity: 'ERROR' }),
    demoted: Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006', severity: 'ERROR' }),
  };
  sut.get('/lost/:kind', async (req) => {
    throw lost[(req.params as { kind: string }).kind];
  });
  sut.get('/plain-bug', async () => {
    throw new Error('Boundary not found in my own code');
  });
  await sut.ready();
});
afterAll(() => sut.close());

describe('error handler', () => {
  it('answers a path segment that is not UTF-8, and an overlong path parameter, in the envelope', async () => {
    const bad = await sut.inject({ method: 'GET', url: '/thing/%ED%A0%80' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'error', error: 'bad_request', message: 'The address has a part that is not valid UTF-8 text.' });
    const long = await sut.inject({ method: 'GET', url: `/thing/${'9'.repeat(200)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ status: 'error', error: 'bad_request', message: 'A value in the address is too long.' });
  });

  it('answers a multipart body without a boundary with a 400 that says so', async () => {
    const res = await sut.inject({ method: 'POST', url: '/form', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error', error: 'bad_request', message: 'The multipart body needs a boundary of 1 to 70 characters in its content-type.',
    });
  });

  it("answers the database's data exceptions with a 400, and a server bug with a 500 even if its text looks like busboy's", async () => {
    const range = await sut.inject({ method: 'GET', url: '/out-of-range' });
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({ status: 'error', error: 'bad_request', message: 'A value in this request is out of range or malformed.' });
    const bug = await sut.inject({ method: 'GET', url: '/plain-bug' });
    expect(bug.statusCode).toBe(500);
  });

  it('answers a database that cannot be reached (a failover under way) with 503 and Retry-After, never a 500', async () => {
    for (const kind of ['refused', 'terminated', 'shutdown', 'bouncer', 'demoted']) {
      const res = await sut.inject({ method: 'GET', url: `/lost/${kind}` });
      expect(res.statusCode, kind).toBe(503);
      expect(res.headers['retry-after'], kind).toBe('2');
      expect(res.json(), kind).toEqual({ status: 'error', error: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
  });
});
