import { sql, type Kysely } from 'kysely';

/**
 * Each box's last visit by observation and by form response, kept as visits happen (issue 19;
 * docs/decisions.md, "Fast at 100 ha"). Scouting coverage read every observation and response of the
 * company to find each box's latest; it now reads one row per box. Scan marks stay where they are: a mark
 * is of a room or a grid (thousands of boxes at once) and its latest is one index probe per room or grid.
 *
 * Kept by statement triggers on problem_observations and form_responses, so every path (forms, scans,
 * quick observations, edits, deletes, the deletes and SET NULLs cascaded from rooms, grids and boxes) keeps
 * it in the writer's own transaction. An insert raises a box's value when its newest new row is later (an
 * upsert: concurrent inserts wait on the box's row and each keeps the later one). An update that moves,
 * re-dates, re-attributes or re-sources a row, and a delete, recompute the boxes they touched from the
 * box-time indexes: the rows are locked first (in box order) and read by a later statement, so a visit
 * committed meanwhile by another transaction is seen (plpgsql takes a new snapshot per statement in READ
 * COMMITTED) and one made after waits for the lock and then compares with what was written.
 * Values are those of the full recomputation: the latest by time, ties to the higher id; observations
 * recorded on a batch (source 'batch_problem') are not visits.
 */
interface Source {
  kind: 'observations' | 'responses';
  table: string;
  id: string;
  at: string;
  by: string;
  /** Which rows are visits (SQL over alias r). */
  visit: string;
  /** Columns whose change can change a box's latest visit. */
  watched: string[];
}

const SOURCES: Source[] = [
  {
    kind: 'observations', table: 'problem_observations', id: 'observation_id', at: 'observed_at', by: 'observed_by',
    visit: `r.source <> 'batch_problem'`, watched: ['grid_box_id', 'observed_at', 'observed_by', 'source'],
  },
  {
    kind: 'responses', table: 'form_responses', id: 'response_id', at: 'observed_at', by: 'submitted_by',
    visit: 'true', watched: ['grid_box_id', 'observed_at', 'submitted_by'],
  },
];

const cols = (s: Source) => (s.kind === 'observations' ? ['observed_at', 'observed_by', 'observation_id'] : ['responded_at', 'responded_by', 'response_id']);

/** The latest visit of one box from the source's rows (alias r), as at, by, id. */
const latestOf = (s: Source, box: string) => `
  SELECT r.${s.at} AS at, r.${s.by} AS by, r.${s.id} AS id FROM ${s.table} r
  WHERE r.grid_box_id = ${box} AND ${s.visit} ORDER BY r.${s.at} DESC, r.${s.id} DESC LIMIT 1`;

