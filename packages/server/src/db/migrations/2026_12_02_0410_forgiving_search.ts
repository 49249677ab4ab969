import { sql, type Kysely } from 'kysely';

/**
 * Forgiving search (issue 25; docs/decisions.md, "Forgiving search"): after exact, prefix and anywhere, the search
 * finds what is only alike the term (a typo, a missing letter) by pg_trgm's `%` and `<%`, which GIN trigram indexes
 * serve. Plant uids and box and sub-box names have theirs (2026_11_27_0800_search_trigram); batches get them on
 * their number and strain (variety). pg_trgm is made sure of here too: on PostgreSQL by this statement, embedded by
 * PGlite's contrib extension that db/pglite.ts loads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE INDEX batches_number_trgm_idx ON batches USING gin (batch_number gin_trgm_ops);
    CREATE INDEX batches_strain_trgm_idx ON batches USING gin (strain_name gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS batches_strain_trgm_idx;
    DROP INDEX IF EXISTS batches_number_trgm_idx;
  `.execute(db);
}
