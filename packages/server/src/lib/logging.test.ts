import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, logRequests, quietRequests } from './logging.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('request logging', () => {
  it('writes one JSON line per request, with the secret query value redacted', async () => {
    const { lines, stream } = capture();
    const options = loggerOptions('info', false) as object;
    const app = Fastify({ logger: { ...options, stream }, logController: quietRequests() });
    logRequests(app);
    app.get('/api/invitation_status', async () => ({ status: 'success' }));
    await app.inject({ method: 'GET', url: '/api/invitation_status?invite_token=very-secret-token&x=1' });
    await app.close();
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.url !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      method: 'GET',
      url: '/api/invitation_status?invite_token=[redacted]&x=1',
      status: 200,
      msg: expect.stringMatching(/^GET \/api\/invitation_status\?invite_token=\[redacted\]&x=1 200 \d+ ms$/),
    });
    expect(lines.join('')).not.toContain('very-secret-token');
    expect(lines.join('')).not.toContain('incoming request');
  });

  it('pretty-prints on a terminal: one readable line per request, no JSON, secrets redacted', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: loggerOptions('info', true, stream), logController: quietRequests() });
    logRequests(app);
    app.get('/api/reset_password', async () => ({ status: 'success' }));
    await app.inject({ method: 'GET', url: '/api/reset_password?token=very-secret-token' });
    await app.close();
    const text = lines.join('');
    expect(text).toMatch(/INFO: GET \/api\/reset_password\?token=\[redacted\] 200 \d+ ms\n/);
    expect(text).not.toContain('very-secret-token');
    expect(text).not.toContain('{"level"');
    expect(text).not.toContain('reqId');
  });
});
