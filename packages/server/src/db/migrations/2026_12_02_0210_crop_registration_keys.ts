import { sql, type Kysely } from 'kysely';

/**
 * Crop registration's tables keyed for Citus (docs/scale-out.md; src/test/citus): every key holds company_id and
 * the tables refer to each other by (company_id, id). References to other modules' tables (crops, rooms, grid
 * boxes, batches, plants, users), whose keys do not hold company_id yet, are dropped: the service checks every id
 * against the company, and the reads join those tables, so a deleted room, crop or grid box leaves rows nothing
 * shows (as bulk_changes does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE measurement_types DROP CONSTRAINT measurement_types_crop_id_fkey, DROP CONSTRAINT measurement_types_created_by_fkey;
    ALTER TABLE measurement_type_seeds DROP CONSTRAINT measurement_type_seeds_crop_id_fkey;
    ALTER TABLE crop_plantings DROP CONSTRAINT crop_plantings_room_id_fkey, DROP CONSTRAINT crop_plantings_crop_id_fkey,
      DROP CONSTRAINT crop_plantings_batch_id_fkey, DROP CONSTRAINT crop_plantings_created_by_fkey;
    ALTER TABLE sample_sets DROP CONSTRAINT sample_sets_planting_id_fkey, DROP CONSTRAINT sample_sets_created_by_fkey;
    ALTER TABLE sample_plants DROP CONSTRAINT sample_plants_set_id_fkey, DROP CONSTRAINT sample_plants_grid_box_id_fkey,
      DROP CONSTRAINT sample_plants_plant_id_fkey, DROP CONSTRAINT sample_plants_set_id_grid_box_id_key;
    ALTER TABLE crop_registration_values DROP CONSTRAINT crop_registration_values_sample_plant_id_fkey,
      DROP CONSTRAINT crop_registration_values_type_id_fkey, DROP CONSTRAINT crop_registration_values_planting_id_fkey,
      DROP CONSTRAINT crop_registration_values_registered_by_fkey;
    ALTER TABLE crop_registration_weeks DROP CONSTRAINT crop_registration_weeks_planting_id_fkey, DROP CONSTRAINT crop_registration_weeks_type_id_fkey;
    ALTER TABLE room_day_temperatures DROP CONSTRAINT room_day_temperatures_room_id_fkey, DROP CONSTRAINT room_day_temperatures_updated_by_fkey;
    ALTER TABLE crop_harvests DROP CONSTRAINT crop_harvests_planting_id_fkey, DROP CONSTRAINT crop_harvests_recorded_by_fkey;
    ALTER TABLE crop_targets DROP CONSTRAINT crop_targets_crop_id_fkey, DROP CONSTRAINT crop_targets_updated_by_fkey,
      DROP CONSTRAINT crop_targets_crop_id_indicator_key;
    ALTER TABLE harvest_forecasts DROP CONSTRAINT harvest_forecasts_planting_id_fkey;

    ALTER TABLE measurement_types DROP CONSTRAINT measurement_types_pkey, ADD PRIMARY KEY (company_id, type_id);
    ALTER TABLE crop_plantings DROP CONSTRAINT crop_plantings_pkey, ADD PRIMARY KEY (company_id, planting_id);
    ALTER TABLE sample_sets DROP CONSTRAINT sample_sets_pkey, ADD PRIMARY KEY (company_id, set_id);
    ALTER TABLE sample_plants DROP CONSTRAINT sample_plants_pkey, ADD PRIMARY KEY (company_id, sample_plant_id),
      ADD UNIQUE (company_id, set_id, grid_box_id);
    ALTER TABLE crop_registration_values DROP CONSTRAINT crop_registration_values_pkey, ADD PRIMARY KEY (company_id, sample_plant_id, week, type_id);
    ALTER TABLE crop_registration_weeks DROP CONSTRAINT crop_registration_weeks_pkey, ADD PRIMARY KEY (company_id, planting_id, week, type_id);
    ALTER TABLE room_day_temperatures DROP CONSTRAINT room_day_temperatures_pkey, ADD PRIMARY KEY (company_id, room_id, day);
    ALTER TABLE crop_harvests DROP CONSTRAINT crop_harvests_pkey, ADD PRIMARY KEY (company_id, planting_id, week);
    ALTER TABLE crop_targets DROP CONSTRAINT crop_targets_pkey, ADD PRIMARY KEY (company_id, target_id), ADD UNIQUE (company_id, crop_id, indicator);
    ALTER TABLE harvest_forecasts DROP CONSTRAINT harvest_forecasts_pkey, ADD PRIMARY KEY (company_id, planting_id, made_week, horizon);

    ALTER TABLE sample_sets ADD FOREIGN KEY (company_id, planting_id) REFERENCES crop_plantings (company_id, planting_id) ON DELETE CASCADE;
    ALTER TABLE sample_plants ADD FOREIGN KEY (company_id, set_id) REFERENCES sample_sets (company_id, set_id) ON DELETE CASCADE;
    ALTER TABLE crop_registration_values
      ADD FOREIGN KEY (company_id, sample_plant_id) REFERENCES sample_plants (company_id, sample_plant_id) ON DELETE CASCADE,
      ADD FOREIGN KEY (company_id, type_id) REFERENCES measurement_types (company_id, type_id) ON DELETE CASCADE,
      ADD FOREIGN KEY (company_id, planting_id) REFERENCES crop_plantings (company_id, planting_id) ON DELETE CASCADE;
    ALTER TABLE crop_registration_weeks
      ADD FOREIGN KEY (company_id, planting_id) REFERENCES crop_plantings (company_id, planting_id) ON DELETE CASCADE,
      ADD FOREIGN KEY (company_id, type_id) REFERENCES measurement_types (company_id, type_id) ON DELETE CASCADE;
    ALTER TABLE crop_harvests ADD FOREIGN KEY (company_id, planting_id) REFERENCES crop_plantings (company_id, planting_id) ON DELETE CASCADE;
    ALTER TABLE harvest_forecasts ADD FOREIGN KEY (company_id, planting_id) REFERENCES crop_plantings (company_id, planting_id) ON DELETE CASCADE;

    DROP INDEX measurement_types_name_key;
    DROP INDEX measurement_types_measure_key;
    CREATE UNIQUE INDEX measurement_types_name_key ON measurement_types (company_id, crop_id, lower(name)) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX measurement_types_measure_key ON measurement_types (company_id, crop_id, measure) WHERE deleted_at IS NULL AND measure IS NOT NULL;
  `.execute(db);
}
