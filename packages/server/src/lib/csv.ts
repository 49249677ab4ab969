/**
 * CSV both ways (RFC 4180, comma-separated, CRLF written, any line ending read). Text that a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a carriage return) is written with a ' in front; reading
 * takes one ' off such text again, so a written cell reads back as it was (docs/decisions.md, "Facility round trip").
 * The one CSV writer of the server: the facility and observations round trips and the register's exports use it.
 */
const FORMULA = /^'*[=+\-@\t\r]/;

/** A cell as written: formula-looking text prefixed with ', quoted when it holds a separator, quote or line break. */
export function csvCell(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const safe = FORMULA.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvRow = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Whether a cell read from a file would run as a formula in a spreadsheet (it was not written by csvCell). */
export const looksLikeFormula = (v: string) => /^[=+\-@\t\r]/.test(v);

/** A cell read from a file with the ' that csvCell put in front of formula-looking text taken off. */
export const unescapeCell = (v: string) => (/^'+[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** One record of a CSV text and the (1-based) line it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** Reads CSV text record by record; quoted cells may hold commas, quotes ("") and line breaks. Blank lines are skipped. */
export function* parseCsv(text: string): Generator<CsvRecord> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let ended = false;
    while (i < n && !ended) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          quoted = false;
        } else {
          if (c === '\n') line++;
          cell += c;
        }
        i++;
      } else if (c === '"' && cell === '') {
        quoted = true;
        i++;
      } else if (c === ',') {
        cells.push(cell);
        cell = '';
        i++;
      } else if (c === '\r' || c === '\n') {
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        ended = true;
      } else {
        cell += c;
        i++;
      }
    }
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') yield { line: start, cells };
  }
}
