import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { ScanDetails, ScanSummary } from './scans.schemas.js';
import {
  AGREEMENT_MIN_REVIEWS, AGREEMENT_POOR_BELOW, ModelQuality, ProblemQuality, ReviewAffectedPercent, ReviewCount, ReviewRegionsInput,
} from './scan-review.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const Detection = ScanDetails.shape.detections.element;
const Threshold = { poor_below: z.number(), min_reviews: z.number() };

// Verdant's design (issue 18; docs/decisions.md, "Scan corrections (issue 18)"): who may review stays who may
// review today (any staff role), the Scan quality screen and the export are the Admins'.
export const scanReviewEndpoints = {
  correctScanDetection: defineEndpoint({
    id: 'correctScanDetection', domain: 'scans', method: 'POST', path: '/correct_scan_detection',
    summary:
      "Correct what the engine measured on one detection: the insects counted (count), the share of the leaf affected (affected_percent), its regions (redrawn; an empty list deletes them all) and optionally its problem. The engine's answer is kept beside the reviewer's; the detection becomes corrected",
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    body: {
      kind: 'json',
      schema: z.object({
        company_id: CompanyId,
        detection_id: Id,
        problem_id: Id.optional(),
        count: ReviewCount.optional(),
        affected_percent: ReviewAffectedPercent.optional(),
        regions: ReviewRegionsInput.optional(),
      }),
    },
    response: success({ message: z.string(), detection: Detection, scan_status: ScanSummary.shape.status }),
  }),
  addScanDetection: defineEndpoint({
    id: 'addScanDetection', domain: 'scans', method: 'POST', path: '/add_scan_detection',
    summary:
      'Add a problem the engine missed on one photo of a scan, with the region(s) where it is (and a count or a share of the leaf if known); it files an observation as a confirmed detection does',
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    body: {
      kind: 'json',
      schema: z.object({
        company_id: CompanyId,
        scan_image_id: Id,
        problem_id: Id,
        regions: ReviewRegionsInput.min(1, { error: 'must hold at least one region: draw where the problem is' }),
        count: ReviewCount.optional(),
        affected_percent: ReviewAffectedPercent.optional(),
      }),
    },
    response: success({ message: z.string(), detection: Detection, scan_status: ScanSummary.shape.status }),
  }),
  getScanQuality: defineEndpoint({
    id: 'getScanQuality', domain: 'scans', method: 'GET', path: '/get_scan_quality',
    summary:
      "Scan quality from the field: per model version and per problem, how often reviewers confirmed, corrected or rejected the engine's detections and added ones it missed, and the mean count error against the reviewers' counts (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ models: z.array(ModelQuality), problems: z.array(ProblemQuality), ...Threshold }),
  }),
  getScanModelAgreement: defineEndpoint({
    id: 'getScanModelAgreement', domain: 'scans', method: 'GET', path: '/get_scan_model_agreement',
    summary: `How well the model version that analysed a scan agrees with the company's reviewers (poor below ${AGREEMENT_POOR_BELOW * 100} % with at least ${AGREEMENT_MIN_REVIEWS} reviews), for the scan page's warning`,
    auth: anyone, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, scan_id: Id }),
    response: success({ quality: ModelQuality, ...Threshold }),
  }),
};
