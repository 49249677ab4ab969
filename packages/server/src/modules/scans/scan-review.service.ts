import { scansMessages as msg, scanReviewMessages as rmsg, type EndpointInput, type scanReviewEndpoints, type scansEndpoints } from '@verdant/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import { confirmSuspected, dismissSuspected, fileObservations } from '../observations/observations.service.js';
import * as repo from './scans.repository.js';
import * as review from './scan-review.repository.js';
import { toDetection } from './scans.mapper.js';

type Input<K extends keyof typeof scansEndpoints> = EndpointInput<(typeof scansEndpoints)[K]>;
type ReviewInput<K extends keyof typeof scanReviewEndpoints> = EndpointInput<(typeof scanReviewEndpoints)[K]>;
type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockDetection>>>;
type Problem = { problem_id: number; name: string };

/**
 * Keeps the detection's observation in step with the review through the observations module: a suspected
 * problem becomes an open one of the problem the reviewer settled on (filed when there was none and the
 * problem is seen), and leaves every count when it is not (confirmSuspected / dismissSuspected; issue 18).
 * Returns the observation id (null once a rejection removed it).
 */
async function settleObservation(trx: Transaction<DB>, caller: Caller, d: Locked, target: Problem | undefined, seen: boolean, note: string, now: Date) {
  if (!target) return d.observation_id;
  if (!seen) return dismissSuspected({ db: trx }, { companyId: caller.company_id, observationId: d.observation_id, userId: caller.user_id, at: now });
  return confirmSuspected({ db: trx }, {
    companyId: caller.company_id, observationId: d.observation_id, problem: { name: target.name, problem_id: target.problem_id }, userId: caller.user_id, at: now,
    filing: {
      place: { room_id: d.room_id, grid_id: d.grid_id, grid_box_id: d.grid_box_id, sub_gridbox_id: null }, severity: d.severity, notes: note,
      confidence: d.confidence, observedAt: d.captured_at,
    },
  });
}

/** The company's problem (library or its own): 400 naming problem_id when there is no such problem, 404 when it is another company's. */
async function problemOf(trx: Transaction<DB>, companyId: number, problemId: number) {
  const p = await repo.findProblem(trx, companyId, problemId);
  if (p) return p;
  if (await review.problemExists(trx, problemId)) throw notFound('Problem');
  throw badRequest(rmsg.unknownProblem, 'problem_id');
}

async function lockOwnDetection(trx: Transaction<DB>, companyId: number, detectionId: number) {
  const d = await repo.lockDetection(trx, companyId, detectionId);
  if (!d) throw notFound('Detection');
  return d;
}

const answer = async ({ db }: Deps, detectionId: number, scanStatus: Awaited<ReturnType<typeof repo.refreshScanStatus>>, message: string) => ({
  status: 'success' as const, message, detection: toDetection(await repo.findDetection(db, detectionId)), scan_status: scanStatus,
});

/**
 * Confirm turns the suspected problem into an observation (or reopens one); correct moves it to the chosen
 * problem (filing one when the detection named none); reject removes a suspected one (dismisses a confirmed one). The last review stands; each is audited. A confirm or reject
 * leaves the reviewer's measurements as they are (a confirm after a count correction keeps the count).
 */
export async function reviewDetection(deps: Deps, caller: Caller, input: Input<'reviewScanDetection'>) {
  assertOwnCompany(caller, input.company_id);
  const now = new Date();
  const scanStatus = await deps.db.transaction().execute(async (trx) => {
    // Ids first (another company's is a 404 whatever else is wrong), then how they go together.
    const d = await lockOwnDetection(trx, caller.company_id, input.detection_id);
    const chosen = input.problem_id === undefined ? undefined : await problemOf(trx, caller.company_id, input.problem_id);
    if (input.action === 'correct' && !chosen) throw badRequest(msg.correctNeedsProblem, 'problem_id');
    if (input.action !== 'correct' && chosen) throw badRequest(msg.problemOnlyForCorrect, 'problem_id');
    const corrected = input.action === 'correct' ? chosen : undefined;
    const kept = d.corrected_problem_id !== null ? await repo.findProblem(trx, caller.company_id, d.corrected_problem_id) : undefined;
    const engine = d.problem_id !== null && d.problem !== null ? { problem_id: d.problem_id, name: d.problem } : undefined;
    // A confirm after a correction confirms what the reviewer settled on; the engine's problem otherwise.
    const target = corrected ?? (input.action === 'confirm' && d.origin === 'reviewer' ? kept : undefined) ?? engine ?? kept;
    if (!target && input.action === 'confirm') throw badRequest(msg.noProblemToConfirm, 'action');
    const observationId = await settleObservation(trx, caller, d, target, input.action !== 'reject', `Scan ${d.scan_id}: ${d.label}, ${input.action}ed by a scout.`, now);
    // A reviewer's own detection stays 'corrected' when confirmed: the engine did not see it.
    const reviewed = input.action === 'reject' ? 'rejected' : input.action === 'correct' || d.origin === 'reviewer' ? 'corrected' : 'confirmed';
    const correctedId = corrected?.problem_id ?? (d.origin === 'reviewer' ? d.corrected_problem_id : null);
    await review.updateCorrection(trx, d.detection_id, {
      review: reviewed, corrected_problem_id: correctedId, reviewed_count: d.reviewed_count, reviewed_affected_percent: d.reviewed_affected_percent,
      reviewed_regions: d.reviewed_regions === null ? null : JSON.stringify(d.reviewed_regions), reviewed_by: caller.user_id, reviewed_at: now, observation_id: observationId,
    });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: `scan_detection.${input.action}`, entityType: 'scan_detection', entityId: d.detection_id,
      before: { review: d.review, corrected_problem_id: d.corrected_problem_id, observation_id: d.observation_id },
      after: { review: reviewed, corrected_problem_id: correctedId, observation_id: observationId, scan_id: d.scan_id },
    });
    return repo.refreshScanStatus(trx, d.scan_id);
  });
  return answer(deps, input.detection_id, scanStatus, msg.reviewed);
}

