import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CalendarDate, CompanyId, FileField, Flag01, Id } from '../common/fields.js';
import { Limit } from '../common/pagination.js';
import { absentIfBlank } from '../common/list-field.js';
import {
  OBSERVATION_TRANSFER_FORMATS, ObservationImport, ObservationPreview, observationTransferMessages,
} from './observation-transfer.schemas.js';

export * from './observation-transfer.schemas.js';

/**
 * Facility round trip (issue 25; docs/decisions.md, "Facility round trip"): the rooms, grids and boxes of a
 * company as CSV or GeoJSON, and back. One line (or Feature) per box.
 */
export const FACILITY_FORMATS = ['csv', 'geojson'] as const;
export type FacilityFormat = (typeof FACILITY_FORMATS)[number];

/** The CSV header, in this order; an import needs every one of them (any order, extra columns ignored). */
export const FACILITY_CSV_COLUMNS = ['room', 'grid', 'columns', 'rows', 'column', 'row', 'box_name', 'status', 'color'] as const;
export type FacilityColumn = (typeof FACILITY_CSV_COLUMNS)[number];

/** How many lines of each kind a preview lists (the counts are always whole). */
export const FACILITY_PREVIEW_LINES = 1000;

export const facilityTransferMessages = {
  previewed: 'Nothing was written: this is what the import would do.',
  imported: 'Facility imported.',
  undone: 'Import undone.',
  undoneAlready: 'This import was undone already.',
  emptyFile: 'The file is empty.',
  notUtf8: 'The file is not UTF-8 text.',
  notJson: 'The file is not JSON: a GeoJSON file is a JSON FeatureCollection.',
  notFeatureCollection: 'The file is not a GeoJSON FeatureCollection (its "type" must be "FeatureCollection" with a "features" list).',
  missingColumns: (missing: readonly string[]) => `The CSV has no ${missing.map((c) => `"${c}"`).join(', ')} column${missing.length > 1 ? 's' : ''}; its first line must name ${FACILITY_CSV_COLUMNS.join(', ')}.`,
  exportFailed: 'The facility could not be exported.',
  importFailed: 'The import could not be read; nothing was written.',
  undoFailed: 'The import could not be undone.',
} as const;

/** Why one line was refused; the line is skipped, the others are imported. */
export const facilityRefusals = {
  required: (field: string) => `${field} is empty.`,
  tooLong: (field: string, max: number) => `${field} is longer than ${max} characters.`,
  notWhole: (field: string, max: number) => `${field} must be a whole number from 1 to ${max}.`,
  outside: (field: string, value: number, max: number) => `${field} ${value} is outside the grid (1 to ${max}).`,
  formula: (field: string) => `${field} starts with = + - or @ (a spreadsheet formula); write it with a ' in front to keep it as text.`,
  control: (field: string) => `${field} holds a control character.`,
  color: 'color must be a colour as #RRGGBB.',
  sameBox: (line: number) => `The same box as line ${line}.`,
  otherSize: (grid: string, columns: number, rows: number, where: string) => `Grid "${grid}" is ${columns} × ${rows} ${where}; a grid's size is not changed by an import.`,
  ambiguousRoom: (room: string, n: number) => `${n} rooms are named "${room}"; rename them so each name is one room.`,
  ambiguousGrid: (grid: string, n: number) => `${n} grids of this room are named "${grid}"; rename them so each name is one grid.`,
  notFeature: 'This is not a GeoJSON Feature with properties.',
  noPosition: 'column and row are missing and the geometry is not a Point or a Polygon.',
  changedSince: (what: string) => `${what} changed since the import; nothing was undone.`,
  observedSince: 'Observations were filed on a grid the import made; nothing was undone.',
} as const;

const PreviewLine = z.object({
  line: z.number(),
  action: z.enum(['create', 'change', 'refuse']),
  room: z.string(),
  grid: z.string(),
  column: z.number().nullable(),
  row: z.number().nullable(),
  /** What changes ("status: Seedling → Flowering"), or why the line is refused. */
  detail: z.string(),
});
export type FacilityPreviewLine = z.infer<typeof PreviewLine>;

