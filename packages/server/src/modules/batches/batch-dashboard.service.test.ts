import { describe, expect, it } from 'vitest';
import { batchesMessages as msg } from '@verdant/contract';
import { dashboardRange as sut } from './batch-dashboard.service.js';

const now = new Date('2026-03-18T15:00:00Z');

describe('dashboardRange', () => {
  it('refuses a start after the end, naming start_date', () => {
    expect(() => sut({ start_date: null, created_at: now }, '2026-03-02', '2026-03-01', now)).toThrow(msg.dateOrder);
  });

  it('defaults to the batch start date (else its creation day) up to today, end day included', () => {
    expect(sut({ start_date: '2026-01-05', created_at: now }, undefined, undefined, now)).toMatchObject({ start: '2026-01-05', end: '2026-03-18' });
    const r = sut({ start_date: null, created_at: new Date('2026-02-01T23:30:00Z') }, undefined, '2026-02-10', now);
    expect(r.start).toBe('2026-02-01');
    expect(r.to.toISOString()).toBe('2026-02-11T00:00:00.000Z');
  });
});
