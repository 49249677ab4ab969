import { sql, type Kysely } from 'kysely';

/**
 * Bulk changes (issue 25; docs/decisions.md, "Change many at once"): one row per bulk request, with every
 * record's value before and after, so the caller can undo it. `records` is a jsonb array of
 * { id, before, after } in id order; kept with its company (the key carries company_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bulk_changes (
      company_id integer NOT NULL REFERENCES companies(company_id),
      change_id integer GENERATED ALWAYS AS IDENTITY,
      user_id integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('grid_boxes', 'observations', 'tasks')),
      action text NOT NULL,
      records jsonb NOT NULL CHECK (jsonb_typeof(records) = 'array'),
      created_at timestamptz NOT NULL DEFAULT now(),
      undone_at timestamptz,
      undone_by integer,
      PRIMARY KEY (company_id, change_id)
    );
    CREATE INDEX bulk_changes_by_user ON bulk_changes (company_id, user_id, change_id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bulk_changes`.execute(db);
}
