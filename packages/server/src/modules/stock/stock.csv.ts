/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR at the start) is prefixed with a quote mark so it stays text. Numbers are written as they are.
 */
export function csvField(v: string | number | boolean | null): string {
  if (v === null) return '';
  if (typeof v !== 'string') return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (fields: Array<string | number | boolean | null>) => `${fields.map(csvField).join(',')}\r\n`;
