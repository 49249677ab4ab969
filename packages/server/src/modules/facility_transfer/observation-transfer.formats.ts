import {
  IMPORTED_OBSERVATION_STATUSES, NAME_MAX, GRID_SIDE_MAX, OBSERVATION_CSV_COLUMNS, OBSERVATION_NOTES_MAX, OBSERVATION_PROBLEM_MAX,
  OBSERVATION_SEVERITY_MAX, facilityTransferMessages as fmsg, isCalendarDate, observationRefusals as refusal, observationTransferMessages as msg,
  type ObservationColumn,
} from '@verdant/contract';
import { badRequest } from '../../lib/errors.js';
import { csvRow, parseCsv } from '../../lib/csv.js';
import { Refused, isObject, positionOf, text } from './facility-transfer.formats.js';
import { geoJsonFeatures } from './geojson-stream.js';
import type { ExportedObservation } from './observation-transfer.repository.js';

/**
 * The two file formats of the observations round trip (docs/decisions.md, "Observations round trip"): how an
 * observation is written, and how a file is read back, lazily, into lines — each an observation or a refusal.
 */
export interface ObservationWriter {
  contentType: string;
  extension: string;
  head: string;
  line: (o: ExportedObservation, first: boolean) => string;
  tail: string;
}

const instant = (d: Date) => d.toISOString();

export const OBSERVATION_WRITERS: Record<'csv' | 'geojson', ObservationWriter> = {
  csv: {
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    head: csvRow([...OBSERVATION_CSV_COLUMNS]),
    line: (o) => csvRow([o.room, o.grid, o.x, o.y, o.problem, o.severity, o.status, o.notes, instant(o.observed_at)]),
    tail: '',
  },
  geojson: {
    contentType: 'application/geo+json; charset=utf-8',
    extension: 'geojson',
    // Not WGS 84 (RFC 7946): a box's observation is a Point at the box's centre in grid units; a room's has no geometry.
    head: '{"type":"FeatureCollection","verdant:coordinates":"grid: [column, row] in boxes from the grid\'s top-left corner","features":[\n',
    line: (o, first) => `${first ? '' : ',\n'}${JSON.stringify({
      type: 'Feature',
      geometry: o.x !== null && o.y !== null ? { type: 'Point', coordinates: [o.x - 0.5, o.y - 0.5] } : null,
      properties: {
        room: o.room, grid: o.grid, column: o.x, row: o.y, problem: o.problem, severity: o.severity, status: o.status, notes: o.notes,
        observed_at: instant(o.observed_at),
      },
    })}`,
    tail: '\n]}\n',
  },
};

/** One observation as a file names it. */
export interface ObservationLine {
  line: number;
  room: string | null;
  grid: string | null;
  column: number | null;
  row: number | null;
  problem: string;
  severity: number | null;
  status: 'open' | 'resolved' | 'dismissed';
  notes: string | null;
  observed_at: Date;
}

export interface RefusedObservationLine {
  line: number;
  reason: string;
  room: string;
  grid: string;
  column: number | null;
  row: number | null;
  problem: string;
  observed_at: string;
}

export type ReadObservation = ({ ok: true } & ObservationLine) | ({ ok: false } & RefusedObservationLine);

type Raw = Partial<Record<ObservationColumn, unknown>>;

const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;
/** A few minutes' grace for a device clock ahead of the server's. */
const FUTURE_GRACE_MS = 5 * 60_000;

function observedAt(raw: unknown, now: number): Date {
  const s = typeof raw === 'string' ? raw.trim() : '';
  const m = INSTANT.exec(s);
  if (!m || !isCalendarDate(m[1]!)) throw new Refused(refusal.instant);
  if (m[2] !== undefined && (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59)) throw new Refused(refusal.instant);
  const at = new Date(m[2] === undefined ? `${m[1]}T00:00:00Z` : s.replace(' ', 'T'));
  if (Number.isNaN(at.getTime())) throw new Refused(refusal.instant);
  if (at.getTime() > now + FUTURE_GRACE_MS) throw new Refused(refusal.future);
  return at;
}

function severityOf(raw: unknown): number | null {
  if (raw === null || raw === undefined || (typeof raw === 'string' && !raw.trim())) return null;
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : 'x';
  if (!/^\d{1,4}(\.\d{1,6})?$/.test(s)) throw new Refused(refusal.severity);
  const n = Number(s);
  if (n > OBSERVATION_SEVERITY_MAX) throw new Refused(refusal.severity);
  return n;
}

