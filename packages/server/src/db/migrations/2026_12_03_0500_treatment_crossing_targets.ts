import { sql, type Kysely } from 'kysely';

/**
 * An application's target can be a threshold crossing (issue 22: "linked to the observations or the threshold
 * crossing that led to it"; docs/decisions.md, "Threshold crossings as treatment targets"): a third link beside the
 * problem and the observation. A crossing deleted (never, today: they are history) leaves the target without it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE treatment_application_targets
      ADD COLUMN crossing_id integer REFERENCES threshold_crossings(crossing_id) ON DELETE SET NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE treatment_application_targets DROP COLUMN IF EXISTS crossing_id`.execute(db);
}
