import { sql, type Kysely } from 'kysely';

/**
 * The plant-protection register, part 1 (issue 22; docs/decisions.md, "Plant-protection register: products,
 * crops, stock"): what a product is authorised for, the company's crops by EPPO code (batches may name one),
 * EPPO codes on the problem library, and stock kept per lot.
 *
 * - Active substances and authorised crops are short lists always read and replaced with their product, so they
 *   are jsonb arrays on it (shape checked by the contract; the database checks they are arrays).
 * - Quantities are numeric(14,3): sums and deductions are exact (the 0.1 + 0.2 of a double would leave crumbs).
 * - A lot's quantity never goes below zero; what an application used beyond the stock is the product's
 *   `shortfall` on stock_levels, recorded by a 'shortfall' movement and cleared by a stocktake.
 * - stock_levels holds one row per product that has had stock: the row every stock write locks first, so two
 *   applications of one product deduct one after the other.
 * - stock_movements.application_id names the application that used the stock; it has no foreign key here because
 *   the applications' table is the treatments module's to shape (issue 22 part 2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE spray_products
      ADD COLUMN authorisation_number text,
      ADD COLUMN authorisation_country text CHECK (authorisation_country ~ '^[A-Z]{2}$'),
      ADD COLUMN product_type text CHECK (product_type IN
        ('chemical', 'biological_macro', 'biological_micro', 'biostimulant', 'fertiliser', 'disinfectant', 'adjuvant')),
      ADD COLUMN active_substances jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(active_substances) = 'array'),
      ADD COLUMN formulation text,
      ADD COLUMN unit text CHECK (unit IN ('L', 'kg', 'units')),
      ADD COLUMN max_dose numeric(14,3) CHECK (max_dose > 0),
      ADD COLUMN max_dose_basis text CHECK (max_dose_basis IN ('per_ha', 'per_1000_l')),
      ADD COLUMN max_applications_per_cycle integer CHECK (max_applications_per_cycle BETWEEN 1 AND 1000),
      ADD COLUMN authorised_crops jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(authorised_crops) = 'array'),
      ADD COLUMN protective_equipment text,
      ADD COLUMN label_key text,
      ADD COLUMN label_filename text,
      ADD CONSTRAINT spray_products_dose_basis CHECK ((max_dose IS NULL) = (max_dose_basis IS NULL));

    CREATE TABLE crops (
      crop_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      name text NOT NULL,
      eppo_code text NOT NULL CHECK (eppo_code ~ '^[A-Z0-9]{5,6}$'),
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX crops_name_key ON crops (company_id, lower(name));
    -- A company's defaults are put in once: deleting every crop later must not bring them back.
    CREATE TABLE crop_list_seeds (
      company_id integer PRIMARY KEY REFERENCES companies(company_id),
      seeded_at timestamptz NOT NULL DEFAULT now()
    );

    -- RESTRICT: a crop in use by a batch is refused by the service with a message; this is the backstop.
    ALTER TABLE batches ADD COLUMN crop_id integer REFERENCES crops(crop_id) ON DELETE RESTRICT;
    CREATE INDEX batches_crop_idx ON batches (crop_id) WHERE crop_id IS NOT NULL;

    ALTER TABLE plant_problems ADD COLUMN eppo_code text CHECK (eppo_code ~ '^[A-Z0-9]{5,6}$');
    -- A company's own code for a library problem (the library rows are shared by every company).
    CREATE TABLE problem_eppo_codes (
      company_id integer NOT NULL REFERENCES companies(company_id),
      problem_id integer NOT NULL REFERENCES plant_problems(problem_id) ON DELETE CASCADE,
      eppo_code text CHECK (eppo_code ~ '^[A-Z0-9]{5,6}$'),
      updated_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, problem_id)
    );

    CREATE TABLE stock_levels (
      product_id integer PRIMARY KEY REFERENCES spray_products(product_id),
      company_id integer NOT NULL REFERENCES companies(company_id),
      shortfall numeric(14,3) NOT NULL DEFAULT 0 CHECK (shortfall >= 0),
      low_stock_threshold numeric(14,3) CHECK (low_stock_threshold >= 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX stock_levels_company_idx ON stock_levels (company_id);

    CREATE TABLE stock_lots (
      lot_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      product_id integer NOT NULL REFERENCES spray_products(product_id),
      lot_number text NOT NULL,
      supplier text,
      expiry_date date,
      received_on date NOT NULL,
      quantity_received numeric(14,3) NOT NULL CHECK (quantity_received > 0),
      quantity numeric(14,3) NOT NULL CHECK (quantity >= 0),
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX stock_lots_product_idx ON stock_lots (product_id, expiry_date NULLS LAST, lot_id);
    CREATE INDEX stock_lots_company_idx ON stock_lots (company_id);

    CREATE TABLE stock_movements (
      movement_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      product_id integer NOT NULL REFERENCES spray_products(product_id),
      lot_id integer REFERENCES stock_lots(lot_id),
      kind text NOT NULL CHECK (kind IN ('receipt', 'application', 'stocktake', 'shortfall')),
      quantity numeric(14,3) NOT NULL,
      reason text,
      application_id integer,
      user_id integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX stock_movements_product_idx ON stock_movements (product_id, movement_id);
    CREATE INDEX stock_movements_application_idx ON stock_movements (application_id) WHERE application_id IS NOT NULL;
  `.execute(db);

  // The library's codes (EPPO Global Database); a problem left out names a group with no one code.
  const codes: Array<[string, string]> = [
    ['two-spotted-spider-mite', 'TETRUR'], ['broad-mite', 'POLHLA'], ['russet-mite', 'VASALY'], ['cyclamen-mite', 'TARSPA'],
    ['western-flower-thrips', 'FRANOC'], ['green-peach-aphid', 'MYZUPE'], ['cotton-melon-aphid', 'APHIGO'],
    ['greenhouse-whitefly', 'TRIAVA'], ['silverleaf-whitefly', 'BEMITA'], ['fungus-gnats', '1BRADG'], ['leafminers', '1LIRIG'],
    ['citrus-mealybug', 'PLANCI'], ['soft-scale', 'COCCHE'], ['botrytis-grey-mould', 'BOTRCI'], ['pythium-root-rot', '1PYTHG'],
    ['phytophthora-root-crown-rot', '1PHYTG'], ['fusarium-wilt', 'FUSAOX'], ['verticillium-wilt', 'VERTDA'],
    ['alternaria-leaf-spot', '1ALTEG'], ['bacterial-canker', 'CORBMI'], ['tomato-spotted-wilt-virus', 'TSWV00'],
    ['impatiens-necrotic-spot-virus', 'INSV00'], ['cucumber-mosaic-virus', 'CMV000'], ['hop-latent-viroid', 'HLVD00'],
  ];
  const values = sql.join(codes.map(([slug, code]) => sql`(${slug}, ${code})`));
  await sql`
    UPDATE plant_problems p SET eppo_code = v.code
    FROM (VALUES ${values}) AS v(slug, code)
    WHERE p.slug = v.slug AND p.company_id IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS stock_movements, stock_lots, stock_levels, problem_eppo_codes, crop_list_seeds;
    ALTER TABLE plant_problems DROP COLUMN IF EXISTS eppo_code;
    ALTER TABLE batches DROP COLUMN IF EXISTS crop_id;
    DROP TABLE IF EXISTS crops;
    ALTER TABLE spray_products
      DROP CONSTRAINT IF EXISTS spray_products_dose_basis,
      DROP COLUMN IF EXISTS authorisation_number, DROP COLUMN IF EXISTS authorisation_country, DROP COLUMN IF EXISTS product_type,
      DROP COLUMN IF EXISTS active_substances, DROP COLUMN IF EXISTS formulation, DROP COLUMN IF EXISTS unit,
      DROP COLUMN IF EXISTS max_dose, DROP COLUMN IF EXISTS max_dose_basis, DROP COLUMN IF EXISTS max_applications_per_cycle,
      DROP COLUMN IF EXISTS authorised_crops, DROP COLUMN IF EXISTS protective_equipment, DROP COLUMN IF EXISTS label_key,
      DROP COLUMN IF EXISTS label_filename;
  `.execute(db);
}
