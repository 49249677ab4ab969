import { sql, type Kysely } from 'kysely';

/**
 * Crop registration and the harvest forecast (issue 24; docs/decisions.md, "Crop registration and harvest
 * forecast").
 *
 * - measurement_types: a crop's form; removed types are soft-deleted (deleted_at) so past values keep their type.
 *   One live type per crop and name, and per crop and indicator measure.
 * - crop_plantings: a crop in a room (area, stems per m², optional batch, rotation weeks); sample_sets run from
 *   valid_from to valid_to (Mondays), sample_plants are grid boxes (and optionally a plant) of a set.
 * - crop_registration_values: one value per sample plant, week and type (the primary key: a resend replaces).
 *   `delta` is the value minus the same plant's value of the week before (null without one), kept by the service
 *   for this week and the next, so the speeds are plain sums.
 * - crop_registration_weeks: per planting, week and type the count and sums of values and deltas, kept by the
 *   service in the write's transaction; indicators and forecasts read this and never the values (bench:
 *   crop-registration.bench.ts).
 * - Deleting a crop removes its plantings and their registrations (ON DELETE CASCADE): the crops module refuses
 *   only crops that batches name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE measurement_types (
      type_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      crop_id integer NOT NULL REFERENCES crops(crop_id) ON DELETE CASCADE,
      name text NOT NULL,
      unit text NOT NULL DEFAULT '',
      min double precision NOT NULL,
      max double precision NOT NULL,
      decimals smallint NOT NULL DEFAULT 0 CHECK (decimals BETWEEN 0 AND 3),
      how_to_measure text NOT NULL DEFAULT '',
      kind text NOT NULL CHECK (kind IN ('number', 'truss_position')),
      measure text CHECK (measure IN ('stem_length', 'weekly_growth', 'stem_diameter', 'leaves', 'flowering_height',
        'flowering_truss', 'set_truss', 'harvest_truss', 'fruits_per_truss', 'fruit_weight')),
      position integer NOT NULL DEFAULT 0,
      is_default boolean NOT NULL DEFAULT false,
      deleted_at timestamptz,
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (min <= max)
    );
    CREATE UNIQUE INDEX measurement_types_name_key ON measurement_types (crop_id, lower(name)) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX measurement_types_measure_key ON measurement_types (crop_id, measure) WHERE deleted_at IS NULL AND measure IS NOT NULL;
    CREATE INDEX measurement_types_company_idx ON measurement_types (company_id, crop_id);
    -- A crop's defaults are put in once: removing them later must not bring them back.
    CREATE TABLE measurement_type_seeds (
      company_id integer NOT NULL REFERENCES companies(company_id),
      crop_id integer NOT NULL REFERENCES crops(crop_id) ON DELETE CASCADE,
      seeded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, crop_id)
    );

    CREATE TABLE crop_plantings (
      planting_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      room_id integer NOT NULL REFERENCES rooms(room_id) ON DELETE CASCADE,
      crop_id integer NOT NULL REFERENCES crops(crop_id) ON DELETE CASCADE,
      batch_id integer REFERENCES batches(batch_id) ON DELETE SET NULL,
      area_m2 double precision NOT NULL CHECK (area_m2 > 0),
      stems_per_m2 double precision NOT NULL CHECK (stems_per_m2 > 0),
      start_week date NOT NULL CHECK (extract(isodow FROM start_week) = 1),
      end_week date CHECK (extract(isodow FROM end_week) = 1 AND end_week >= start_week),
      rotation_weeks integer NOT NULL DEFAULT 4 CHECK (rotation_weeks BETWEEN 1 AND 52),
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX crop_plantings_company_idx ON crop_plantings (company_id, crop_id);
    CREATE INDEX crop_plantings_room_idx ON crop_plantings (room_id);

    CREATE TABLE sample_sets (
      set_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      planting_id integer NOT NULL REFERENCES crop_plantings(planting_id) ON DELETE CASCADE,
      valid_from date NOT NULL CHECK (extract(isodow FROM valid_from) = 1),
      valid_to date NOT NULL CHECK (extract(isodow FROM valid_to) = 1 AND valid_to >= valid_from),
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sample_sets_planting_idx ON sample_sets (planting_id, valid_from);

    CREATE TABLE sample_plants (
      sample_plant_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      set_id integer NOT NULL REFERENCES sample_sets(set_id) ON DELETE CASCADE,
      grid_box_id integer NOT NULL REFERENCES grid_boxes(grid_box_id) ON DELETE CASCADE,
      plant_id integer REFERENCES plants(plant_id) ON DELETE SET NULL,
      label text,
      position integer NOT NULL,
      UNIQUE (set_id, grid_box_id)
    );
    CREATE INDEX sample_plants_box_idx ON sample_plants (grid_box_id);

    CREATE TABLE crop_registration_values (
      company_id integer NOT NULL REFERENCES companies(company_id),
      sample_plant_id integer NOT NULL REFERENCES sample_plants(sample_plant_id) ON DELETE CASCADE,
      week date NOT NULL CHECK (extract(isodow FROM week) = 1),
      type_id integer NOT NULL REFERENCES measurement_types(type_id) ON DELETE CASCADE,
      planting_id integer NOT NULL REFERENCES crop_plantings(planting_id) ON DELETE CASCADE,
      value double precision NOT NULL,
      delta double precision,
      out_of_range boolean NOT NULL DEFAULT false,
      registered_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      registered_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (sample_plant_id, week, type_id)
    );
    CREATE INDEX crop_registration_values_type_idx ON crop_registration_values (type_id);
    CREATE INDEX crop_registration_values_planting_idx ON crop_registration_values (planting_id, week);

    CREATE TABLE crop_registration_weeks (
      company_id integer NOT NULL REFERENCES companies(company_id),
      planting_id integer NOT NULL REFERENCES crop_plantings(planting_id) ON DELETE CASCADE,
      week date NOT NULL,
      type_id integer NOT NULL REFERENCES measurement_types(type_id) ON DELETE CASCADE,
      n integer NOT NULL DEFAULT 0,
      sum_value double precision NOT NULL DEFAULT 0,
      n_delta integer NOT NULL DEFAULT 0,
      sum_delta double precision NOT NULL DEFAULT 0,
      PRIMARY KEY (planting_id, week, type_id)
    );
    CREATE INDEX crop_registration_weeks_company_idx ON crop_registration_weeks (company_id, week);

    CREATE TABLE room_day_temperatures (
      company_id integer NOT NULL REFERENCES companies(company_id),
      room_id integer NOT NULL REFERENCES rooms(room_id) ON DELETE CASCADE,
      day date NOT NULL,
      mean_c double precision NOT NULL CHECK (mean_c BETWEEN -30 AND 60),
      updated_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (room_id, day)
    );

    CREATE TABLE crop_harvests (
      company_id integer NOT NULL REFERENCES companies(company_id),
      planting_id integer NOT NULL REFERENCES crop_plantings(planting_id) ON DELETE CASCADE,
      week date NOT NULL CHECK (extract(isodow FROM week) = 1),
      kg double precision NOT NULL CHECK (kg >= 0),
      recorded_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (planting_id, week)
    );

    CREATE TABLE crop_targets (
      target_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      crop_id integer NOT NULL REFERENCES crops(crop_id) ON DELETE CASCADE,
      indicator text NOT NULL,
      value double precision NOT NULL,
      updated_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (crop_id, indicator)
    );
    CREATE INDEX crop_targets_company_idx ON crop_targets (company_id);

    -- One row per planting, week the forecast was made and horizon (1-5): a run for the same week replaces it.
    CREATE TABLE harvest_forecasts (
      company_id integer NOT NULL REFERENCES companies(company_id),
      planting_id integer NOT NULL REFERENCES crop_plantings(planting_id) ON DELETE CASCADE,
      made_week date NOT NULL,
      horizon smallint NOT NULL CHECK (horizon BETWEEN 1 AND 5),
      week date NOT NULL,
      kg_per_m2 double precision NOT NULL,
      made_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (planting_id, made_week, horizon)
    );
    CREATE INDEX harvest_forecasts_week_idx ON harvest_forecasts (planting_id, week);
  `.execute(db);
}
