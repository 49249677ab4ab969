import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides reset, invitation and other token or password values, and keeps the rest', () => {
    expect(redactUrl('/api/reset_password?token=abc123')).toBe('/api/reset_password?token=[redacted]');
    expect(redactUrl('/signUp?invite_token=s3cr3t&lang=nl')).toBe('/signUp?invite_token=[redacted]&lang=nl');
    expect(redactUrl('/x?refresh_token=a&access_token=b&new_password=c&company_id=4')).toBe(
      '/x?refresh_token=[redacted]&access_token=[redacted]&new_password=[redacted]&company_id=4',
    );
    expect(redactUrl('/x?TOKEN=a&%74oken=b')).toBe('/x?TOKEN=[redacted]&%74oken=[redacted]');
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/get_batches?company_id=1')).toBe('/api/get_batches?company_id=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/image?key=company-1/a.webp')).toBe('/image?key=company-1/a.webp');
  });
});
