import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, requestSerializer } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides reset, invitation and other token or password values, and keeps the rest', () => {
    expect(redactUrl('/api/reset_password?token=abc123')).toBe('/api/reset_password?token=[redacted]');
    expect(redactUrl('/signUp?invite_token=s3cr3t&lang=nl')).toBe('/signUp?invite_token=[redacted]&lang=nl');
    expect(redactUrl('/x?refresh_token=a&access_token=b&new_password=c&company_id=4')).toBe(
      '/x?refresh_token=[redacted]&access_token=[redacted]&new_password=[redacted]&company_id=4',
    );
    expect(redactUrl('/x?TOKEN=a&%74oken=b')).toBe('/x?TOKEN=[redacted]&%74oken=[redacted]');
  });

  it("hides a calendar feed's secret address", () => {
    expect(redactUrl('/api/calendar_feed/vcal_1_2_abc.ics?x=1')).toBe('/api/calendar_feed/[redacted]?x=1');
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/get_batches?company_id=1')).toBe('/api/get_batches?company_id=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/image?key=company-1/a.webp')).toBe('/image?key=company-1/a.webp');
  });
});

describe('requestSerializer', () => {
  it("keeps a reset link's token out of Fastify's request log", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestSerializer } } });
    app.post('/api/reset_password', async () => ({ status: 'success' }));
    await app.inject({ method: 'POST', url: '/api/reset_password?token=very-secret-token', payload: {} });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/reset_password?token=[redacted]');
    expect(log).not.toContain('very-secret-token');
  });
});
