import { sql, type Kysely } from 'kysely';

/**
 * Saved reports and the company dashboard's four slots. A slot row names a report of the same company
 * (the composite key makes another company's report impossible even by a bug), a report sits in one slot
 * at most, and deleting a report empties its slot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE saved_reports (
      report_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      report_name text NOT NULL CHECK (length(report_name) BETWEEN 1 AND 200),
      chart_type text NOT NULL,
      report_type text NOT NULL,
      room_ids jsonb NOT NULL DEFAULT '[]',
      filters jsonb NOT NULL DEFAULT '{}',
      report_data jsonb NOT NULL DEFAULT '[]',
      data_points integer NOT NULL DEFAULT 0,
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, report_id)
    );
    CREATE UNIQUE INDEX saved_reports_name_key ON saved_reports (company_id, lower(report_name));
    CREATE INDEX saved_reports_company_created_idx ON saved_reports (company_id, created_at DESC, report_id DESC);

    CREATE TABLE dashboard_reports (
      company_id integer NOT NULL REFERENCES companies(company_id),
      slot smallint NOT NULL CHECK (slot BETWEEN 1 AND 4),
      report_id integer NOT NULL,
      pinned_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      pinned_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, slot),
      UNIQUE (company_id, report_id),
      FOREIGN KEY (company_id, report_id) REFERENCES saved_reports (company_id, report_id) ON DELETE CASCADE
    );
  `.execute(db);
}
