import Fastify, { type FastifyInstance } from 'fastify';
import * as Sentry from '@sentry/node';
import type { ErrorEvent } from '@sentry/node';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../plugins/error-handler.js';
import { closeErrorReporting, initErrorReporting, scrubEvent } from './error-reporting.js';

/** Every envelope the SDK would have sent, as text: the network is never used. */
const envelopes: string[] = [];
const recordingTransport = (options: Parameters<typeof Sentry.createTransport>[0]) =>
  Sentry.createTransport(options, async (request) => {
    envelopes.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body));
    return { statusCode: 200 };
  });

/** The events among the recorded envelopes (an envelope is a header line, then item header and payload lines). */
function sentEvents(): ErrorEvent[] {
  const events: ErrorEvent[] = [];
  for (const envelope of envelopes) {
    const lines = envelope.split('\n').filter(Boolean);
    for (let i = 1; i + 1 < lines.length; i += 2) {
      if ((JSON.parse(lines[i]!) as { type?: string }).type === 'event') events.push(JSON.parse(lines[i + 1]!));
    }
  }
  return events;
}

let sut: FastifyInstance | undefined;
afterAll(async () => {
  await sut?.close();
  await closeErrorReporting();
});

async function bareApp() {
  const app = Fastify();
  registerErrorHandler(app);
  app.addHook('preHandler', async (req) => {
    (req as unknown as { caller: unknown }).caller = { user_id: 7, company_id: 3, user_role: 'Admin' };
  });
  app.post('/boom', async () => {
    throw new Error('the database said no to grower@example.com');
  });
  app.get('/fine', async () => ({ ok: true }));
  await app.ready();
  return app;
}

// One file, in order: without a DSN first (the SDK must not be started), then with one.
describe('server error reporting', () => {
  it('does nothing at all without SENTRY_DSN', async () => {
    expect(await initErrorReporting(undefined, { transport: recordingTransport })).toBe(false);
    expect(await initErrorReporting('', { transport: recordingTransport })).toBe(false);
    expect(Sentry.isInitialized()).toBe(false);
    sut = await bareApp();
    const res = await sut.inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(500);
    await Sentry.flush(500);
    expect(envelopes).toEqual([]);
    await sut.close();
  });

  it('sends one event for a route that throws, without credentials, secrets, body or e-mail', async () => {
    expect(await initErrorReporting('https://public@o1.ingest.sentry.invalid/1', { transport: recordingTransport })).toBe(true);
    expect(Sentry.isInitialized()).toBe(true);
    sut = await bareApp();
    const res = await sut.inject({
      method: 'POST',
      url: '/boom?token=reset-secret-1&refresh_token=refresh-secret-2&new_password=password-secret-3&client_secret=client-secret-4&page=2',
      headers: {
        authorization: 'Bearer access-token-abc',
        cookie: 'session=cookie-value',
        'x-forwarded-for': '203.0.113.9',
        'user-agent': 'vitest',
        'content-type': 'application/json',
      },
      payload: { email: 'grower@example.com', password: 'hunter22' },
    });
    expect(res.statusCode).toBe(500);
    // A 4xx is the client's mistake and is not reported.
    expect((await sut.inject({ method: 'GET', url: '/nope' })).statusCode).toBe(404);
    await Sentry.flush(2000);

    const events = sentEvents();
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.exception?.values?.[0]?.value).toBe('the database said no to [email]');
    expect(event.request?.method).toBe('POST');
    expect(event.request?.url).toBe('/boom?token=[redacted]&refresh_token=[redacted]&new_password=[redacted]&client_secret=[redacted]&page=2');
    expect(event.request?.headers).toEqual({ 'user-agent': 'vitest', 'content-type': 'application/json', 'content-length': expect.any(String) });
    expect(event.request).not.toHaveProperty('data');
    expect(event.request).not.toHaveProperty('cookies');
    expect(event).not.toHaveProperty('user');
    expect(event.tags).toMatchObject({ user_id: 7, company_id: 3 });
    const text = JSON.stringify(event);
    for (const secret of ['access-token-abc', 'cookie-value', 'reset-secret-1', 'refresh-secret-2', 'password-secret-3', 'client-secret-4', 'hunter22', 'grower@example.com', '203.0.113.9']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe('scrubEvent', () => {
  it('cleans what another part of the SDK may have added: user, request data, breadcrumbs, extra', () => {
    const event = scrubEvent({
      type: undefined,
      user: { id: '7', email: 'a@b.org', ip_address: '198.51.100.1' },
      request: {
        url: 'https://verdant.example/api/reset?token=abc&x=1',
        query_string: 'token=abc',
        headers: { Authorization: 'Bearer t', authorization: 'Bearer t', cookie: 'c=1', accept: 'application/json' },
        cookies: { c: '1' },
        data: { password: 'x' },
        env: { REMOTE_ADDR: '198.51.100.1' },
      },
      breadcrumbs: [{ message: 'GET https://verdant.example/accept?invite_token=zzz by ann@example.org' }],
      extra: { note: 'password=pw1 sent' },
    });
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({ url: 'https://verdant.example/api/reset?token=[redacted]&x=1', headers: { accept: 'application/json' } });
    expect(event.breadcrumbs?.[0]?.message).toBe('GET https://verdant.example/accept?invite_token=[redacted] by [email]');
    expect(JSON.stringify(event.extra)).not.toContain('pw1');
  });
});
