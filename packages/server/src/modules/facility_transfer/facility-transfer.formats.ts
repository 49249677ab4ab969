import {
  BOX_STATUS_MAX, FACILITY_CSV_COLUMNS, GRID_SIDE_MAX, NAME_MAX, facilityRefusals as refusal, facilityTransferMessages as msg,
  type FacilityColumn, type FacilityFormat,
} from '@verdant/contract';
import { badRequest } from '../../lib/errors.js';
import { csvRow, looksLikeFormula, parseCsv, unescapeCell } from '../../lib/csv.js';
import type { FacilityLine } from './facility-transfer.repository.js';
import { geoJsonFeatures } from './geojson-stream.js';

/**
 * The two file formats of the facility round trip (docs/decisions.md, "Facility round trip"): how a box is written,
 * and how a file is read back into lines, each either a box or a refusal with its reason.
 */

/** How an export begins, writes one box, and ends. */
export interface FacilityWriter {
  contentType: string;
  extension: string;
  head: string;
  line: (l: FacilityLine, first: boolean) => string;
  tail: string;
}

const cellsOf = (l: FacilityLine) => [l.room, l.grid, l.nx, l.ny, l.x, l.y, l.custom_name, l.status, l.color];

/** A box's square in grid coordinates: [column, row] in box units from the grid's top-left corner (rows grow downward). */
const square = (x: number, y: number) => [[[x - 1, y - 1], [x, y - 1], [x, y], [x - 1, y], [x - 1, y - 1]]];

export const FACILITY_WRITERS: Record<FacilityFormat, FacilityWriter> = {
  csv: {
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    head: csvRow([...FACILITY_CSV_COLUMNS]),
    line: (l) => csvRow(cellsOf(l)),
    tail: '',
  },
  geojson: {
    contentType: 'application/geo+json; charset=utf-8',
    extension: 'geojson',
    // Not WGS 84 (RFC 7946): positions are grid units, which the collection says in its own member.
    head: '{"type":"FeatureCollection","verdant:coordinates":"grid: [column, row] in boxes from the grid\'s top-left corner","features":[\n',
    line: (l, first) => `${first ? '' : ',\n'}${JSON.stringify({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: square(l.x, l.y) },
      properties: { room: l.room, grid: l.grid, columns: l.nx, rows: l.ny, column: l.x, row: l.y, box_name: l.custom_name, status: l.status, color: l.color },
    })}`,
    tail: '\n]}\n',
  },
};

/** One box as a file names it. */
export interface ImportLine {
  line: number;
  room: string;
  grid: string;
  columns: number;
  rows: number;
  column: number;
  row: number;
  custom_name: string | null;
  status: string | null;
  color: string | null;
}

export interface RefusedLine {
  line: number;
  reason: string;
  room: string;
  grid: string;
  column: number | null;
  row: number | null;
}

export type ReadLine = ({ ok: true } & ImportLine) | ({ ok: false } & RefusedLine);

export interface ReadFile {
  format: FacilityFormat;
  lines: () => Iterable<ReadLine>;
}

export class Refused extends Error {}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Control characters other than tab and line breaks (a box name may hold them; the formula rule refuses them at the start).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A text field: trimmed; in a CSV a formula-looking cell is refused and one written by an export has its ' taken off. */
export function text(raw: unknown, field: string, max: number, required: boolean, csv: boolean): string | null {
  if (raw !== null && raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number') throw new Refused(`${field} must be text.`);
  const s = raw === null || raw === undefined ? '' : String(raw);
  if (csv && (looksLikeFormula(s) || looksLikeFormula(s.trim()))) throw new Refused(refusal.formula(field));
  const v = (csv ? unescapeCell(s.trim()) : s).trim();
  if (CONTROL.test(v) || LONE_SURROGATE.test(v)) throw new Refused(refusal.control(field));
  if (!v) {
    if (required) throw new Refused(refusal.required(field));
    return null;
  }
  if (v.length > max) throw new Refused(refusal.tooLong(field, max));
  return v;
}

function whole(raw: unknown, field: string, max: number): number {
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,9}$/.test(s)) throw new Refused(refusal.notWhole(field, max));
  const n = Number(s);
  if (n < 1 || n > max) throw new Refused(refusal.notWhole(field, max));
  return n;
}

type Raw = Partial<Record<FacilityColumn, unknown>>;