/**
 * The reviewer's count, share of the leaf, regions and (optionally) problem, kept beside the engine's. A count
 * or share of 0 says the problem is not there: its observation leaves the counts, as on a reject.
 */
export async function correctDetection(deps: Deps, caller: Caller, input: ReviewInput<'correctScanDetection'>) {
  assertOwnCompany(caller, input.company_id);
  const now = new Date();
  const scanStatus = await deps.db.transaction().execute(async (trx) => {
    const d = await lockOwnDetection(trx, caller.company_id, input.detection_id);
    const chosen = input.problem_id === undefined ? undefined : await problemOf(trx, caller.company_id, input.problem_id);
    if (chosen === undefined && input.count === undefined && input.affected_percent === undefined && input.regions === undefined) {
      throw badRequest(rmsg.nothingToCorrect, 'count');
    }
    const kept = d.corrected_problem_id !== null ? await repo.findProblem(trx, caller.company_id, d.corrected_problem_id) : undefined;
    const engine = d.problem_id !== null && d.problem !== null ? { problem_id: d.problem_id, name: d.problem } : undefined;
    const target = chosen ?? kept ?? engine;
    if (!target) throw badRequest(rmsg.correctionNeedsProblem, 'problem_id');
    const count = input.count ?? d.reviewed_count;
    const share = input.affected_percent ?? d.reviewed_affected_percent;
    const regions = input.regions !== undefined ? JSON.stringify(input.regions) : d.reviewed_regions === null ? null : JSON.stringify(d.reviewed_regions);
    const seen = count !== 0 && share !== 0;
    const observationId = await settleObservation(trx, caller, d, target, seen, `Scan ${d.scan_id}: ${d.label}, corrected by a scout.`, now);
    const correctedId = chosen?.problem_id ?? d.corrected_problem_id;
    await review.updateCorrection(trx, d.detection_id, {
      review: 'corrected', corrected_problem_id: correctedId, reviewed_count: count, reviewed_affected_percent: share, reviewed_regions: regions,
      reviewed_by: caller.user_id, reviewed_at: now, observation_id: observationId,
    });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'scan_detection.correct_measure', entityType: 'scan_detection', entityId: d.detection_id,
      before: {
        review: d.review, corrected_problem_id: d.corrected_problem_id, reviewed_count: d.reviewed_count, reviewed_affected_percent: d.reviewed_affected_percent,
        reviewed_regions: d.reviewed_regions, observation_id: d.observation_id,
        engine: { problem_id: d.problem_id, count: d.count, affected_percent: d.affected_percent, regions: d.regions },
      },
      after: {
        review: 'corrected', corrected_problem_id: correctedId, reviewed_count: count, reviewed_affected_percent: share,
        reviewed_regions: regions === null ? null : input.regions ?? d.reviewed_regions, observation_id: observationId, scan_id: d.scan_id,
      },
    });
    return repo.refreshScanStatus(trx, d.scan_id);
  });
  return answer(deps, input.detection_id, scanStatus, rmsg.corrected);
}

/** A problem the engine missed, drawn by the reviewer on one photo: a corrected detection of origin 'reviewer' and its observation. */
export async function addDetection(deps: Deps, caller: Caller, input: ReviewInput<'addScanDetection'>) {
  assertOwnCompany(caller, input.company_id);
  const now = new Date();
  const made = await deps.db.transaction().execute(async (trx) => {
    const image = await review.findImage(trx, caller.company_id, input.scan_image_id);
    if (!image) throw notFound('Scan image');
    const problem = await problemOf(trx, caller.company_id, input.problem_id);
    const seen = input.count !== 0 && input.affected_percent !== 0;
    // A person saw it: an open observation at once, filed (and alerting) like any confirmed one.
    const observationId = seen
      ? (await fileObservations({ db: trx }, {
          companyId: caller.company_id, source: 'review', observedBy: caller.user_id, observedAt: image.captured_at,
          observations: [{
            place: { room_id: image.room_id, grid_id: image.grid_id, grid_box_id: image.grid_box_id, sub_gridbox_id: null }, problem: problem.name,
            problem_id: problem.problem_id, severity: null, notes: `Scan ${image.scan_id}: ${problem.name}, added by a scout (the model missed it).`,
          }],
        }))[0]!
      : null;
    const detectionId = await review.insertAddedDetection(trx, {
      company_id: caller.company_id, scan_id: image.scan_id, scan_image_id: image.scan_image_id, label: problem.slug,
      corrected_problem_id: problem.problem_id, reviewed_count: input.count ?? null, reviewed_affected_percent: input.affected_percent ?? null,
      reviewed_regions: JSON.stringify(input.regions), reviewed_by: caller.user_id, reviewed_at: now, observation_id: observationId,
    });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'scan_detection.add', entityType: 'scan_detection', entityId: detectionId,
      after: {
        scan_id: image.scan_id, scan_image_id: image.scan_image_id, problem_id: problem.problem_id, reviewed_count: input.count ?? null,
        reviewed_affected_percent: input.affected_percent ?? null, reviewed_regions: input.regions, observation_id: observationId,
      },
    });
    return { detectionId, scanStatus: await repo.refreshScanStatus(trx, image.scan_id) };
  });
  return answer(deps, made.detectionId, made.scanStatus, rmsg.added);
}
