import { describe, expect, it } from 'vitest';
import { refreshVerdict } from './auth.service.js';
import type { RefreshTokenRow } from './auth.repository.js';

const now = new Date('2026-01-01T12:00:00Z');
const claims = { user_id: 7, jti: 't1', fid: 'f1', exp: 0 };
const row = (over: Partial<RefreshTokenRow> = {}): RefreshTokenRow => ({
  token_id: 't1',
  family_id: 'f1',
  user_id: 7,
  expires_at: new Date(now.getTime() + 1000),
  created_at: now,
  used_at: null,
  revoked_at: null,
  ...over,
});

describe('refreshVerdict', () => {
  it('accepts a live, unused token', () => {
    expect(refreshVerdict(row(), claims, now)).toBe('ok');
  });

  it('treats a missing row or mismatched claims as unknown', () => {
    expect(refreshVerdict(undefined, claims, now)).toBe('unknown');
    expect(refreshVerdict(row({ user_id: 8 }), claims, now)).toBe('unknown');
    expect(refreshVerdict(row({ family_id: 'other' }), claims, now)).toBe('unknown');
  });

  it('sees a second use as reuse, and a revoked family before anything else', () => {
    expect(refreshVerdict(row({ used_at: now }), claims, now)).toBe('reused');
    expect(refreshVerdict(row({ used_at: now, revoked_at: now }), claims, now)).toBe('revoked');
  });

  it('refuses an expired token', () => {
    expect(refreshVerdict(row({ expires_at: now }), claims, now)).toBe('expired');
  });
});
