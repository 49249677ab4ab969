import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { blockEventLoop, startThreadReceiver } from '../../test/fixtures/delivery-receivers.js';
import {
  createWebhookClient,
  DEFAULT_WEBHOOK_HOSTS,
  isForbiddenAddress,
  maskWebhookUrl,
  validateWebhookUrl,
  WebhookRefusedError,
  WebhookTransportError,
  type WebhookResolver,
} from './index.js';

interface Receiver {
  url: string;
  hits: Array<{ path: string; body: string; contentType?: string }>;
  close(): Promise<void>;
}

/** A local receiver on 127.0.0.1 answering every request with `answer`. */
async function receiver(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Receiver> {
  const hits: Receiver['hits'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', body, contentType: req.headers['content-type'] });
      answer(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const resolvesTo =
  (...addresses: string[]): WebhookResolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(p: Promise<unknown>): Promise<WebhookRefusedError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WebhookRefusedError);
  return err as WebhookRefusedError;
}

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2002:7f00:1::1',
    '2001:db8::1',
    '[::1]',
    'not-an-address',
  ])('refuses %s', (a) => expect(isForbiddenAddress(a)).toBe(true));

  it.each(['52.1.2.3', '8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700::1111', '2a00:1450:4001::200e'])(
    'allows the public address %s',
    (a) => expect(isForbiddenAddress(a)).toBe(false),
  );
});

describe('validateWebhookUrl', () => {
  it('accepts Slack and Teams webhook hosts', () => {
    expect(validateWebhookUrl('https://hooks.slack.com/services/T0/B0/xyz', 'slack').ok).toBe(true);
    expect(validateWebhookUrl('https://contoso.webhook.office.com/webhookb2/abc', 'teams').ok).toBe(true);
    expect(validateWebhookUrl('https://prod-23.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke', 'teams').ok).toBe(true);
    expect(validateWebhookUrl('https://default1.environment.api.powerplatform.com/powerautomate/x', 'teams').ok).toBe(true);
  });

  it('refuses http, another host, the other channel, a bare wildcard domain, odd ports, credentials and address literals', () => {
    const reason = (u: string, c: 'slack' | 'teams' = 'slack') => {
      const r = validateWebhookUrl(u, c);
      return r.ok ? null : r.reason;
    };
    expect(reason('http://hooks.slack.com/services/x')).toBe('a webhook URL must start with https://');
    expect(reason('https://hooks.slack.com.evil.test/x')).toBe('hooks.slack.com.evil.test is not a Slack webhook host');
    expect(reason('https://evilhooks.slack.com/x')).toContain('is not a Slack webhook host');
    expect(reason('https://hooks.slack.com/x', 'teams')).toBe('hooks.slack.com is not a Microsoft Teams webhook host');
    expect(reason('https://webhook.office.com/x', 'teams')).toContain('is not a Microsoft Teams webhook host');
    expect(reason('https://hooks.slack.com:8443/x')).toBe('a webhook URL must use the standard https port');
    expect(reason('https://user:pw@hooks.slack.com/x')).toContain('user name or password');
    expect(reason('https://127.0.0.1/x')).toContain('is not a Slack webhook host');
    expect(reason('https://[::ffff:127.0.0.1]/x')).toContain('is not a Slack webhook host');
    expect(reason('ftp://hooks.slack.com/x')).toBe('a webhook URL must start with https://');
    expect(reason('not a url')).toBe('not a URL');
  });

  it('honours a configured list with wildcards', () => {
    const hosts = { ...DEFAULT_WEBHOOK_HOSTS, slack: ['*.example.test'] };
    expect(validateWebhookUrl('https://a.b.example.test/x', 'slack', hosts).ok).toBe(true);
    expect(validateWebhookUrl('https://hooks.slack.com/x', 'slack', hosts).ok).toBe(false);
  });
});

