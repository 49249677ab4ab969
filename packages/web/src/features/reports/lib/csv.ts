/**
 * CSV of a report's table, safe to open in a spreadsheet: a text cell that begins with a character a
 * spreadsheet reads as a formula (=, +, -, @, and tab or carriage return, OWASP's list) gets a leading
 * apostrophe, so `=HYPERLINK(…)` typed into a form field stays text. Numbers are written as numbers
 * (a negative count is not a formula).
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCsvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 lines (CRLF), with a byte-order mark so spreadsheets read accents (es, fr, nl) as UTF-8. */
export function toCsv(header: readonly CsvCell[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header, ...rows].map((row) => row.map(escapeCsvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A file name from a report's name: letters, digits, dot, dash and underscore; never empty. */
export function fileName(name: string, extension: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'report'}.${extension}`;
}

