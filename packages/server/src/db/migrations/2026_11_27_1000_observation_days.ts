import { sql, type Kysely } from 'kysely';

/**
 * Problem observations per company, UTC day and problem (as written), counted by status (issue 11;
 * docs/decisions.md, "Search and overview speed"). The whole-history trend report and the overview's
 * open-observations count sum these few rows instead of reading the company's whole history.
 *
 * Kept by statement triggers on problem_observations, so every write — forms, scans, batch problems, status
 * changes, deletes and the deletes cascaded from rooms, grids and responses — adds its change in its own
 * transaction. A statement only appends rows (its net change per key; an update that changes no company,
 * day, problem or status appends nothing): no row is updated, so concurrent writes never wait on each other
 * or deadlock. A key may therefore have several rows, summed by readers and folded into one by
 * compactObservationDays (every few minutes).
 */
/** Appends the net change of `changes` (rows of company_id, observed_at, problem, status, sign) per key. */
const apply = (changes: string) => `
      INSERT INTO problem_observation_days (company_id, day, problem, open_count, resolved_count, dismissed_count)
      SELECT c.company_id, (c.observed_at AT TIME ZONE 'UTC')::date, c.problem,
             sum(CASE WHEN c.status = 'open' THEN c.sign ELSE 0 END),
             sum(CASE WHEN c.status = 'resolved' THEN c.sign ELSE 0 END),
             sum(CASE WHEN c.status = 'dismissed' THEN c.sign ELSE 0 END)
      FROM (${changes}) c
      GROUP BY 1, 2, 3
      HAVING sum(CASE WHEN c.status = 'open' THEN c.sign ELSE 0 END) <> 0
          OR sum(CASE WHEN c.status = 'resolved' THEN c.sign ELSE 0 END) <> 0
          OR sum(CASE WHEN c.status = 'dismissed' THEN c.sign ELSE 0 END) <> 0;`;

const added = `SELECT company_id, observed_at, problem, status, 1 AS sign FROM new_rows`;
const removed = `SELECT company_id, observed_at, problem, status, -1 AS sign FROM old_rows`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE problem_observation_days (
      company_id integer NOT NULL REFERENCES companies(company_id) ON DELETE CASCADE,
      day date NOT NULL,
      problem text NOT NULL,
      open_count integer NOT NULL DEFAULT 0,
      resolved_count integer NOT NULL DEFAULT 0,
      dismissed_count integer NOT NULL DEFAULT 0
    );
    CREATE INDEX problem_observation_days_company_day_idx ON problem_observation_days (company_id, day);
  `.execute(db);
  // A statement names only the transition tables its event has (an INSERT has no old rows), so one branch per event.
  await sql.raw(`
    CREATE FUNCTION problem_observation_days_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN${apply(added)}
      ELSIF TG_OP = 'DELETE' THEN${apply(removed)}
      ELSE${apply(`${added} UNION ALL ${removed}`)}
      END IF;
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER problem_observation_days_insert AFTER INSERT ON problem_observations
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION problem_observation_days_apply();
    CREATE TRIGGER problem_observation_days_update AFTER UPDATE ON problem_observations
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION problem_observation_days_apply();
    CREATE TRIGGER problem_observation_days_delete AFTER DELETE ON problem_observations
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION problem_observation_days_apply();
  `).execute(db);
  // What is already there.
  await sql.raw(apply(`SELECT company_id, observed_at, problem, status, 1 AS sign FROM problem_observations`)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS problem_observation_days_insert ON problem_observations;
    DROP TRIGGER IF EXISTS problem_observation_days_update ON problem_observations;
    DROP TRIGGER IF EXISTS problem_observation_days_delete ON problem_observations;
    DROP FUNCTION IF EXISTS problem_observation_days_apply();
    DROP TABLE IF EXISTS problem_observation_days;
  `.execute(db);
}
