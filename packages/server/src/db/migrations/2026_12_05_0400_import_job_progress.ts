import { sql, type Kysely } from 'kysely';

/**
 * An import job's progress kept on its row (issue 25; docs/decisions.md, "Import jobs"): behind a load balancer the
 * process asked for a job is often not the one running it, and showed 0 of N until the end. The running process
 * writes "n lines read" here about once a second, outside the import's transaction, on a database server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_jobs ADD COLUMN rows_done integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_jobs DROP COLUMN rows_done`.execute(db);
}
