import { sql, type Kysely } from 'kysely';

/**
 * Scan status `uncertain` (issue 18; docs/decisions.md, "One analysis everywhere"): the engine found nothing
 * on a photo it doubted, so the scan says "Not sure: check by eye" instead of "clear".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE scans DROP CONSTRAINT IF EXISTS scans_status_check;
    ALTER TABLE scans ADD CONSTRAINT scans_status_check CHECK (status IN ('needs_review', 'reviewed', 'clear', 'uncertain'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE scans SET status = 'clear' WHERE status = 'uncertain';
    ALTER TABLE scans DROP CONSTRAINT IF EXISTS scans_status_check;
    ALTER TABLE scans ADD CONSTRAINT scans_status_check CHECK (status IN ('needs_review', 'reviewed', 'clear'));
  `.execute(db);
}
