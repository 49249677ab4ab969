/**
 * Plain calendar days as 'YYYY-MM-DD' text, the way the API sends dates. Arithmetic runs on the bare date
 * in UTC, so no daylight-saving change can shift a day. This is the one home of date helpers for server
 * and web (no-date-copies.test.ts fails on a local copy in shipped code).
 */

/** A day's length, for spans of whole days between instants; calendar days use addDays, never this. */
export const DAY_MS = 86_400_000;
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether 'YYYY-MM-DD' names a day that exists (no 2026-02-31, no month 13, no year 0). */
export function isCalendarDate(text: string): boolean {
  const m = PLAIN_DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days since 1970-01-01 (negative before it). */
export const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The day of a day number. */
export const fromDayNumber = (days: number): string => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** The day `n` days after (or before, when negative) `date`. */
export const addDays = (date: string, n: number): string => fromDayNumber(dayNumber(date) + n);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** ISO weekday: 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The UTC calendar day of an instant. */
export const utcDate = (at: Date | number = new Date()): string => new Date(at).toISOString().slice(0, 10);

/** The instant a day starts in UTC. */
export const utcMidnight = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** Days `start`..`end`, both included, as the instants [from, to) in UTC. */
export const utcDaySpan = (start: string, end: string): { from: Date; to: Date } => ({ from: utcMidnight(start), to: utcMidnight(addDays(end, 1)) });

/**
 * This device's calendar day: on the web the grower stands in the company's place, so the device's clock is
 * the company's day ("this week" is the grower's week, not UTC's).
 */
export function deviceToday(now: Date = new Date()): string {
  return `${String(now.getFullYear()).padStart(4, '0')}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

// Asked on every dated read (a company's zone): making a formatter to find out costs ~50 µs, the answer never changes.
const knownZones = new Map<string, boolean>();

/** Whether this runtime knows an IANA time zone ('Europe/Amsterdam'). */
export function isTimeZone(tz: string): boolean {
  let known = knownZones.get(tz);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: a hostile caller could otherwise grow it with made-up names.
    if (knownZones.size < 1000) knownZones.set(tz, known);
  }
  return known;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in an IANA time zone (today in the zone, by default). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return `${String(p.year).padStart(4, '0')}-${p.month}-${p.day}`;
}
