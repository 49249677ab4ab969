import { describe, expect, it } from 'vitest';
import { isoWeekday } from '@verdant/contract';
import { latestDueOccurrence, type Recurrence } from './recurring-schedule.js';

// Wall times in a zone, its DST changes and today in a zone are tested with the contract's calendar
// (packages/contract/src/calendar/*.test.ts); these are the schedule's own rules.

const daily: Recurrence = { frequency: 'daily', weekdays: [], time_of_day: '08:00' };

describe('latestDueOccurrence', () => {
  it('is today once the time has come in the company zone, else the day before', () => {
    const tz = 'Europe/Amsterdam';
    expect(latestDueOccurrence(daily, tz, new Date('2026-11-27T07:00:00Z'))).toEqual({ date: '2026-11-27', dueAt: new Date('2026-11-27T07:00:00Z') });
    expect(latestDueOccurrence(daily, tz, new Date('2026-11-27T06:59:59Z'))?.date).toBe('2026-11-26');
    // 23:30 UTC is already the next day in Amsterdam.
    expect(latestDueOccurrence({ ...daily, time_of_day: '00:15' }, tz, new Date('2026-11-27T23:30:00Z'))?.date).toBe('2026-11-28');
  });

  it('repeats weekly on its weekday and on chosen weekdays only', () => {
    // 2026-11-27 is a Friday (5).
    expect(isoWeekday('2026-11-27')).toBe(5);
    const weekly: Recurrence = { frequency: 'weekly', weekdays: [1], time_of_day: '09:00' };
    expect(latestDueOccurrence(weekly, 'UTC', new Date('2026-11-27T12:00:00Z'))?.date).toBe('2026-11-23');
    expect(latestDueOccurrence(weekly, 'UTC', new Date('2026-11-30T08:59:00Z'))?.date).toBe('2026-11-23');
    expect(latestDueOccurrence(weekly, 'UTC', new Date('2026-11-30T09:00:00Z'))?.date).toBe('2026-11-30');
    const chosen: Recurrence = { frequency: 'weekdays', weekdays: [2, 4], time_of_day: '07:30' };
    expect(latestDueOccurrence(chosen, 'UTC', new Date('2026-11-27T12:00:00Z'))?.date).toBe('2026-11-26');
    expect(latestDueOccurrence(chosen, 'UTC', new Date('2026-11-24T07:29:00Z'))?.date).toBe('2026-11-19');
  });

  it('makes nothing for days before the automation existed', () => {
    const weekly: Recurrence = { frequency: 'weekly', weekdays: [1], time_of_day: '09:00' };
    expect(latestDueOccurrence(weekly, 'UTC', new Date('2026-11-27T12:00:00Z'), '2026-11-25')).toBeNull();
    expect(latestDueOccurrence(daily, 'UTC', new Date('2026-11-27T12:00:00Z'), '2026-11-27')?.date).toBe('2026-11-27');
    expect(latestDueOccurrence(daily, 'UTC', new Date('2026-11-27T07:00:00Z'), '2026-11-27')).toBeNull();
  });

  it('falls due at the first 02:30 of the autumn clock change and the first minute after the spring gap', () => {
    const early: Recurrence = { ...daily, time_of_day: '02:30' };
    const tz = 'Europe/Amsterdam';
    expect(latestDueOccurrence(early, tz, new Date('2026-10-25T00:30:00Z'))).toEqual({ date: '2026-10-25', dueAt: new Date('2026-10-25T00:30:00Z') });
    expect(latestDueOccurrence(early, tz, new Date('2026-03-29T01:30:00Z'))).toEqual({ date: '2026-03-29', dueAt: new Date('2026-03-29T01:30:00Z') });
  });
});
