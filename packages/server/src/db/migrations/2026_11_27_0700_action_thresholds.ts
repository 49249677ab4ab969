import { sql, type Kysely } from 'kysely';
/**
 * Action thresholds (docs/decisions.md, "Action thresholds"): per company and problem, optionally per room
 * and crop status, an amber and a red level on the count of observations (or their highest severity) in a
 * rolling window of `window_hours`. Crossing a level raises an alert through `notification_id`'s channels
 * crossing once: UNIQUE (threshold_id, level, room_key, window_start), where window_start is the moment
 * the level was first reached and the crossing counts until window_start + window_hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE action_thresholds (
      threshold_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      problem text NOT NULL CHECK (length(problem) BETWEEN 1 AND 200),
      room_id integer REFERENCES rooms(room_id) ON DELETE CASCADE,
      crop_status text CHECK (length(crop_status) BETWEEN 1 AND 100),
      metric text NOT NULL CHECK (metric IN ('count', 'severity')),
      window_hours integer NOT NULL CHECK (window_hours BETWEEN 1 AND 8760),
      amber double precision NOT NULL CHECK (amber > 0),
      red double precision NOT NULL CHECK (red >= amber),
      notification_id integer REFERENCES notifications(notification_id) ON DELETE SET NULL,
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX action_thresholds_company_problem_idx ON action_thresholds (company_id, lower(problem)) WHERE deleted_at IS NULL;
    CREATE TABLE threshold_crossings (
      crossing_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      threshold_id integer NOT NULL REFERENCES action_thresholds(threshold_id) ON DELETE CASCADE,
      level text NOT NULL CHECK (level IN ('amber', 'red')),
      room_id integer REFERENCES rooms(room_id) ON DELETE CASCADE,
      room_key integer NOT NULL,
      window_start timestamptz NOT NULL,
      window_end timestamptz NOT NULL,
      value double precision NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (threshold_id, level, room_key, window_start)
    );
    CREATE INDEX threshold_crossings_room_idx ON threshold_crossings (company_id, room_key, window_end DESC);
  `.execute(db);
}
