import { sql, type Kysely } from 'kysely';

/**
 * Spray products, treatments and their applications to grid boxes (docs/decisions.md, "Treatments").
 * A product is removed by stamping deleted_at, so past applications keep naming it; names are unique
 * among a company's live products, whatever their case. A treatment is one (product, type) pair of a
 * company; its delete is a toggle (spec-2 §4). An application names many boxes through its own table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE spray_products (
      product_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      name text NOT NULL,
      details text,
      reentry_interval_hours integer CHECK (reentry_interval_hours BETWEEN 0 AND 8760),
      preharvest_interval_days integer CHECK (preharvest_interval_days BETWEEN 0 AND 365),
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX spray_products_live_name_key ON spray_products (company_id, lower(name)) WHERE deleted_at IS NULL;

    CREATE TABLE treatments (
      treatment_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      product_id integer NOT NULL REFERENCES spray_products(product_id),
      treatment_type text NOT NULL DEFAULT 'biological',
      sub_type text,
      notes text,
      is_deleted boolean NOT NULL DEFAULT false,
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX treatments_product_type_key ON treatments (company_id, product_id, treatment_type);

    CREATE TABLE treatment_applications (
      application_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      product_id integer NOT NULL REFERENCES spray_products(product_id),
      application_date date NOT NULL,
      applied_at timestamptz,
      quantity_used double precision NOT NULL CHECK (quantity_used > 0),
      reentry_until timestamptz,
      preharvest_until date,
      applied_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX treatment_applications_company_date_idx ON treatment_applications (company_id, application_date);

    CREATE TABLE treatment_application_boxes (
      application_id integer NOT NULL REFERENCES treatment_applications(application_id) ON DELETE CASCADE,
      grid_box_id integer NOT NULL REFERENCES grid_boxes(grid_box_id) ON DELETE CASCADE,
      PRIMARY KEY (application_id, grid_box_id)
    );
    CREATE INDEX treatment_application_boxes_box_idx ON treatment_application_boxes (grid_box_id);
  `.execute(db);
}
