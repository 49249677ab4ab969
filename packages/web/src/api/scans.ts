import {
  scanReviewEndpoints as reviewEp, scanReviewMessages as reviewMsg, scansEndpoints as ep, scansMessages as msg, type EndpointRequest, type ReviewAction,
  type ScanRegion, type ScanStatus, type ScanType,
} from '@verdant/contract';
import { withFallback } from './api-error';
import { callBinaryEndpoint, callEndpoint } from './call-endpoint';

/** The input of POST /create_scan (multipart: the photos travel as files). */
export type CreateScanInput = Omit<EndpointRequest<typeof ep.createScan>, 'images'> & { images: Blob[] };

/** POST /create_scan: the server analyses the photos with the company's model and files the observations. */
export function createScan(input: CreateScanInput) {
  return callEndpoint(ep.createScan, input);
}

export interface ScanHistoryFilter {
  scanType: ScanType | 'all';
  roomId?: number;
  status?: ScanStatus;
  startDate?: string;
  endDate?: string;
}

/** GET /get_scan_history: the company's scans, newest first, a page at a time. */
export function getScanHistory(companyId: number, filter: ScanHistoryFilter, page: number, perPage = 20) {
  return callEndpoint(ep.getScanHistory, {
    company_id: companyId,
    scan_type: filter.scanType,
    room_id: filter.roomId,
    status: filter.status,
    start_date: filter.startDate,
    end_date: filter.endDate,
    page,
    per_page: perPage,
  } as EndpointRequest<typeof ep.getScanHistory>);
}

/** GET /get_scan_details: one scan with its photos, detections and regions. */
export async function getScanDetails(companyId: number, scanId: number) {
  return (await callEndpoint(ep.getScanDetails, { company_id: companyId, scan_id: scanId })).scan;
}

/** POST /review_scan_detection: confirm, correct (to problem_id) or reject one detection. */
export function reviewScanDetection(companyId: number, detectionId: number, action: ReviewAction, problemId?: number) {
  return callEndpoint(ep.reviewScanDetection, {
    company_id: companyId,
    detection_id: detectionId,
    action,
    ...(action === 'correct' && problemId ? { problem_id: problemId } : {}),
  } as EndpointRequest<typeof ep.reviewScanDetection>);
}

/** POST /mark_scan_checked: an uncertain scan a person checked by eye and saw no problem on becomes reviewed. */
export function markScanChecked(companyId: number, scanId: number) {
  return callEndpoint(ep.markScanChecked, { company_id: companyId, scan_id: scanId });
}

/** DELETE /delete_scan: its maker or an Admin; its observations and photos go with it. */
export function deleteScan(companyId: number, scanId: number) {
  return withFallback(msg.deleteFailed, () => callEndpoint(ep.deleteScan, { company_id: companyId, scan_id: scanId }));
}

/** The reviewer's answer to one detection: any of count, affected_percent, regions (an empty list deletes them) and problem_id. */
export type DetectionCorrection = Omit<EndpointRequest<typeof reviewEp.correctScanDetection>, 'company_id' | 'detection_id'>;

/** POST /correct_scan_detection: the engine's answer stays, the reviewer's is kept beside it. */
export function correctScanDetection(companyId: number, detectionId: number, correction: DetectionCorrection) {
  return callEndpoint(reviewEp.correctScanDetection, { company_id: companyId, detection_id: detectionId, ...correction });
}

/** POST /add_scan_detection: a problem the engine missed, drawn on one photo. */
export function addScanDetection(companyId: number, scanImageId: number, problemId: number, regions: ScanRegion[]) {
  return callEndpoint(reviewEp.addScanDetection, { company_id: companyId, scan_image_id: scanImageId, problem_id: problemId, regions });
}

/** GET /get_scan_quality (Admins): how reviewers answered each model version and problem. */
export function getScanQuality(companyId: number) {
  return callEndpoint(reviewEp.getScanQuality, { company_id: companyId });
}

/** GET /get_scan_model_agreement: the field agreement of the model version that analysed a scan. */
export function getScanModelAgreement(companyId: number, scanId: number) {
  return callEndpoint(reviewEp.getScanModelAgreement, { company_id: companyId, scan_id: scanId });
}

/** GET /export_scan_examples (Admins): the labelled examples as a zip, read as it streams so the screen can show progress. */
export async function exportScanExamples(companyId: number, onProgress: (received: number, total: number | null) => void): Promise<Blob> {
  return withFallback(reviewMsg.exportFailed, () =>
    callBinaryEndpoint(ep.exportScanExamples, { company_id: companyId }, undefined, { onDownloadProgress: onProgress }),
  );
}
