import { sql, type Kysely } from 'kysely';

/**
 * The plant-protection register, part 2 (issue 22; docs/decisions.md, "Plant-protection register: applications,
 * rules, exports"): an application's register fields, its tank mix, releases of beneficials and target problems,
 * the side-effect table of products on beneficials, a grid's physical cell size and an operator's licence number.
 * (A pre-harvest override is an audited harvest, not a column: modules/batches.)
 *
 * - Every product of an application is a row of treatment_application_products (line 1 is the spec's
 *   ProductName/QuantityUsed, still kept on treatment_applications for the readers that use it); existing
 *   applications get their line 1 here, so an export reads one table for "one line per product per application".
 * - Quantities stay double precision like treatment_applications.quantity_used; the exact sums live in stock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE treatment_applications
      ADD COLUMN started_at timestamptz,
      ADD COLUMN ended_at timestamptz,
      ADD COLUMN operator_licence text,
      ADD COLUMN equipment text,
      ADD COLUMN crop_eppo text CHECK (crop_eppo ~ '^[A-Z0-9]{5,6}$'),
      ADD COLUMN crop_name text,
      ADD COLUMN bbch smallint CHECK (bbch BETWEEN 0 AND 99),
      ADD COLUMN area_m2 double precision CHECK (area_m2 > 0),
      ADD COLUMN area_source text CHECK (area_source IN ('grid', 'typed')),
      ADD COLUMN water_volume_l double precision CHECK (water_volume_l >= 0),
      ADD COLUMN weather jsonb,
      ADD COLUMN notes text,
      ADD CONSTRAINT treatment_applications_end_after_start CHECK (ended_at IS NULL OR started_at IS NULL OR ended_at >= started_at);

    CREATE TABLE treatment_application_products (
      application_id integer NOT NULL REFERENCES treatment_applications(application_id) ON DELETE CASCADE,
      line_no smallint NOT NULL CHECK (line_no BETWEEN 1 AND 50),
      product_id integer NOT NULL REFERENCES spray_products(product_id),
      quantity_used double precision NOT NULL CHECK (quantity_used > 0),
      quantity_unit text CHECK (quantity_unit IN ('L', 'kg', 'units')),
      dose double precision CHECK (dose > 0),
      dose_unit text,
      PRIMARY KEY (application_id, line_no)
    );
    CREATE INDEX treatment_application_products_product_idx ON treatment_application_products (product_id);
    INSERT INTO treatment_application_products (application_id, line_no, product_id, quantity_used)
      SELECT application_id, 1, product_id, quantity_used FROM treatment_applications;

    CREATE TABLE treatment_application_releases (
      release_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      application_id integer NOT NULL REFERENCES treatment_applications(application_id) ON DELETE CASCADE,
      species text NOT NULL,
      quantity_per_m2 double precision NOT NULL CHECK (quantity_per_m2 > 0),
      method text NOT NULL
    );
    CREATE INDEX treatment_application_releases_app_idx ON treatment_application_releases (application_id);

    CREATE TABLE treatment_application_targets (
      application_id integer NOT NULL REFERENCES treatment_applications(application_id) ON DELETE CASCADE,
      problem_id integer REFERENCES plant_problems(problem_id) ON DELETE SET NULL,
      observation_id integer REFERENCES problem_observations(observation_id) ON DELETE SET NULL
    );
    CREATE INDEX treatment_application_targets_app_idx ON treatment_application_targets (application_id);

    -- What a product does to a beneficial (IOBC-style classes), kept by the grower; species matched case-blind.
    CREATE TABLE beneficial_side_effects (
      side_effect_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      product_id integer NOT NULL REFERENCES spray_products(product_id),
      species text NOT NULL,
      effect text NOT NULL CHECK (effect IN ('harmful', 'moderately harmful', 'harmless')),
      persistence_days integer NOT NULL CHECK (persistence_days BETWEEN 0 AND 365),
      updated_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX beneficial_side_effects_key ON beneficial_side_effects (company_id, product_id, lower(species));

    ALTER TABLE grids ADD COLUMN cell_area_m2 double precision CHECK (cell_area_m2 > 0);
    ALTER TABLE users ADD COLUMN spray_licence_number text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users DROP COLUMN IF EXISTS spray_licence_number;
    ALTER TABLE grids DROP COLUMN IF EXISTS cell_area_m2;
    DROP TABLE IF EXISTS beneficial_side_effects, treatment_application_targets, treatment_application_releases, treatment_application_products;
    ALTER TABLE treatment_applications
      DROP CONSTRAINT IF EXISTS treatment_applications_end_after_start,
      DROP COLUMN IF EXISTS started_at, DROP COLUMN IF EXISTS ended_at, DROP COLUMN IF EXISTS operator_licence,
      DROP COLUMN IF EXISTS equipment, DROP COLUMN IF EXISTS crop_eppo, DROP COLUMN IF EXISTS crop_name, DROP COLUMN IF EXISTS bbch,
      DROP COLUMN IF EXISTS area_m2, DROP COLUMN IF EXISTS area_source, DROP COLUMN IF EXISTS water_volume_l,
      DROP COLUMN IF EXISTS weather, DROP COLUMN IF EXISTS notes;
  `.execute(db);
}
