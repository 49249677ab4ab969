import { sql, type Kysely } from 'kysely';

/**
 * Corrections that teach (issue 18; docs/decisions.md, "Scan corrections (issue 18)"). A reviewer's answer is
 * kept beside the engine's, never over it: the engine's label, problem, count, affected share and regions stay
 * as the engine gave them, and the reviewer's count, share and regions go in their own columns (null = the
 * reviewer kept the engine's). A problem the engine missed is a detection of origin 'reviewer' (the engine's
 * columns say it saw nothing: no problem, confidence 0, no regions). A correction no longer needs another
 * problem (a count or a region alone can be corrected), so the old check goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE scan_detections DROP CONSTRAINT IF EXISTS scan_detections_check;
    ALTER TABLE scan_detections
      ADD COLUMN origin text NOT NULL DEFAULT 'engine' CHECK (origin IN ('engine', 'reviewer')),
      ADD COLUMN reviewed_count integer CHECK (reviewed_count >= 0),
      ADD COLUMN reviewed_affected_percent double precision CHECK (reviewed_affected_percent >= 0 AND reviewed_affected_percent <= 100),
      ADD COLUMN reviewed_regions jsonb;
    ALTER TABLE scan_detections ADD CONSTRAINT scan_detections_reviewer_origin_check
      CHECK (origin = 'engine' OR (review = 'corrected' AND corrected_problem_id IS NOT NULL AND reviewed_regions IS NOT NULL));
    CREATE INDEX scan_detections_reviewed_idx ON scan_detections (company_id, scan_image_id) WHERE review <> 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM scan_detections WHERE origin = 'reviewer';
    DROP INDEX IF EXISTS scan_detections_reviewed_idx;
    ALTER TABLE scan_detections DROP CONSTRAINT IF EXISTS scan_detections_reviewer_origin_check;
    ALTER TABLE scan_detections DROP COLUMN reviewed_regions, DROP COLUMN reviewed_affected_percent, DROP COLUMN reviewed_count, DROP COLUMN origin;
  `.execute(db);
}
