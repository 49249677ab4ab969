import { sql, type Kysely } from 'kysely';

/**
 * Crop registration's indexes lead with company_id (src/test/tenant-indexes.test.ts): since 2026_12_02_0210 their
 * first columns no longer refer to another tenant table's row by a foreign key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX crop_plantings_room_idx;
    DROP INDEX crop_registration_values_planting_idx;
    DROP INDEX crop_registration_values_type_idx;
    DROP INDEX harvest_forecasts_week_idx;
    DROP INDEX sample_plants_box_idx;
    DROP INDEX sample_sets_planting_idx;
    CREATE INDEX crop_plantings_room_idx ON crop_plantings (company_id, room_id);
    CREATE INDEX crop_registration_values_planting_idx ON crop_registration_values (company_id, planting_id, week);
    CREATE INDEX crop_registration_values_type_idx ON crop_registration_values (company_id, type_id);
    CREATE INDEX harvest_forecasts_week_idx ON harvest_forecasts (company_id, planting_id, week);
    CREATE INDEX sample_plants_box_idx ON sample_plants (company_id, grid_box_id);
    CREATE INDEX sample_plants_set_idx ON sample_plants (company_id, set_id, position);
    CREATE INDEX sample_sets_planting_idx ON sample_sets (company_id, planting_id, valid_from);
  `.execute(db);
}
