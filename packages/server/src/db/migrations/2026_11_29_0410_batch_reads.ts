import { sql, type Kysely } from 'kysely';

/**
 * The batch page reads the form responses recorded on a batch by this index, and those made in its boxes by
 * form_responses_box_time_idx (migration 2026_11_29_0400): before, it read every response of the company
 * (issue 19; docs/decisions.md, "Fast at 100 ha").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX form_responses_batch_idx ON form_responses (batch_id, observed_at DESC) WHERE batch_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS form_responses_batch_idx`.execute(db);
}
