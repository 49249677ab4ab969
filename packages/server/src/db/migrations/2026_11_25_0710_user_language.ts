import { sql, type Kysely } from 'kysely';

/**
 * A user's own interface language over the company's default (company_settings.language): NULL means
 * "the company's language". The same four languages as the company setting (LANGUAGES in the contract).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN language text CHECK (language IN ('en', 'es', 'nl', 'fr'))
  `.execute(db);
}
