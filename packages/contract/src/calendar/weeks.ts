import { addDays, daysBetween, isoWeekday } from './plain-date.js';

/** Weeks start on Monday (DESIGN.md, Time). */

/** The Monday on or before `date`. */
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));

/** The week `date` falls in: its Monday through its Sunday. */
export function weekOf(date: string): { start: string; end: string } {
  const start = mondayOf(date);
  return { start, end: addDays(start, 6) };
}

/** weeks_ago N: from the Monday N weeks before this week's through this week's Sunday. */
export function weeksAgoRange(weeksAgo: number, today: string): { start: string; end: string } {
  const { start, end } = weekOf(today);
  return { start: addDays(start, -7 * weeksAgo), end };
}

/** The ISO 8601 week number of the week `date` falls in ("week 48"): its Thursday decides the year, week 1 holds 4 January. */
export function isoWeekNumber(date: string): number {
  const thursday = addDays(mondayOf(date), 3);
  const firstThursday = addDays(mondayOf(`${thursday.slice(0, 4)}-01-04`), 3);
  return 1 + daysBetween(firstThursday, thursday) / 7;
}