/** One line's fields checked; a refusal names the first bad field. */
function readLine(line: number, raw: Raw, csv: boolean): ReadLine {
  const loose = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, NAME_MAX) : '');
  const shown = { room: loose(raw.room), grid: loose(raw.grid), column: null as number | null, row: null as number | null };
  try {
    const room = text(raw.room, 'room', NAME_MAX, true, csv)!;
    const grid = text(raw.grid, 'grid', NAME_MAX, true, csv)!;
    Object.assign(shown, { room, grid });
    const columns = whole(raw.columns, 'columns', GRID_SIDE_MAX);
    const rows = whole(raw.rows, 'rows', GRID_SIDE_MAX);
    const column = whole(raw.column, 'column', GRID_SIDE_MAX);
    const row = whole(raw.row, 'row', GRID_SIDE_MAX);
    Object.assign(shown, { column, row });
    if (column > columns) throw new Refused(refusal.outside('column', column, columns));
    if (row > rows) throw new Refused(refusal.outside('row', row, rows));
    const custom_name = text(raw.box_name, 'box_name', NAME_MAX, false, csv);
    const status = text(raw.status, 'status', BOX_STATUS_MAX, false, csv);
    const color = text(raw.color, 'color', 7, false, csv);
    if (color !== null && !/^#[0-9a-fA-F]{6}$/.test(color)) throw new Refused(refusal.color);
    return { ok: true, line, room, grid, columns, rows, column, row, custom_name, status, color: color?.toUpperCase() ?? null };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, line, reason: err.message, ...shown };
    throw err;
  }
}

/** The CSV's lines, read as they are asked for; the header is checked when the first is (readFacilityFile asks at once). */
function* readCsv(text: string): Generator<ReadLine> {
  const records = parseCsv(text);
  const first = records.next();
  if (first.done) throw badRequest(msg.emptyFile, 'file');
  const header = first.value.cells.map((c) => c.trim().toLowerCase());
  const missing = FACILITY_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw badRequest(msg.missingColumns(missing), 'file');
  const at = Object.fromEntries(FACILITY_CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<FacilityColumn, number>;
  for (const r of records) {
    const raw = Object.fromEntries(FACILITY_CSV_COLUMNS.map((c) => [c, r.cells[at[c]] ?? ''])) as Raw;
    yield readLine(r.line, raw, true);
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The box a geometry stands for when its properties do not say: a Point inside it, or the centre of its Polygon's ring. */
export function positionOf(geometry: unknown): { column: number; row: number } | null {
  if (!isObject(geometry) || !Array.isArray(geometry.coordinates)) return null;
  let point: unknown = null;
  if (geometry.type === 'Point') point = geometry.coordinates;
  if (geometry.type === 'Polygon' && Array.isArray(geometry.coordinates[0])) {
    const ring = (geometry.coordinates[0] as unknown[]).slice(0, -1);
    if (ring.every((p) => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number') && ring.length) {
      const pts = ring as number[][];
      point = [pts.reduce((s, p) => s + p[0]!, 0) / pts.length, pts.reduce((s, p) => s + p[1]!, 0) / pts.length];
    }
  }
  if (!Array.isArray(point) || typeof point[0] !== 'number' || typeof point[1] !== 'number') return null;
  return { column: Math.floor(point[0]) + 1, row: Math.floor(point[1]) + 1 };
}

/** The collection's Features as lines, each parsed when it is asked for (geojson-stream.ts). */
function* readGeoJson(features: Iterable<unknown>): Generator<ReadLine> {
  let line = 0;
  for (const f of features) {
    line++;
    if (!isObject(f) || f.type !== 'Feature' || !isObject(f.properties)) {
      yield { ok: false, line, reason: refusal.notFeature, room: '', grid: '', column: null, row: null };
      continue;
    }
    const props = f.properties;
    const raw: Raw = { ...props };
    if (props.column === undefined || props.column === null || props.row === undefined || props.row === null) {
      const at = positionOf(f.geometry);
      if (!at) {
        yield { ok: false, line, reason: refusal.noPosition, room: String(props.room ?? ''), grid: String(props.grid ?? ''), column: null, row: null };
        continue;
      }
      Object.assign(raw, at);
    }
    yield readLine(line, raw, false);
  }
}

/**
 * Reads an uploaded file: GeoJSON by its name (.geojson, .json) or its first character ({), CSV otherwise. What makes
 * the whole file unreadable (not UTF-8, empty, a missing column, not a FeatureCollection) is a 400 now; the lines are
 * read each time `lines()` is walked, never all held at once.
 */
export function readFacilityFile(file: { filename: string; data: Uint8Array }): ReadFile {
  let body: string;
  try {
    body = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    throw badRequest(msg.notUtf8, 'file');
  }
  if (!body.trim()) throw badRequest(msg.emptyFile, 'file');
  const geo = /\.(geo)?json$/i.test(file.filename) || body.replace(/^\uFEFF/, '').trimStart().startsWith('{');
  if (geo) {
    const features = geoJsonFeatures(body);
    return { format: 'geojson', lines: () => readGeoJson(features) };
  }
  readCsv(body).next();
  return { format: 'csv', lines: () => readCsv(body) };
}
