import { sql, type Kysely } from 'kysely';

/**
 * Observation imports (issue 25; docs/decisions.md, "Observations round trip"): one row per applied import, with the
 * observations it created and every one it changed ({ id, before, after } of severity, status and notes), so the whole
 * import can be undone. Kept with its company (the key carries company_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE observation_imports (
      company_id integer NOT NULL REFERENCES companies(company_id),
      import_id integer GENERATED ALWAYS AS IDENTITY,
      user_id integer NOT NULL,
      format text NOT NULL CHECK (format IN ('csv', 'geojson')),
      file_name text NOT NULL,
      created_ids integer[] NOT NULL,
      changed jsonb NOT NULL CHECK (jsonb_typeof(changed) = 'array'),
      created_at timestamptz NOT NULL DEFAULT now(),
      undone_at timestamptz,
      undone_by integer,
      PRIMARY KEY (company_id, import_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE observation_imports`.execute(db);
}
