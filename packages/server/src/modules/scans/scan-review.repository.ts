import type { Kysely, Transaction } from 'kysely';
import type { DetectionReview } from '@verdant/contract';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A photo of a scan of the company, with the scan's place and time; undefined when it is not the company's. */
export function findImage(trx: Transaction<DB>, companyId: number, scanImageId: number) {
  return trx
    .selectFrom('scan_images as i')
    .innerJoin('scans as s', 's.scan_id', 'i.scan_id')
    .select(['i.scan_image_id', 'i.scan_id', 's.room_id', 's.grid_id', 's.grid_box_id', 's.captured_at'])
    .where('i.scan_image_id', '=', scanImageId)
    .where('i.company_id', '=', companyId)
    .forUpdate('s')
    .executeTakeFirst();
}

/** What a correction sets: the review and the reviewer's measurements (each null = the engine's stands). */
export interface CorrectionPatch {
  review: DetectionReview;
  corrected_problem_id: number | null;
  reviewed_count: number | null;
  reviewed_affected_percent: number | null;
  reviewed_regions: string | null;
  reviewed_by: number;
  reviewed_at: Date;
  observation_id: number | null;
}

export async function updateCorrection(trx: Transaction<DB>, detectionId: number, patch: CorrectionPatch) {
  await trx.updateTable('scan_detections').set(patch).where('detection_id', '=', detectionId).execute();
}

export interface AddedDetection {
  company_id: number;
  scan_id: number;
  scan_image_id: number;
  label: string;
  corrected_problem_id: number;
  reviewed_count: number | null;
  reviewed_affected_percent: number | null;
  reviewed_regions: string;
  reviewed_by: number;
  reviewed_at: Date;
  observation_id: number | null;
}

/** A problem the engine missed: its engine columns say it saw nothing (no problem, confidence 0, no regions). */
export async function insertAddedDetection(trx: Transaction<DB>, row: AddedDetection): Promise<number> {
  const made = await trx
    .insertInto('scan_detections')
    .values({ ...row, origin: 'reviewer', review: 'corrected', problem_id: null, problem: null, confidence: 0, regions: '[]' })
    .returning('detection_id')
    .executeTakeFirstOrThrow();
  return made.detection_id;
}

/** The scan's model and version, for its agreement; undefined when it is not the company's. */
export function scanModel(db: Db, companyId: number, scanId: number) {
  return db.selectFrom('scans').select(['model', 'model_version']).where('scan_id', '=', scanId).where('company_id', '=', companyId).executeTakeFirst();
}

/** Whether a problem id exists at all (any company's): an unknown one is a 400, another company's a 404. */
export async function problemExists(trx: Transaction<DB>, problemId: number): Promise<boolean> {
  return (await trx.selectFrom('plant_problems').select('problem_id').where('problem_id', '=', problemId).executeTakeFirst()) !== undefined;
}
