import { sql, type Kysely } from 'kysely';

/**
 * The week sums of crop registration kept as one row per planting and week (issue 24; docs/decisions.md, "Crop
 * registration bench: one kept row per planting and week"). The indicators and the forecast read a planting's weeks
 * with all their types at once; kept as one row per type (crop_registration_weeks), a year of 100 rooms was 53,000
 * rows scattered over the table, sorted on disk and grouped back into 5,300 on every read (236 ms of a 1,209 ms year
 * view). Now the 5,300 rows are what is kept:
 * - crop_registration_week_sums: per planting and week the types registered and, at the same place in each array,
 *   their count of values, sum of values, count of deltas and sum of deltas. The registration write path adds to
 *   it in the same transaction as the values (one statement per change, an upsert that adds to the type's place or
 *   appends it), so concurrent registrations of one planting's week add up as before.
 * - crop_registration_weeks: the same sums one row per type, now a view over the kept rows (for reading and tests).
 * The kept sums are moved over, not recomputed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE crop_registration_week_sums (
      company_id integer NOT NULL REFERENCES companies(company_id),
      planting_id integer NOT NULL,
      week date NOT NULL,
      type_ids integer[] NOT NULL,
      n integer[] NOT NULL,
      sum_value double precision[] NOT NULL,
      n_delta integer[] NOT NULL,
      sum_delta double precision[] NOT NULL,
      PRIMARY KEY (company_id, planting_id, week),
      FOREIGN KEY (company_id, planting_id) REFERENCES crop_plantings (company_id, planting_id) ON DELETE CASCADE
    );
    INSERT INTO crop_registration_week_sums (company_id, planting_id, week, type_ids, n, sum_value, n_delta, sum_delta)
    SELECT company_id, planting_id, week, array_agg(type_id ORDER BY type_id), array_agg(n ORDER BY type_id), array_agg(sum_value ORDER BY type_id),
           array_agg(n_delta ORDER BY type_id), array_agg(sum_delta ORDER BY type_id)
    FROM crop_registration_weeks GROUP BY company_id, planting_id, week;
    DROP TABLE crop_registration_weeks;
    CREATE VIEW crop_registration_weeks AS
      SELECT s.company_id, s.planting_id, s.week, u.type_id, u.n, u.sum_value, u.n_delta, u.sum_delta
      FROM crop_registration_week_sums s
      CROSS JOIN LATERAL unnest(s.type_ids, s.n, s.sum_value, s.n_delta, s.sum_delta) AS u(type_id, n, sum_value, n_delta, sum_delta);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP VIEW crop_registration_weeks;
    CREATE TABLE crop_registration_weeks (
      company_id integer NOT NULL REFERENCES companies(company_id),
      planting_id integer NOT NULL,
      week date NOT NULL,
      type_id integer NOT NULL,
      n integer NOT NULL DEFAULT 0,
      sum_value double precision NOT NULL DEFAULT 0,
      n_delta integer NOT NULL DEFAULT 0,
      sum_delta double precision NOT NULL DEFAULT 0,
      PRIMARY KEY (company_id, planting_id, week, type_id),
      FOREIGN KEY (company_id, planting_id) REFERENCES crop_plantings (company_id, planting_id) ON DELETE CASCADE,
      FOREIGN KEY (company_id, type_id) REFERENCES measurement_types (company_id, type_id) ON DELETE CASCADE
    );
    CREATE INDEX crop_registration_weeks_company_idx ON crop_registration_weeks (company_id, week);
    INSERT INTO crop_registration_weeks (company_id, planting_id, week, type_id, n, sum_value, n_delta, sum_delta)
    SELECT s.company_id, s.planting_id, s.week, u.type_id, u.n, u.sum_value, u.n_delta, u.sum_delta
    FROM crop_registration_week_sums s
    CROSS JOIN LATERAL unnest(s.type_ids, s.n, s.sum_value, s.n_delta, s.sum_delta) AS u(type_id, n, sum_value, n_delta, sum_delta)
    JOIN measurement_types t ON t.company_id = s.company_id AND t.type_id = u.type_id;
    DROP TABLE crop_registration_week_sums;
  `.execute(db);
}
