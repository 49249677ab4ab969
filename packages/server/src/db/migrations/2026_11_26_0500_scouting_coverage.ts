import { sql, type Kysely } from 'kysely';

/**
 * How often rooms must be scouted (docs/decisions.md, "Scouting coverage"). One row per company with
 * room_id NULL is the company's interval; a row with a room_id overrides it for that room. The unique
 * index on COALESCE(room_id, 0) makes "one company row" hold too (NULLs are never equal in a plain key).
 * The box index serves the coverage query's "last observation of each box".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE scouting_frequencies (
      frequency_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      room_id integer REFERENCES rooms(room_id) ON DELETE CASCADE,
      due_every_days integer NOT NULL CHECK (due_every_days BETWEEN 1 AND 365),
      updated_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX scouting_frequencies_target_key ON scouting_frequencies (company_id, (COALESCE(room_id, 0)));
    CREATE INDEX problem_observations_box_time_idx ON problem_observations (grid_box_id, observed_at DESC) WHERE grid_box_id IS NOT NULL;
  `.execute(db);
}
