import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { CONTACT_LIMIT } from './contact.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const message = { name: 'Sam Grower', email: 'sam@farm.example', company: 'Sam Farms', message: 'Do you support trays?' };
const send = (payload: Record<string, string>, ip = '203.0.113.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact_us', payload, remoteAddress: ip });

describe('POST /contact_us', () => {
  it('stores the message without a token', async () => {
    const res = await send(message, '203.0.113.10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: expect.any(String) });
    const row = await t.app.db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Sam Grower', email: 'sam@farm.example', company: 'Sam Farms', message: 'Do you support trays?' });
  });

  it('accepts a multipart form too, with the company left out', async () => {
    const f = new FormData();
    for (const [k, v] of Object.entries({ name: 'Kim', email: 'kim@farm.example', message: 'Hello' })) f.append(k, v);
    const res = await t.app.inject({ method: 'POST', url: '/api/contact_us', payload: f, remoteAddress: '203.0.113.11' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['name', { name: '' }, 'name is required.'],
    ['email', { email: 'nope' }, 'email must be a valid e-mail address.'],
    ['message', { message: ' ' }, 'message is required.'],
  ])('names the field when %s is bad', async (field, patch, text) => {
    const res = await send({ ...message, ...patch }, '203.0.113.12');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message: text });
  });

  it(`answers 429 with Retry-After after ${CONTACT_LIMIT.max} messages an hour from one address`, async () => {
    for (let i = 0; i < CONTACT_LIMIT.max; i++) expect((await send(message, '198.51.100.7')).statusCode).toBe(200);
    const res = await send(message, '198.51.100.7');
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await send(message, '198.51.100.8')).statusCode).toBe(200);
  });
});
