import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, daysBetween, deviceToday, fromDayNumber, isCalendarDate, isoWeekday, todayIn, utcDate, utcDaySpan, utcMidnight } from './plain-date.js';

describe('isCalendarDate', () => {
  it('accepts days that exist, leap days included', () => {
    for (const d of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) expect(isCalendarDate(d), d).toBe(true);
  });

  it('refuses days that do not, and anything not YYYY-MM-DD', () => {
    for (const d of ['2026-02-31', '2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '0000-01-01', '2026-1-01', '2026-01-01T00:00:00Z']) {
      expect(isCalendarDate(d), d).toBe(false);
    }
  });
});

describe('day arithmetic', () => {
  it('adds days across months, years and the clock changes', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30'); // Europe's clocks change on 29 March 2026
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26'); // and back on 25 October
    expect(addDays('1969-12-31', 1)).toBe('1970-01-01');
  });

  it('counts whole days between two days, either way', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(fromDayNumber(dayNumber('2026-11-29'))).toBe('2026-11-29');
  });

  it('names ISO weekdays, Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-27')).toBe(5);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});

describe('today', () => {
  it("takes the device's day from its own clock, not UTC", () => {
    expect(deviceToday(new Date(2026, 10, 25, 23, 59))).toBe('2026-11-25');
    expect(deviceToday(new Date(2026, 0, 5, 0, 1))).toBe('2026-01-05');
    expect(deviceToday(new Date(2026, 2, 8, 23, 59))).toBe('2026-03-08');
  });

  it('takes a zone\'s day at midnight on its own clock: Sunday 23:30 UTC is already Monday in Amsterdam', () => {
    const lateSunday = new Date('2026-03-08T23:30:00Z');
    expect(todayIn('UTC', lateSunday)).toBe('2026-03-08');
    expect(todayIn('Europe/Amsterdam', lateSunday)).toBe('2026-03-09');
    expect(todayIn('America/Los_Angeles', new Date('2026-03-09T06:59:59Z'))).toBe('2026-03-08') // UTC-7 since the clock change the day before;
    expect(todayIn('America/Los_Angeles', new Date('2026-03-09T07:00:00Z'))).toBe('2026-03-09');
    expect(todayIn('Pacific/Auckland', new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-28');
  });

  it('reads the UTC day of an instant and the instant a day starts', () => {
    expect(utcDate(new Date('2026-03-08T23:59:59.999Z'))).toBe('2026-03-08');
    expect(utcMidnight('2026-03-09').toISOString()).toBe('2026-03-09T00:00:00.000Z');
    const span = utcDaySpan('2026-02-28', '2026-02-28');
    expect([span.from.toISOString(), span.to.toISOString()]).toEqual(['2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
  });
});
