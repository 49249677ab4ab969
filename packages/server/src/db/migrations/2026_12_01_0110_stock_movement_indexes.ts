import { sql, type Kysely } from 'kysely';

/**
 * A stock movement is found by its application within one company (src/test/tenant-indexes.test.ts: an index
 * leading with application_id, which names no company, mixes every company's rows; issue 22).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX stock_movements_application_idx;
    CREATE INDEX stock_movements_application_idx ON stock_movements (company_id, application_id) WHERE application_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS stock_movements_application_idx;
    CREATE INDEX stock_movements_application_idx ON stock_movements (application_id) WHERE application_id IS NOT NULL;
  `.execute(db);
}
