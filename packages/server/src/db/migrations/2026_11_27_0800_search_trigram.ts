import { sql, type Kysely } from 'kysely';

/**
 * Autocomplete indexes (issue 11; docs/decisions.md, "Search and overview speed"). The search answers
 * exact matches first, then prefixes, then matches anywhere, each tier in uid/name order; it asks the
 * tiers one after another and stops when the limit is full:
 * - exact and prefix: a btree on lower(plant_uid) with text_pattern_ops (a LIKE 'abc%' range), and one on
 *   (company_id, plant_uid, plant_id) so a prefix matching most plants is read in order and stops early;
 * - anywhere: pg_trgm GIN indexes, which ILIKE '%abc%' uses for terms of 3 characters or more;
 * - box and sub-box names: mostly empty, so a partial btree of the named ones per company, and trigrams.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE INDEX plants_company_lower_uid_idx ON plants (company_id, lower(plant_uid) text_pattern_ops);
    CREATE INDEX plants_company_uid_idx ON plants (company_id, plant_uid, plant_id);
    CREATE INDEX plants_uid_trgm_idx ON plants USING gin (plant_uid gin_trgm_ops);
    CREATE INDEX grid_boxes_named_idx ON grid_boxes (company_id, custom_name) WHERE custom_name IS NOT NULL;
    CREATE INDEX grid_boxes_name_trgm_idx ON grid_boxes USING gin (custom_name gin_trgm_ops);
    CREATE INDEX sub_gridboxes_named_idx ON sub_gridboxes (company_id, custom_name) WHERE custom_name IS NOT NULL;
    CREATE INDEX sub_gridboxes_name_trgm_idx ON sub_gridboxes USING gin (custom_name gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS sub_gridboxes_name_trgm_idx;
    DROP INDEX IF EXISTS sub_gridboxes_named_idx;
    DROP INDEX IF EXISTS grid_boxes_name_trgm_idx;
    DROP INDEX IF EXISTS grid_boxes_named_idx;
    DROP INDEX IF EXISTS plants_uid_trgm_idx;
    DROP INDEX IF EXISTS plants_company_uid_idx;
    DROP INDEX IF EXISTS plants_company_lower_uid_idx;
  `.execute(db);
}
