import { sql, type Kysely } from 'kysely';

/**
 * Plant search's third tier (the term inside a uid, not at its start) needs a uid longer than the term. With
 * this index a term as long as the company's uids — a whole uid, scanned or pasted — finds no such uid by a
 * probe, instead of reading the trigram lists of '-00', '000' … that every uid shares (docs/decisions.md,
 * "Search and overview speed").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX plants_company_uid_length_idx ON plants (company_id, length(lower(plant_uid)))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS plants_company_uid_length_idx`.execute(db);
}
