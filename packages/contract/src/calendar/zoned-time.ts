import { DateTime } from 'luxon';
import { addDays, isTimeZone, todayIn } from './plain-date.js';

/**
 * Wall times in a company's IANA zone, through luxon (server only: imported as '@verdant/contract/zoned-time'
 * so the web bundle never carries luxon; the web's day is the device's, see deviceToday).
 */

/** A usable IANA zone, or 'UTC' for anything the runtime does not know. */
export function safeTimeZone(tz: string | null | undefined): string {
  return tz && isTimeZone(tz) ? tz : 'UTC';
}

const WALL = "yyyy-MM-dd'T'HH:mm";

/**
 * The instant of a local wall time ('YYYY-MM-DD', 'HH:MM') in a zone. A time skipped by a clock change
 * (spring forward) moves on by the gap; a time that happens twice (autumn) is its first happening.
 */
export function zonedTime(tz: string, date: string, time: string): Date {
  const at = DateTime.fromISO(`${date}T${time}`, { zone: tz });
  // Luxon reads a repeated wall time as its later happening; a schedule fires at the first. Only just
  // after an autumn change is the offset a day earlier larger than the one luxon chose.
  const shift = at.minus({ days: 1 }).offset - at.offset;
  if (shift > 0) {
    const first = at.minus({ minutes: shift });
    if (first.toFormat(WALL) === at.toFormat(WALL)) return first.toJSDate();
  }
  return at.toJSDate();
}

/** A day something recurring falls due: its local date (the key that makes it happen once) and the instant. */
export interface Occurrence {
  /** The local date in the zone, 'YYYY-MM-DD'. */
  date: string;
  /** The instant it falls due (local date at its time of day, in UTC). */
  dueAt: Date;
}

/**
 * The latest local date (today or up to `lookbackDays` back, not before `notBefore`) that `on` accepts and whose
 * `time` (HH:MM in `tz`) has come: recurring tasks and scheduled notifications both fall due this way.
 */
export function latestDueOn(
  on: (date: string) => boolean, time: string, tz: string, now: Date, opts: { notBefore?: string; lookbackDays: number },
): Occurrence | null {
  const today = todayIn(tz, now);
  for (let back = 0; back <= opts.lookbackDays; back++) {
    const date = addDays(today, -back);
    if (opts.notBefore && date < opts.notBefore) return null;
    if (!on(date)) continue;
    const dueAt = zonedTime(tz, date, time);
    if (dueAt.getTime() <= now.getTime()) return { date, dueAt };
  }
  return null;
}