function triggerFunction(s: Source): string {
  const [at, by, id] = cols(s);
  const changed = (alias: string) =>
    `SELECT ${alias}.grid_box_id FROM old_rows o JOIN new_rows n USING (${s.id})
     WHERE ${alias}.grid_box_id IS NOT NULL AND (${s.watched.map((c) => `o.${c}`).join(', ')}) IS DISTINCT FROM (${s.watched.map((c) => `n.${c}`).join(', ')})`;
  return `
    CREATE FUNCTION box_last_visits_${s.kind}() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE boxes integer[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO box_last_visits AS v (grid_box_id, company_id, ${at}, ${by}, ${id})
        SELECT * FROM (
          SELECT DISTINCT ON (r.grid_box_id) r.grid_box_id, r.company_id, r.${s.at}, r.${s.by}, r.${s.id}
          FROM new_rows r WHERE r.grid_box_id IS NOT NULL AND ${s.visit}
          ORDER BY r.grid_box_id, r.${s.at} DESC, r.${s.id} DESC
        ) latest ORDER BY grid_box_id
        ON CONFLICT (grid_box_id) DO UPDATE SET ${at} = EXCLUDED.${at}, ${by} = EXCLUDED.${by}, ${id} = EXCLUDED.${id}
        WHERE v.${at} IS NULL OR (EXCLUDED.${at}, EXCLUDED.${id}) > (v.${at}, v.${id});
        RETURN NULL;
      ELSIF TG_OP = 'DELETE' THEN
        boxes := ARRAY(SELECT DISTINCT grid_box_id FROM old_rows WHERE grid_box_id IS NOT NULL);
      ELSE
        boxes := ARRAY(${changed('o')} UNION ${changed('n')});
      END IF;
      IF cardinality(boxes) = 0 THEN RETURN NULL; END IF;
      -- Only boxes that still exist (a box's delete cascades here); rows locked in box order.
      INSERT INTO box_last_visits (grid_box_id, company_id)
      SELECT g.grid_box_id, g.company_id FROM grid_boxes g WHERE g.grid_box_id = ANY (boxes) ORDER BY 1
      ON CONFLICT (grid_box_id) DO NOTHING;
      PERFORM 1 FROM box_last_visits WHERE grid_box_id = ANY (boxes) ORDER BY grid_box_id FOR UPDATE;
      UPDATE box_last_visits v SET ${at} = l.at, ${by} = l.by, ${id} = l.id
      FROM (SELECT b.box, x.at, x.by, x.id FROM unnest(boxes) AS b(box) LEFT JOIN LATERAL (${latestOf(s, 'b.box')}) x ON true) l
      WHERE v.grid_box_id = l.box;
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER box_last_visits_insert AFTER INSERT ON ${s.table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION box_last_visits_${s.kind}();
    CREATE TRIGGER box_last_visits_update AFTER UPDATE ON ${s.table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION box_last_visits_${s.kind}();
    CREATE TRIGGER box_last_visits_delete AFTER DELETE ON ${s.table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION box_last_visits_${s.kind}();`;
}

/** The full recomputation of every box's values (the backfill here; the tests compare the kept rows with it). */
export const BOX_LAST_VISITS_RECOMPUTED = `
  SELECT g.grid_box_id, g.company_id, o.at AS observed_at, o.by AS observed_by, o.id AS observation_id,
         p.at AS responded_at, p.by AS responded_by, p.id AS response_id
  FROM grid_boxes g
  LEFT JOIN LATERAL (${latestOf(SOURCES[0]!, 'g.grid_box_id')}) o ON true
  LEFT JOIN LATERAL (${latestOf(SOURCES[1]!, 'g.grid_box_id')}) p ON true
  WHERE o.id IS NOT NULL OR p.id IS NOT NULL`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE box_last_visits (
      grid_box_id integer PRIMARY KEY REFERENCES grid_boxes(grid_box_id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      observed_at timestamptz,
      observed_by integer,
      observation_id integer,
      responded_at timestamptz,
      responded_by integer,
      response_id integer
    );
    CREATE INDEX box_last_visits_company_idx ON box_last_visits (company_id);
    CREATE INDEX form_responses_box_time_idx ON form_responses (grid_box_id, observed_at DESC, response_id DESC) WHERE grid_box_id IS NOT NULL;
  `.execute(db);
  for (const s of SOURCES) await sql.raw(triggerFunction(s)).execute(db);
  await sql.raw(`INSERT INTO box_last_visits ${BOX_LAST_VISITS_RECOMPUTED}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const s of SOURCES) {
    await sql.raw(`
      DROP TRIGGER IF EXISTS box_last_visits_insert ON ${s.table};
      DROP TRIGGER IF EXISTS box_last_visits_update ON ${s.table};
      DROP TRIGGER IF EXISTS box_last_visits_delete ON ${s.table};
      DROP FUNCTION IF EXISTS box_last_visits_${s.kind}();`).execute(db);
  }
  await sql`DROP INDEX IF EXISTS form_responses_box_time_idx; DROP TABLE IF EXISTS box_last_visits;`.execute(db);
}
