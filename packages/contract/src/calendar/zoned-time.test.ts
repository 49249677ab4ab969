import { describe, expect, it } from 'vitest';
import { safeTimeZone, zonedTime } from './zoned-time.js';

describe('zonedTime', () => {
  it('reads a wall time in the zone', () => {
    expect(zonedTime('UTC', '2026-11-27', '08:00').toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(zonedTime('Europe/Amsterdam', '2026-11-27', '08:00').toISOString()).toBe('2026-11-27T07:00:00.000Z');
    expect(zonedTime('Europe/Amsterdam', '2026-07-01', '08:00').toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(zonedTime('America/Los_Angeles', '2026-11-27', '23:30').toISOString()).toBe('2026-11-28T07:30:00.000Z');
    expect(zonedTime('Asia/Kolkata', '2026-11-27', '06:00').toISOString()).toBe('2026-11-27T00:30:00.000Z');
    expect(zonedTime('Europe/Amsterdam', '2026-11-28', '00:00').toISOString()).toBe('2026-11-27T23:00:00.000Z');
  });

  it('moves a time skipped by the spring clock change on by the gap, and takes the first of a repeated autumn time', () => {
    // Amsterdam: 2026-03-29 02:00 → 03:00; 2026-10-25 03:00 → 02:00.
    expect(zonedTime('Europe/Amsterdam', '2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedTime('Europe/Amsterdam', '2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // New York: 2026-03-08 02:00 → 03:00; 2026-11-01 02:00 → 01:00.
    expect(zonedTime('America/New_York', '2026-03-08', '02:15').toISOString()).toBe('2026-03-08T07:15:00.000Z');
    expect(zonedTime('America/New_York', '2026-11-01', '01:30').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // Lord Howe moves by half an hour: 2026-04-05 02:00 → 01:30.
    expect(zonedTime('Australia/Lord_Howe', '2026-04-05', '01:45').toISOString()).toBe('2026-04-04T14:45:00.000Z');
  });

  it('keeps the day of a clock change for times after it', () => {
    expect(zonedTime('Europe/Amsterdam', '2026-10-25', '05:00').toISOString()).toBe('2026-10-25T04:00:00.000Z');
    expect(zonedTime('Europe/Amsterdam', '2026-03-29', '05:00').toISOString()).toBe('2026-03-29T03:00:00.000Z');
  });
});

describe('safeTimeZone', () => {
  it('falls back to UTC for an unknown zone', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone(null)).toBe('UTC');
    expect(safeTimeZone('')).toBe('UTC');
    expect(safeTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
  });
});
