import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, FileField, Id } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { scansMessages as msg } from './scans.messages.js';
import {
  AiModelInfo, AiModelName, CapturedAt, ClientAnalysisInput, ReviewActionSchema, ScanDetails, ScanHistoryFilters,
  ScanPage, ScanPerPage, ScanSummary, ScanTypeSchema, SCAN_HISTORY_PER_PAGE_DEFAULT,
  SCAN_HISTORY_PER_PAGE_MAX, SCAN_TYPES,
} from './scans.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const Paged = { page: z.number(), per_page: z.number(), total: z.number() };

/** One photo, or several under the same field name (multipart sends each as its own part). */
const Images = z.union([FileField, z.array(FileField)], { error: 'must be one or more image files' });

// Spec-1 §1 and §2 name scanNow and scanHistory; spec-2 lists only delete_scan (and reset_scanned_status,
// which lives with the scouting marks). The rest is Verdant's design (docs/decisions.md, "Scans").
export const scansEndpoints = {
  createScan: defineEndpoint({
    id: 'createScan', domain: 'scans', method: 'POST', path: '/create_scan',
    summary:
      "Scan one or more photos of a box, a grid or a room with the company's model (or ai_model): stores the photos and detections, files problem observations (source scan) and marks the room and grid scanned by the caller",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    body: {
      kind: 'multipart',
      schema: z.object({
        company_id: CompanyId,
        scan_type: ScanTypeSchema,
        room_id: absentIfBlank(Id),
        grid_id: absentIfBlank(Id),
        grid_box_id: absentIfBlank(Id),
        images: Images,
        ai_model: absentIfBlank(AiModelName),
        /** When the photos were taken (a scan queued offline arrives later); default: now. */
        captured_at: absentIfBlank(CapturedAt),
        /** The phone's own analysis (JSON), kept to show beside the server's. */
        client_analysis: absentIfBlank(ClientAnalysisInput),
      }),
    },
    response: success({ message: z.string(), scan: ScanDetails }),
  }),
  getScanHistory: defineEndpoint({
    id: 'getScanHistory', domain: 'scans', method: 'GET', path: '/get_scan_history',
    summary: `The company's scans, newest first, a page at a time: by scan_type (${SCAN_TYPES.join(', ')} or all), room (its grids and boxes included), grid, capture dates (inclusive, UTC) and status`,
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({
      company_id: CompanyId,
      scan_type: absentIfBlank(z.union([ScanTypeSchema, z.literal('all')], { error: `must be one of ${SCAN_TYPES.join(', ')}, all` })),
      room_id: absentIfBlank(ScanHistoryFilters.room_id),
      grid_id: absentIfBlank(ScanHistoryFilters.grid_id),
      start_date: absentIfBlank(ScanHistoryFilters.start_date),
      end_date: absentIfBlank(ScanHistoryFilters.end_date),
      status: absentIfBlank(ScanHistoryFilters.status),
      page: ScanPage,
      per_page: ScanPerPage(SCAN_HISTORY_PER_PAGE_DEFAULT, SCAN_HISTORY_PER_PAGE_MAX),
    }),
    response: success({ scans: z.array(ScanSummary), ...Paged }),
  }),
  getScanDetails: defineEndpoint({
    id: 'getScanDetails', domain: 'scans', method: 'GET', path: '/get_scan_details',
    summary: 'One scan: its photos, engine and model version, detections with their regions and review, and the observations filed',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, scan_id: Id }),
    response: success({ scan: ScanDetails }),
  }),
  reviewScanDetection: defineEndpoint({
    id: 'reviewScanDetection', domain: 'scans', method: 'POST', path: '/review_scan_detection',
    summary:
      'Confirm a detection (its observation stays open), correct it to another library problem (problem_id; the observation follows) or reject it (its observation is dismissed); a later review replaces an earlier one',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    either: z.object({
      company_id: CompanyId,
      detection_id: Id,
      action: ReviewActionSchema,
      problem_id: absentIfBlank(Id),
    }),
    response: success({ message: z.string(), detection: ScanDetails.shape.detections.element, scan_status: ScanSummary.shape.status }),
  }),
  markScanChecked: defineEndpoint({
    id: 'markScanChecked', domain: 'scans', method: 'POST', path: '/mark_scan_checked',
    summary:
      'An uncertain scan ("Not sure: check by eye") looked at by a person who saw no problem: it becomes reviewed (audited). Only an uncertain scan (a reviewed one answers as it is); a problem the engine missed is added instead',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, scan_id: Id }),
    response: success({ message: z.string(), scan_status: ScanSummary.shape.status }),
  }),
  exportScanExamples: defineEndpoint({
    id: 'exportScanExamples', domain: 'scans', method: 'GET', path: '/export_scan_examples',
    summary:
      "The company's labelled examples as a zip, streamed: the reviewed photos under images/ and annotations.json in COCO format (boxes and polygons in pixels, categories = library problems, the reviewer's and the engine's answer on each annotation; confirmed, corrected, rejected and added detections) (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: 'binary',
  }),
  deleteScan: defineEndpoint({
    id: 'deleteScan', domain: 'scans', method: 'DELETE', path: '/delete_scan',
    summary: 'Delete a scan with its photos, detections and the observations it filed (the person who made it, or an Admin)',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ company_id: CompanyId, scan_id: Id }),
    response: success({ message: z.string(), scan_id: z.number(), observations_deleted: z.number(), images_deleted: z.number() }),
    clientMessages: { failure: msg.deleteFailed },
  }),
  getAiModels: defineEndpoint({
    id: 'getAiModels', domain: 'scans', method: 'GET', path: '/get_ai_models',
    summary: "The models the server offers for ai_model: the built-in analyses and every ONNX classifier in AI_MODEL_DIR, with the company's choice",
    auth: anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ models: z.array(AiModelInfo), default_model: z.string(), ai_model: z.string() }),
  }),
};
