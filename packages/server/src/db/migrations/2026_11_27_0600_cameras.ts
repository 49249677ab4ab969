import { sql, type Kysely } from 'kysely';

/**
 * Fixed cameras (docs/decisions.md, "Fixed cameras"). A camera belongs to one grid of one company and
 * holds the SHA-256 of its current ingest token (never the token); revoking stamps token_revoked_at,
 * rotating replaces the hash. camera_scans says which scans came from which camera (source: camera).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cameras (
      camera_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      grid_id integer NOT NULL REFERENCES grids(grid_id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      token_hash text NOT NULL UNIQUE,
      token_hint text NOT NULL,
      token_created_at timestamptz NOT NULL DEFAULT now(),
      token_revoked_at timestamptz,
      last_ingest_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL
    );
    CREATE INDEX cameras_company_idx ON cameras (company_id, camera_id DESC);

    CREATE TABLE camera_scans (
      camera_id integer NOT NULL REFERENCES cameras(camera_id) ON DELETE CASCADE,
      scan_id integer NOT NULL REFERENCES scans(scan_id) ON DELETE CASCADE,
      company_id integer NOT NULL REFERENCES companies(company_id),
      captured_at timestamptz NOT NULL,
      PRIMARY KEY (camera_id, scan_id)
    );
    CREATE INDEX camera_scans_time_idx ON camera_scans (camera_id, captured_at DESC, scan_id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS camera_scans; DROP TABLE IF EXISTS cameras;`.execute(db);
}