describe('webhook client', () => {
  let good: Receiver;
  let target: Receiver;
  let redirecting: Receiver;
  beforeAll(async () => {
    good = await receiver((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
    target = await receiver((_req, res) => res.writeHead(200).end('reached'));
    redirecting = await receiver((_req, res) => res.writeHead(302, { location: `${target.url}/internal` }).end());
  });
  afterAll(async () => {
    await Promise.all([good, target, redirecting].map((r) => r?.close()));
  });

  it('refuses 127.0.0.1, 169.254.169.254, a private address and [::ffff:127.0.0.1], even when put on the allow list', async () => {
    const literals = ['127.0.0.1', '169.254.169.254', '10.1.2.3', '192.168.0.10', '[::ffff:127.0.0.1]', '[::1]'];
    const plain = createWebhookClient();
    const misconfigured = createWebhookClient({ allowHosts: { slack: literals.map((l) => new URL(`https://${l}/`).hostname.replace(/[[\]]/g, '')), teams: [] } });
    for (const l of literals) {
      await refusal(plain.post(`https://${l}/hook`, { text: 'x' }, { channel: 'slack' }));
      const e = await refusal(misconfigured.post(`https://${l}/hook`, { text: 'x' }, { channel: 'slack' }));
      expect(e.reason).toContain('is not a public address');
    }
  });

  it('refuses an allowed host name that resolves to a forbidden address, checked when connecting', async () => {
    for (const bad of [['127.0.0.1'], ['169.254.169.254'], ['10.0.0.7'], ['::ffff:127.0.0.1'], ['fd00::1'], ['52.1.2.3', '192.168.1.1']]) {
      let asked = 0;
      const resolve: WebhookResolver = async (h) => {
        asked++;
        return resolvesTo(...bad)(h);
      };
      const client = createWebhookClient({ resolve });
      const e = await refusal(client.post('https://hooks.slack.com/services/T/B/x', { text: 'x' }, { channel: 'slack' }));
      expect(e.reason).toContain('hooks.slack.com resolves to');
      expect(asked).toBeGreaterThan(0);
    }
  });

  it('the test option opens loopback only: a name resolving to a private address is still refused', async () => {
    const client = createWebhookClient({ allowLoopbackForTests: true, resolve: resolvesTo('10.0.0.7') });
    await refusal(client.post('https://hooks.slack.com/services/T/B/x', {}, { channel: 'slack' }));
    await refusal(client.post('http://10.0.0.7/x', {}, { channel: 'slack' }));
    await refusal(client.post('http://169.254.169.254/latest/meta-data', {}, { channel: 'teams' }));
  });

  it('refuses an http:// URL and a host off the list before any connection', async () => {
    let asked = 0;
    const client = createWebhookClient({ resolve: async () => (asked++, []) });
    expect((await refusal(client.post('http://hooks.slack.com/services/x', {}, { channel: 'slack' }))).reason).toBe(
      'a webhook URL must start with https://',
    );
    expect((await refusal(client.post('https://example.com/hook', {}, { channel: 'teams' }))).reason).toBe(
      'example.com is not a Microsoft Teams webhook host',
    );
    expect(asked).toBe(0);
  });

  it('delivers the JSON body to a local receiver with the test option', async () => {
    const client = createWebhookClient({ allowLoopbackForTests: true });
    expect(client.validate(`${good.url}/slack`, 'slack').ok).toBe(true);
    const answer = await client.post(`${good.url}/slack`, { text: 'Thrips in Room 1' }, { channel: 'slack' });
    expect(answer).toEqual({ ok: true, status: 200, body: 'ok', truncated: false });
    const hit = good.hits.at(-1)!;
    expect(hit.path).toBe('/slack');
    expect(JSON.parse(hit.body)).toEqual({ text: 'Thrips in Room 1' });
    expect(hit.contentType).toContain('application/json');
  });

  it('does not follow a redirect to 127.0.0.1: a 3xx is a failure and the target is never reached', async () => {
    const client = createWebhookClient({ allowLoopbackForTests: true });
    const before = target.hits.length;
    const answer = await client.post(`${redirecting.url}/teams`, { type: 'message' }, { channel: 'teams' });
    expect(answer.ok).toBe(false);
    expect(answer.status).toBe(302);
    expect(target.hits.length).toBe(before);
  });

  it('caps the answer body it keeps', async () => {
    const big = await receiver((_req, res) => res.writeHead(500).end('x'.repeat(200_000)));
    try {
      const client = createWebhookClient({ allowLoopbackForTests: true, maxResponseBytes: 1000 });
      const answer = await client.post(`${big.url}/`, {}, { channel: 'slack' });
      expect(answer.ok).toBe(false);
      expect(answer.status).toBe(500);
      expect(answer.body.length).toBe(1000);
      expect(answer.truncated).toBe(true);
    } finally {
      await big.close();
    }
  });

  it('gives up on a receiver that never answers (transport error, worth retrying)', async () => {
    const silent = await receiver(() => {});
    try {
      const client = createWebhookClient({ allowLoopbackForTests: true, timeoutMs: 300 });
      await expect(client.post(`${silent.url}/`, {}, { channel: 'slack' })).rejects.toBeInstanceOf(WebhookTransportError);
    } finally {
      await silent.close();
    }
  });

  it('keeps an answer that arrived while our own event loop was blocked past the timeout (the block does not count)', async () => {
    const slow = await startThreadReceiver();
    try {
      // The receiver answers during a 1-s block of this thread; the old wall-clock timer fired first after it.
      slow.whenReceived(() => blockEventLoop(1_000));
      const client = createWebhookClient({ allowLoopbackForTests: true, timeoutMs: 300 });
      const answer = await client.post(slow.url, { text: 'Aphids' }, { channel: 'slack', idempotencyKey: 'verdant-delivery-7' });
      expect(answer).toEqual({ ok: true, status: 200, body: 'ok', truncated: false });
      expect(slow.keys).toEqual(['verdant-delivery-7']);
    } finally {
      await slow.close();
    }
  });

  it('a status line in time is an answer even when the body never ends (the receiver has the message)', async () => {
    const dribble = await receiver((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('ok');
    });
    try {
      const client = createWebhookClient({ allowLoopbackForTests: true, timeoutMs: 300 });
      expect(await client.post(`${dribble.url}/`, {}, { channel: 'slack' })).toEqual({ ok: true, status: 200, body: 'ok', truncated: true });
    } finally {
      await dribble.close();
    }
  });

  it('sends no Idempotency-Key unless given one', async () => {
    const client = createWebhookClient({ allowLoopbackForTests: true });
    const seen: Array<string | undefined> = [];
    const keyed = await receiver((req, res) => {
      seen.push(req.headers['idempotency-key'] as string | undefined);
      res.end('ok');
    });
    try {
      await client.post(`${keyed.url}/`, {}, { channel: 'slack' });
      await client.post(`${keyed.url}/`, {}, { channel: 'slack', idempotencyKey: 'verdant-delivery-9' });
      expect(seen).toEqual([undefined, 'verdant-delivery-9']);
    } finally {
      await keyed.close();
    }
  });

  it('a receiver that is down is a transport error', async () => {
    const down = await receiver(() => {});
    const url = down.url;
    await down.close();
    const client = createWebhookClient({ allowLoopbackForTests: true });
    await expect(client.post(`${url}/`, {}, { channel: 'slack' })).rejects.toBeInstanceOf(WebhookTransportError);
  });

  it('cannot be given the test option in production', () => {
    const was = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => createWebhookClient({ allowLoopbackForTests: true })).toThrow(/tests/);
    } finally {
      process.env.NODE_ENV = was;
    }
  });
});

