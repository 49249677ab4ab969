/**
 * When a task automation is due (pure; no database). A task automation repeats `daily`, `weekly` (one weekday)
 * or on chosen `weekdays` (ISO 1 Monday … 7 Sunday) at `time_of_day` (HH:MM) in the company's IANA time zone.
 * The occurrence is named by its local date, the key that makes it happen once (task_occurrences).
 */

export interface Recurrence {
  frequency: 'daily' | 'weekly' | 'weekdays';
  weekdays: number[];
  time_of_day: string;
}

export interface Occurrence {
  /** The company-local date, 'YYYY-MM-DD'. */
  date: string;
  /** The instant it falls due (local date at time_of_day, in UTC). */
  dueAt: Date;
}

/** A usable IANA zone, or 'UTC' for anything the runtime does not know. */
export function safeTimeZone(tz: string | null | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(tz: string, at: Date) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), mi: Number(p.minute), s: Number(p.second) };
}

/** The zone's offset from UTC at an instant, in ms (local = utc + offset). */
function offsetAt(tz: string, at: Date): number {
  const p = partsIn(tz, at);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant of a local wall time in a zone. A time skipped by a clock change (spring forward) moves on by
 * the gap; a time that happens twice (autumn) is its first happening.
 */
export function zonedTime(tz: string, date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  const day = 24 * 3600 * 1000;
  // The zone's offsets a day before and a day after: the same, or the two sides of a clock change.
  const before = wall - offsetAt(tz, new Date(wall - day));
  const after = wall - offsetAt(tz, new Date(wall + day));
  const fits = [before, after].filter((t) => {
    const p = partsIn(tz, new Date(t));
    return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi) === wall;
  });
  return new Date(fits.length ? Math.min(...fits) : before);
}

/** The local calendar date of an instant in a zone, 'YYYY-MM-DD'. */
export function localDate(tz: string, at: Date): string {
  const p = partsIn(tz, at);
  return `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

export function repeatsOn(r: Recurrence, date: string): boolean {
  return r.frequency === 'daily' || r.weekdays.includes(isoWeekday(date));
}

/**
 * The latest occurrence due at `now` (its time reached), looking back a week at most; none before the local
 * date `notBefore` (the day the automation was made: it never makes tasks for days before it existed).
 * A job that missed some runs (the server was down) makes only the latest, not a backlog.
 */
export function latestDueOccurrence(r: Recurrence, tz: string, now: Date, notBefore?: string): Occurrence | null {
  return latestDueOn((date) => repeatsOn(r, date), r.time_of_day, tz, now, { notBefore, lookbackDays: 7 });
}

/** The latest local date (today or up to `lookbackDays` back, not before `notBefore`) that `on` accepts and whose `time` has come. */
export function latestDueOn(
  on: (date: string) => boolean, time: string, tz: string, now: Date, opts: { notBefore?: string; lookbackDays: number },
): Occurrence | null {
  const today = localDate(tz, now);
  for (let back = 0; back <= opts.lookbackDays; back++) {
    const date = addDays(today, -back);
    if (opts.notBefore && date < opts.notBefore) return null;
    if (!on(date)) continue;
    const dueAt = zonedTime(tz, date, time);
    if (dueAt.getTime() <= now.getTime()) return { date, dueAt };
  }
  return null;
}
