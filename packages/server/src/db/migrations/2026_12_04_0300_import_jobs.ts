import { sql, type Kysely } from 'kysely';

/**
 * Import jobs (issue 25; docs/decisions.md, "Import jobs"): a facility or observations file uploaded once and read,
 * planned and written in the background, so a 100,000-line import does not depend on one request's timeout. The
 * file waits in the file store under file_key until the job is done; the answer (preview and import) is kept in
 * result. A job is marked done in the import's own transaction, so a job re-run after a crash applies once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE import_jobs (
      company_id integer NOT NULL REFERENCES companies(company_id),
      job_id integer GENERATED ALWAYS AS IDENTITY,
      user_id integer NOT NULL,
      user_role text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('facility', 'observations')),
      dry_run boolean NOT NULL,
      file_name text NOT NULL,
      file_key text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      rows_total integer NOT NULL,
      result jsonb,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      PRIMARY KEY (company_id, job_id)
    );
    CREATE INDEX import_jobs_unfinished_idx ON import_jobs (created_at) WHERE status IN ('queued', 'running');
    CREATE INDEX import_jobs_user_idx ON import_jobs (company_id, user_id, job_id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE import_jobs`.execute(db);
}