export const FacilityPreview = z.object({
  format: z.enum(FACILITY_FORMATS),
  lines_read: z.number(),
  create: z.object({ rooms: z.array(z.string()), grids: z.array(z.object({ room: z.string(), grid: z.string(), columns: z.number(), rows: z.number() })), boxes: z.number() }),
  change: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  /** The lines that create, change or are refused, in file order, at most FACILITY_PREVIEW_LINES of each. */
  lines: z.array(PreviewLine),
  refuse: z.array(z.object({ line: z.number(), reason: z.string() })),
  truncated: z.boolean(),
});
export type FacilityPreview = z.infer<typeof FacilityPreview>;

export const FacilityImport = z.object({
  import_id: z.number(),
  format: z.enum(FACILITY_FORMATS),
  file_name: z.string(),
  rooms_created: z.number(),
  grids_created: z.number(),
  boxes_written: z.number(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
});
export type FacilityImport = z.infer<typeof FacilityImport>;

/**
 * An import run as a job (issue 25, 100,000 lines; docs/decisions.md, "Import jobs"): the file is uploaded once, the
 * server reads, plans and (unless a preview) writes it in the background in one transaction, and the client asks for
 * its progress ("n of N lines") until it is done; the answer when done is what the import endpoints answer.
 */
export const IMPORT_JOB_KINDS = ['facility', 'observations'] as const;
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const importJobMessages = {
  started: 'The file is being read; its progress shows here.',
  failed: 'The import stopped; nothing was written.',
} as const;

export const ImportJob = z.object({
  job_id: z.number(),
  kind: z.enum(IMPORT_JOB_KINDS),
  dry_run: z.boolean(),
  file_name: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** Lines read and planned so far (and written, unless a preview), of rows_total in the file. */
  rows_done: z.number(),
  rows_total: z.number(),
  /** Why a failed job stopped (nothing was written). */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When done: the facility import's answer (kind facility) … */
  facility: z.object({ preview: FacilityPreview, import: FacilityImport.nullable() }).nullable(),
  /** … or the observations import's answer (kind observations). */
  observations: z.object({ preview: ObservationPreview, import: ObservationImport.nullable() }).nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

const importJobEndpoints = {
  startImportJob: defineEndpoint({
    id: 'startImportJob', domain: 'facility_transfer', method: 'POST', path: '/import_jobs',
    summary: 'Start a facility or observations import (dry_run=1: its preview) as a job: answers at once with the job; a repeat with the same Idempotency-Key answers the same job (Admin)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    body: {
      kind: 'multipart',
      schema: z.object({ company_id: CompanyId, kind: z.enum(IMPORT_JOB_KINDS, { error: 'must be facility or observations' }), file: FileField, dry_run: Flag01.default(0) }),
    },
    response: success({ message: z.string(), job: ImportJob }),
    clientMessages: { failure: facilityTransferMessages.importFailed },
  }),
  getImportJob: defineEndpoint({
    id: 'getImportJob', domain: 'facility_transfer', method: 'GET', path: '/import_jobs',
    summary: "An import job's progress and, when done, its answer; without job_id the caller's latest job (a page reopened finds its running import) (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, job_id: absentIfBlank(Id) }),
    response: success({ job: ImportJob.nullable() }),
  }),
};

/** The observations round trip's endpoints (docs/decisions.md, helper B, issue 25), spread into facilityTransferEndpoints above. */
const observationTransferEndpoints = {
  exportObservations: defineEndpoint({
    id: 'exportObservations', domain: 'facility_transfer', method: 'GET', path: '/observations/export',
    summary: "The company's observations streamed as CSV (one line each) or GeoJSON (a FeatureCollection, a box's observation a Point in grid coordinates), filtered by room (its grids included) and UTC days (inclusive); suspected problems are left out",
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({
      company_id: CompanyId,
      format: z.enum(OBSERVATION_TRANSFER_FORMATS, { error: 'must be csv or geojson' }).default('csv'),
      room_id: absentIfBlank(Id),
      start_date: absentIfBlank(CalendarDate),
      end_date: absentIfBlank(CalendarDate),
    }),
    response: 'binary',
    clientMessages: { failure: observationTransferMessages.exportFailed },
  }),
  importObservations: defineEndpoint({
    id: 'importObservations', domain: 'facility_transfer', method: 'POST', path: '/observations/import',
    summary: 'Import an observations file (CSV or GeoJSON, by its name or content) into the facility as it is; dry_run=1 answers the preview and writes nothing (Admin)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    body: { kind: 'multipart', schema: z.object({ company_id: CompanyId, file: FileField, dry_run: Flag01.default(0) }) },
    response: success({ message: z.string(), preview: ObservationPreview, import: ObservationImport.nullable() }),
    clientMessages: { failure: observationTransferMessages.importFailed },
  }),
  listObservationImports: defineEndpoint({
    id: 'listObservationImports', domain: 'facility_transfer', method: 'GET', path: '/observations/imports',
    summary: "The company's last observation imports, newest first (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId, limit: Limit(20, 100) }),
    response: success({ imports: z.array(ObservationImport) }),
  }),
  undoObservationImport: defineEndpoint({
    id: 'undoObservationImport', domain: 'facility_transfer', method: 'POST', path: '/observations/import/undo',
    summary: 'Undo a whole observation import: created observations deleted, changed ones restored; 409 if any of it changed since (Admin)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId, import_id: Id }) },
    response: success({ message: z.string(), import: ObservationImport }),
    clientMessages: { failure: observationTransferMessages.undoFailed },
  }),
};

/** The facility's endpoints, and the observations' round trip beside them (the transfer domain). */
export const facilityTransferEndpoints = {
  ...observationTransferEndpoints,
  ...importJobEndpoints,
  exportFacility: defineEndpoint({
    id: 'exportFacility', domain: 'facility_transfer', method: 'GET', path: '/facility/export',
    summary: 'The facility streamed as CSV (one line per box) or GeoJSON (a FeatureCollection, one Feature per box in grid coordinates)',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId, format: z.enum(FACILITY_FORMATS, { error: 'must be csv or geojson' }).default('csv') }),
    response: 'binary',
    clientMessages: { failure: facilityTransferMessages.exportFailed },
  }),
  importFacility: defineEndpoint({
    id: 'importFacility', domain: 'facility_transfer', method: 'POST', path: '/facility/import',
    summary: 'Import a facility file (CSV or GeoJSON, by its name or content); dry_run=1 answers the preview and writes nothing (Admin)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    body: {
      kind: 'multipart',
      schema: z.object({ company_id: CompanyId, file: FileField, dry_run: Flag01.default(0) }),
    },
    response: success({ message: z.string(), preview: FacilityPreview, import: FacilityImport.nullable() }),
    clientMessages: { failure: facilityTransferMessages.importFailed },
  }),
  listFacilityImports: defineEndpoint({
    id: 'listFacilityImports', domain: 'facility_transfer', method: 'GET', path: '/facility/imports',
    summary: "The company's last facility imports, newest first (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId, limit: Limit(20, 100) }),
    response: success({ imports: z.array(FacilityImport) }),
  }),
  undoFacilityImport: defineEndpoint({
    id: 'undoFacilityImport', domain: 'facility_transfer', method: 'POST', path: '/facility/import/undo',
    summary: 'Undo a whole facility import: created rooms and grids deleted, changed boxes restored; 409 if any of it changed since (Admin)',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId, import_id: Id }) },
    response: success({ message: z.string(), import: FacilityImport }),
    clientMessages: { failure: facilityTransferMessages.undoFailed },
  }),
};
