/**
 * Calendar days as YYYY-MM-DD text, the way the API sends dates. Weeks start on Monday (DESIGN.md, Time).
 * Day arithmetic runs in UTC on the bare date, so a daylight-saving change never shifts a day.
 */

/** This device's date today (the grower stands in the company's place, so its clock is the company's day). */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday (YYYY-MM-DD) of the week a YYYY-MM-DD day falls in. */
export function mondayOf(day: string): string {
  const back = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -back);
}
