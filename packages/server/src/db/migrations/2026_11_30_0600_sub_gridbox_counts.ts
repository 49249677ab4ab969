import { sql, type Kysely } from 'kysely';

/**
 * The room load counts each box's live sub-boxes and plants (room-tree.sql.ts `boxCounts`). With only the
 * position key, PostgreSQL read every sub-box of the database for each page of 5,000 boxes (a parallel
 * sequential scan: 1.8 s a page at 100 ha, so the whole-facility load grew with boxes × pages); this index
 * answers a page's counts from the index alone, about 20 entries per box (issue 19). IF NOT EXISTS: the
 * scale databases of the bench were given it by hand before this migration ran there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS sub_gridboxes_parent_live_idx ON sub_gridboxes (parent_gridbox_id) INCLUDE (company_id, plant_id)
    WHERE deleted_at IS NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sub_gridboxes_parent_live_idx`.execute(db);
}
