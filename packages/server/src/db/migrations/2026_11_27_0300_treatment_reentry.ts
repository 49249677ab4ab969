import { sql, type Kysely } from 'kysely';

/**
 * The room load marks every box still inside a re-entry interval ("no entry until", room-tree.sql.ts
 * `boxReentry`). It looks up the company's applications whose re-entry ends after now — few, however long
 * the company's history — so this index gives that lookup a short range instead of every application.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX treatment_applications_reentry_idx ON treatment_applications (company_id, reentry_until) WHERE reentry_until IS NOT NULL;
  `.execute(db);
}