describe('maskWebhookUrl', () => {
  it('shows the host and the last four characters only', () => {
    expect(maskWebhookUrl('https://hooks.slack.com/services/T000/B000/abcdefgh1234')).toBe('https://hooks.slack.com/…1234');
  });
});

describe('configuration', () => {
  it('WEBHOOK_ALLOWED_HOSTS_SLACK / _TEAMS replace a channel\'s defaults; the test option never comes from the environment', () => {
    const plain = parseEnv({});
    expect(plain.webhooks).toEqual({ allowHosts: DEFAULT_WEBHOOK_HOSTS });
    const env = parseEnv({ WEBHOOK_ALLOWED_HOSTS_SLACK: ' Hooks.Example.test., *.slack.example ', WEBHOOK_ALLOWED_HOSTS_TEAMS: '', allowLoopbackForTests: 'true' });
    expect(env.webhooks.allowHosts.slack).toEqual(['hooks.example.test', '*.slack.example']);
    expect(env.webhooks.allowHosts.teams).toEqual(DEFAULT_WEBHOOK_HOSTS.teams);
    expect(env.webhooks.allowLoopbackForTests).toBeUndefined();
    expect(validateWebhookUrl('https://a.slack.example/x', 'slack', env.webhooks.allowHosts).ok).toBe(true);
  });
});