function place(raw: unknown, field: string): number | null {
  if (raw === null || raw === undefined || (typeof raw === 'string' && !raw.trim())) return null;
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,9}$/.test(s) || Number(s) < 1 || Number(s) > GRID_SIDE_MAX) throw new Refused(`${field} must be a whole number from 1 to ${GRID_SIDE_MAX}.`);
  return Number(s);
}

/** One line's fields checked; a refusal names the first bad field. */
function readLine(line: number, raw: Raw, csv: boolean, now: number): ReadObservation {
  const loose = (v: unknown, max = NAME_MAX) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, max) : '');
  const shown = { room: loose(raw.room), grid: loose(raw.grid), column: null as number | null, row: null as number | null, problem: loose(raw.problem), observed_at: loose(raw.observed_at, 40) };
  try {
    const room = text(raw.room, 'room', NAME_MAX, false, csv);
    const grid = text(raw.grid, 'grid', NAME_MAX, false, csv);
    const column = place(raw.column, 'column');
    const row = place(raw.row, 'row');
    Object.assign(shown, { column, row });
    if ((column === null) !== (row === null) || (column !== null && grid === null)) throw new Refused(refusal.placeHalf);
    if (grid !== null && room === null) throw new Refused(refusal.gridWithoutRoom);
    const problem = text(raw.problem, 'problem', OBSERVATION_PROBLEM_MAX, true, csv)!;
    const severity = severityOf(raw.severity);
    const status = text(raw.status, 'status', 20, false, csv)?.toLowerCase() ?? 'open';
    if (!(IMPORTED_OBSERVATION_STATUSES as readonly string[]).includes(status)) throw new Refused(refusal.status);
    const notes = text(raw.notes, 'notes', OBSERVATION_NOTES_MAX, false, csv);
    const at = observedAt(raw.observed_at, now);
    return { ok: true, line, room, grid, column, row, problem, severity, status: status as ObservationLine['status'], notes, observed_at: at };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, line, reason: err.message, ...shown };
    throw err;
  }
}

function* readCsv(body: string, now: number): Generator<ReadObservation> {
  const records = parseCsv(body);
  const first = records.next();
  if (first.done) throw badRequest(fmsg.emptyFile, 'file');
  const header = first.value.cells.map((c) => c.trim().toLowerCase());
  const missing = OBSERVATION_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw badRequest(msg.missingColumns(missing), 'file');
  const at = Object.fromEntries(OBSERVATION_CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<ObservationColumn, number>;
  for (const r of records) {
    yield readLine(r.line, Object.fromEntries(OBSERVATION_CSV_COLUMNS.map((c) => [c, r.cells[at[c]] ?? ''])) as Raw, true, now);
  }
}

function* readGeoJson(features: Iterable<unknown>, now: number): Generator<ReadObservation> {
  let line = 0;
  for (const f of features) {
    line++;
    if (!isObject(f) || f.type !== 'Feature' || !isObject(f.properties)) {
      yield { ok: false, line, reason: 'This is not a GeoJSON Feature with properties.', room: '', grid: '', column: null, row: null, problem: '', observed_at: '' };
      continue;
    }
    const raw: Raw = { ...f.properties };
    if ((raw.column === undefined || raw.column === null) && f.geometry) Object.assign(raw, positionOf(f.geometry) ?? {});
    yield readLine(line, raw, false, now);
  }
}

export interface ObservationFile {
  format: 'csv' | 'geojson';
  /** Read as they are asked for; a file that cannot be read at all was refused (400 naming `file`) before this. */
  lines: () => Iterable<ReadObservation>;
}

/**
 * Reads an uploaded file: GeoJSON by its name (.geojson, .json) or its first character ({), CSV otherwise. The header
 * (CSV) or the collection (GeoJSON) is checked now; the lines are read each time `lines()` is walked.
 */
export function readObservationFile(file: { filename: string; data: Uint8Array }, now: number): ObservationFile {
  let body: string;
  try {
    body = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    throw badRequest(fmsg.notUtf8, 'file');
  }
  if (!body.trim()) throw badRequest(fmsg.emptyFile, 'file');
  const geo = /\.(geo)?json$/i.test(file.filename) || body.replace(/^\uFEFF/, '').trimStart().startsWith('{');
  if (geo) {
    const features = geoJsonFeatures(body);
    return { format: 'geojson', lines: () => readGeoJson(features, now) };
  }
  // The header is checked at once (a missing column is a 400 before anything is planned).
  readCsv(body, now).next();
  return { format: 'csv', lines: () => readCsv(body, now) };
}
