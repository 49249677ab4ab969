import { z } from 'zod';

/**
 * Observations round trip (issue 25; docs/decisions.md, "Observations round trip"): the company's observations,
 * filtered as the observation list filters them (room, UTC days), as CSV or GeoJSON, and back, with the facility's
 * preview and undo. One line (or Feature) per observation; an observation is known again by its place, problem and
 * instant, so an export imported twice changes nothing. The endpoints are in facility-transfer.endpoints.ts (a contract
 * `*.endpoints.ts` module must define its maps itself: the web build stands each one in by its metadata).
 */
export const OBSERVATION_TRANSFER_FORMATS = ['csv', 'geojson'] as const;

/** The CSV header, in this order; an import needs every one of them (any order, extra columns ignored). */
export const OBSERVATION_CSV_COLUMNS = ['room', 'grid', 'column', 'row', 'problem', 'severity', 'status', 'notes', 'observed_at'] as const;
export type ObservationColumn = (typeof OBSERVATION_CSV_COLUMNS)[number];

/** The statuses an import may give (a suspected problem is a scan's, decided by a reviewer: never exported or imported). */
export const IMPORTED_OBSERVATION_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const OBSERVATION_NOTES_MAX = 2000;
export const OBSERVATION_PROBLEM_MAX = 200;
export const OBSERVATION_SEVERITY_MAX = 1000;

export const observationTransferMessages = {
  previewed: 'Nothing was written: this is what the import would do.',
  imported: 'Observations imported.',
  undone: 'Import undone.',
  missingColumns: (missing: readonly string[]) =>
    `The CSV has no ${missing.map((c) => `"${c}"`).join(', ')} column${missing.length > 1 ? 's' : ''}; its first line must name ${OBSERVATION_CSV_COLUMNS.join(', ')}.`,
  exportFailed: 'The observations could not be exported.',
  importFailed: 'The import could not be read; nothing was written.',
  undoFailed: 'The import could not be undone.',
} as const;

/** Why one observation line was refused; the line is skipped, the others are imported. */
export const observationRefusals = {
  noRoom: (room: string) => `There is no room "${room}".`,
  noGrid: (grid: string) => `Room has no grid "${grid}".`,
  noBox: (column: number, row: number) => `The grid has no box at column ${column}, row ${row}.`,
  placeHalf: 'column and row go together, in a grid: give both with grid, or neither.',
  gridWithoutRoom: 'grid needs its room.',
  status: `status must be one of ${IMPORTED_OBSERVATION_STATUSES.join(', ')}.`,
  severity: `severity must be a number from 0 to ${OBSERVATION_SEVERITY_MAX}.`,
  instant: 'observed_at must be a date and time such as 2026-03-01T08:30:00Z (or a date).',
  future: 'observed_at is in the future.',
  sameObservation: (line: number) => `The same observation (place, problem and time) as line ${line}.`,
  changedSince: (what: string) => `${what} changed since the import; nothing was undone.`,
  usedSince: (what: string) => `${what} was acted on since the import (resolved, reopened or a treatment's target); nothing was undone.`,
} as const;

const PreviewLine = z.object({
  line: z.number(),
  action: z.enum(['create', 'change', 'refuse']),
  room: z.string(),
  grid: z.string(),
  column: z.number().nullable(),
  row: z.number().nullable(),
  problem: z.string(),
  observed_at: z.string(),
  /** What changes ("status: open → resolved"), or why the line is refused. */
  detail: z.string(),
});
export type ObservationPreviewLine = z.infer<typeof PreviewLine>;

export const ObservationPreview = z.object({
  format: z.enum(OBSERVATION_TRANSFER_FORMATS),
  lines_read: z.number(),
  create: z.number(),
  change: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  /** The lines that create, change or are refused, in file order, at most OBSERVATION_PREVIEW_LINES of each. */
  lines: z.array(PreviewLine),
  truncated: z.boolean(),
});
export type ObservationPreview = z.infer<typeof ObservationPreview>;

/** How many lines of each kind a preview lists (the counts are always whole). */
export const OBSERVATION_PREVIEW_LINES = 1000;

export const ObservationImport = z.object({
  import_id: z.number(),
  format: z.enum(OBSERVATION_TRANSFER_FORMATS),
  file_name: z.string(),
  created: z.number(),
  changed: z.number(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
});
export type ObservationImport = z.infer<typeof ObservationImport>;
