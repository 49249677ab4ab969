import { sql, type Kysely } from 'kysely';

/**
 * Suspected problems (issue 18; docs/decisions.md, "Suspected problems and one observation writer"): a scan's or
 * camera's detection nobody has reviewed is an observation with status 'suspected' and the detection's confidence,
 * counted apart from confirmed ones. The per-day counts get a suspected column (the trigger function is replaced,
 * the triggers stay), and each company chooses when a suspected problem alerts.
 */
const apply = (changes: string) => `
      INSERT INTO problem_observation_days (company_id, day, problem, open_count, resolved_count, dismissed_count, suspected_count)
      SELECT c.company_id, (c.observed_at AT TIME ZONE 'UTC')::date, c.problem,
             sum(CASE WHEN c.status = 'open' THEN c.sign ELSE 0 END),
             sum(CASE WHEN c.status = 'resolved' THEN c.sign ELSE 0 END),
             sum(CASE WHEN c.status = 'dismissed' THEN c.sign ELSE 0 END),
             sum(CASE WHEN c.status = 'suspected' THEN c.sign ELSE 0 END)
      FROM (${changes}) c
      GROUP BY 1, 2, 3
      HAVING sum(CASE WHEN c.status = 'open' THEN c.sign ELSE 0 END) <> 0
          OR sum(CASE WHEN c.status = 'resolved' THEN c.sign ELSE 0 END) <> 0
          OR sum(CASE WHEN c.status = 'dismissed' THEN c.sign ELSE 0 END) <> 0
          OR sum(CASE WHEN c.status = 'suspected' THEN c.sign ELSE 0 END) <> 0;`;

const added = `SELECT company_id, observed_at, problem, status, 1 AS sign FROM new_rows`;
const removed = `SELECT company_id, observed_at, problem, status, -1 AS sign FROM old_rows`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE problem_observations DROP CONSTRAINT IF EXISTS problem_observations_status_check;
    ALTER TABLE problem_observations ADD CONSTRAINT problem_observations_status_check
      CHECK (status IN ('open', 'resolved', 'dismissed', 'suspected'));
    ALTER TABLE problem_observations ADD COLUMN confidence double precision
      CHECK (confidence IS NULL OR (confidence >= 0 AND confidence <= 1));
    ALTER TABLE problem_observations ADD CONSTRAINT problem_observations_suspected_check
      CHECK (status <> 'suspected' OR (source = 'scan' AND confidence IS NOT NULL));
    CREATE INDEX problem_observations_suspected_idx ON problem_observations (company_id, grid_box_id) WHERE status = 'suspected';
    ALTER TABLE problem_observation_days ADD COLUMN suspected_count integer NOT NULL DEFAULT 0;
    ALTER TABLE company_settings ADD COLUMN suspected_alerts text NOT NULL DEFAULT 'confirmed'
      CHECK (suspected_alerts IN ('off', 'above', 'confirmed'));
    ALTER TABLE company_settings ADD COLUMN suspected_alert_confidence double precision NOT NULL DEFAULT 0.8
      CHECK (suspected_alert_confidence >= 0 AND suspected_alert_confidence <= 1);
  `.execute(db);
  await sql.raw(`
    CREATE OR REPLACE FUNCTION problem_observation_days_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN${apply(added)}
      ELSIF TG_OP = 'DELETE' THEN${apply(removed)}
      ELSE${apply(`${added} UNION ALL ${removed}`)}
      END IF;
      RETURN NULL;
    END
    $fn$;
  `).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM problem_observations WHERE status = 'suspected';
    ALTER TABLE company_settings DROP COLUMN IF EXISTS suspected_alert_confidence;
    ALTER TABLE company_settings DROP COLUMN IF EXISTS suspected_alerts;
    ALTER TABLE problem_observation_days DROP COLUMN IF EXISTS suspected_count;
    DROP INDEX IF EXISTS problem_observations_suspected_idx;
    ALTER TABLE problem_observations DROP CONSTRAINT IF EXISTS problem_observations_suspected_check;
    ALTER TABLE problem_observations DROP COLUMN IF EXISTS confidence;
    ALTER TABLE problem_observations DROP CONSTRAINT IF EXISTS problem_observations_status_check;
    ALTER TABLE problem_observations ADD CONSTRAINT problem_observations_status_check CHECK (status IN ('open', 'resolved', 'dismissed'));
  `.execute(db);
}
