import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Reviewed detections of the company (confirmed, corrected, rejected, added) with their photo and scan, oldest review first. */
export function reviewedDetections(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom('scan_detections as d')
    .innerJoin('scan_images as i', 'i.scan_image_id', 'd.scan_image_id')
    .innerJoin('scans as s', 's.scan_id', 'd.scan_id')
    .select([
      'd.detection_id', 'd.scan_id', 'd.scan_image_id', 'd.label', 'd.problem_id', 'd.confidence', 'd.count', 'd.affected_percent', 'd.severity',
      'd.regions', 'd.review', 'd.origin', 'd.corrected_problem_id', 'd.reviewed_count', 'd.reviewed_affected_percent', 'd.reviewed_regions',
      'd.reviewed_by', 'd.reviewed_at', 'i.image_key', 'i.width', 'i.height', 'i.kind', 's.model', 's.model_version', 's.engine', 's.captured_at',
    ])
    .where('d.company_id', '=', companyId)
    .where('d.review', '<>', 'pending')
    .orderBy('d.reviewed_at')
    .orderBy('d.detection_id')
    .execute();
}
export type ReviewedRow = Awaited<ReturnType<typeof reviewedDetections>>[number];

/** The library's problems and the company's own: the export's categories. */
export function companyProblems(db: Kysely<DB>, companyId: number) {
  return db
    .selectFrom('plant_problems')
    .select(['problem_id', 'slug', 'name', 'category'])
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .orderBy('problem_id')
    .execute();
}
export type ProblemRow = Awaited<ReturnType<typeof companyProblems>>[number];
