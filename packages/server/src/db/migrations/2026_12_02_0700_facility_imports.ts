import { sql, type Kysely } from 'kysely';

/**
 * Facility imports (issue 25; docs/decisions.md, "Facility round trip"): one row per applied import, with the rooms
 * and grids it created and every box it wrote ({ id, before, after } of name, status and colour), so the whole
 * import can be undone. Kept with its company (the key carries company_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE facility_imports (
      company_id integer NOT NULL REFERENCES companies(company_id),
      import_id integer GENERATED ALWAYS AS IDENTITY,
      user_id integer NOT NULL,
      format text NOT NULL CHECK (format IN ('csv', 'geojson')),
      file_name text NOT NULL,
      rooms_created integer[] NOT NULL,
      grids_created integer[] NOT NULL,
      boxes jsonb NOT NULL CHECK (jsonb_typeof(boxes) = 'array'),
      created_at timestamptz NOT NULL DEFAULT now(),
      undone_at timestamptz,
      undone_by integer,
      PRIMARY KEY (company_id, import_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE facility_imports`.execute(db);
}
