import { describe, expect, it } from 'vitest';
import { hasSecretParams, scrubDeep, scrubSecrets } from '../monitoring';

describe('token scrubbing for monitoring', () => {
  it('hides reset, invitation and refresh tokens in URLs and keeps the rest', () => {
    expect(scrubSecrets('https://app.test/NewPassword?token=abc.def-1&lang=nl')).toBe('https://app.test/NewPassword?token=[Filtered]&lang=nl');
    expect(scrubSecrets('/signUp?x=1&invite_token=s3cret#top')).toBe('/signUp?x=1&invite_token=[Filtered]#top');
    expect(scrubSecrets('POST /api/reset_password?token=zz')).toBe('POST /api/reset_password?token=[Filtered]');
    expect(scrubSecrets('/dashboard/rooms?tokens=2&my_token=3')).toBe('/dashboard/rooms?tokens=2&my_token=3');
  });

  it('knows whether an address still carries a token', () => {
    expect(hasSecretParams('http://x/NewPassword?token=abc')).toBe(true);
    expect(hasSecretParams('http://x/NewPassword')).toBe(false);
    expect(hasSecretParams('http://x/NewPassword?token=')).toBe(false);
  });

  it('scrubs every string of an event, breadcrumbs and spans included', () => {
    const event = {
      request: { url: 'https://app.test/NewPassword?token=abc', query_string: 'token=abc' },
      breadcrumbs: [{ category: 'navigation', data: { from: '/signIn', to: '/signUp?invite_token=xyz' } }],
      spans: [{ description: 'POST /api/reset_password?token=abc', data: { 'http.url': '/api/reset_password?token=abc' } }],
    };
    const out = scrubDeep(event);
    expect(JSON.stringify(out)).not.toMatch(/abc|xyz/);
    expect(out.breadcrumbs[0]!.data.to).toBe('/signUp?invite_token=[Filtered]');
  });
});
