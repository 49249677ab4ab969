/**
 * When a task automation is due (pure; no database). A task automation repeats `daily`, `weekly` (one weekday)
 * or on chosen `weekdays` (ISO 1 Monday … 7 Sunday) at `time_of_day` (HH:MM) in the company's IANA time zone.
 * The occurrence is named by its local date, the key that makes it happen once (task_occurrences).
 * Dates and zones are the contract's calendar.
 */
import { isoWeekday } from '@verdant/contract';
import { latestDueOn, type Occurrence } from '@verdant/contract/zoned-time';

export type { Occurrence };

export interface Recurrence {
  frequency: 'daily' | 'weekly' | 'weekdays';
  weekdays: number[];
  time_of_day: string;
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
