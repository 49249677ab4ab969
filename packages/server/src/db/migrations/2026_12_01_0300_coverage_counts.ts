import { sql, type Kysely } from 'kysely';

/**
 * Scouting coverage counted per grid and day, kept as visits happen (issue 19; docs/decisions.md, "Coverage
 * counted per grid and day"). The whole company's coverage read one box_last_visits row per box (153,600 at
 * 100 ha, 0.6 s); it now reads per grid its box total and the boxes last visited on each day of the window
 * the screen asks about (a round, an interval), plus the boxes of the window's first, partial day.
 *
 * - box_last_visits gets a row for every box (kept by the triggers on grid_boxes here: a new box, a box moved
 *   or culled; a deleted box's row goes by its cascade), the box's grid and culled flag, and its last visit by
 *   observation or response as one column (visited_at, visited_by: generated, the same choice as coverage made).
 * - coverage_grid_totals (a grid's boxes not culled) and coverage_grid_days (those whose last visit fell on a UTC
 *   day; a box never visited is in no day) change only through box_last_visits: one statement trigger there turns
 *   its old and new rows into +1/-1 per grid and day. A box's row is changed under its row lock, so every change
 *   of a box is seen once, in order, whichever writer (observation, response, edit, delete, move, cull, cascade)
 *   made it; the additions commute, so concurrent writers leave the exact sum.
 * - Each statement nets its changes and writes the counts in (grid, day) order, skipping nets of zero (a second
 *   visit of a box on the same day writes nothing); a day that falls to zero is deleted. Counts of grids that no
 *   longer exist are not written (a grid's delete cascades to its boxes, then to their rows here).
 * A session that skips triggers (the scale seed's bulk window) runs COVERAGE_COUNTS_RENEWED afterwards.
 */

/** The UTC day of a last visit: the key of coverage_grid_days (the reader uses the same expression). */
export const VISIT_DAY = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;

/** The netted changes of one statement on box_last_visits, as grid, day (null: the total) and delta. */
const nettedChanges = (rows: string) => `
  SELECT x.grid_id, x.day, sum(x.d)::int AS d FROM (
    SELECT c.grid_id, NULL::date AS day, c.d FROM (${rows}) c WHERE NOT c.culled AND c.grid_id IS NOT NULL
    UNION ALL
    SELECT c.grid_id, ${VISIT_DAY('c.visited_at')}, c.d FROM (${rows}) c WHERE NOT c.culled AND c.grid_id IS NOT NULL AND c.visited_at IS NOT NULL
  ) x GROUP BY x.grid_id, x.day HAVING sum(x.d) <> 0`;

const ROWS = {
  INSERT: 'SELECT grid_id, culled, visited_at, 1 AS d FROM new_rows',
  DELETE: 'SELECT grid_id, culled, visited_at, -1 AS d FROM old_rows',
  UPDATE: 'SELECT grid_id, culled, visited_at, -1 AS d FROM old_rows UNION ALL SELECT grid_id, culled, visited_at, 1 FROM new_rows',
};

const countFunction = `
  CREATE FUNCTION coverage_counts_kept() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE cs integer[]; gs integer[]; ds date[]; ns integer[];
  BEGIN
    -- Netted per grid and day, of grids that still exist (their company with them), in key order.
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(gr.company_id ORDER BY gr.company_id, n.grid_id, n.day), array_agg(n.grid_id ORDER BY gr.company_id, n.grid_id, n.day),
             array_agg(n.day ORDER BY gr.company_id, n.grid_id, n.day), array_agg(n.d ORDER BY gr.company_id, n.grid_id, n.day)
      INTO cs, gs, ds, ns FROM (${nettedChanges(ROWS.INSERT)}) n JOIN grids gr ON gr.grid_id = n.grid_id;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(gr.company_id ORDER BY gr.company_id, n.grid_id, n.day), array_agg(n.grid_id ORDER BY gr.company_id, n.grid_id, n.day),
             array_agg(n.day ORDER BY gr.company_id, n.grid_id, n.day), array_agg(n.d ORDER BY gr.company_id, n.grid_id, n.day)
      INTO cs, gs, ds, ns FROM (${nettedChanges(ROWS.DELETE)}) n JOIN grids gr ON gr.grid_id = n.grid_id;
    ELSE
      SELECT array_agg(gr.company_id ORDER BY gr.company_id, n.grid_id, n.day), array_agg(n.grid_id ORDER BY gr.company_id, n.grid_id, n.day),
             array_agg(n.day ORDER BY gr.company_id, n.grid_id, n.day), array_agg(n.d ORDER BY gr.company_id, n.grid_id, n.day)
      INTO cs, gs, ds, ns FROM (${nettedChanges(ROWS.UPDATE)}) n JOIN grids gr ON gr.grid_id = n.grid_id;
    END IF;
    IF gs IS NULL THEN RETURN NULL; END IF;
    INSERT INTO coverage_grid_totals AS c (company_id, grid_id, boxes)
    SELECT u.c, u.g, u.n FROM unnest(cs, gs, ds, ns) WITH ORDINALITY AS u(c, g, day, n, i) WHERE u.day IS NULL ORDER BY u.i
    ON CONFLICT (company_id, grid_id) DO UPDATE SET boxes = c.boxes + EXCLUDED.boxes;
    INSERT INTO coverage_grid_days AS c (company_id, grid_id, day, boxes)
    SELECT u.c, u.g, u.day, u.n FROM unnest(cs, gs, ds, ns) WITH ORDINALITY AS u(c, g, day, n, i) WHERE u.day IS NOT NULL ORDER BY u.i
    ON CONFLICT (company_id, grid_id, day) DO UPDATE SET boxes = c.boxes + EXCLUDED.boxes;
    DELETE FROM coverage_grid_days c USING unnest(cs, gs, ds) AS u(c, g, day)
    WHERE c.company_id = u.c AND c.grid_id = u.g AND c.day = u.day AND c.boxes = 0;
    RETURN NULL;
  END
  $fn$;`;

/** grid_boxes → box_last_visits: every box has a row with its grid and culled flag. */
const placeFunctions = `
  CREATE FUNCTION box_last_visits_boxes() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO box_last_visits AS v (grid_box_id, company_id, grid_id, culled)
      SELECT grid_box_id, company_id, grid_id, culled FROM new_rows ORDER BY grid_box_id
      ON CONFLICT (grid_box_id) DO UPDATE SET grid_id = EXCLUDED.grid_id, culled = EXCLUDED.culled;
    ELSE
      -- Rows locked in box order, as box_last_visits' own triggers lock them.
      PERFORM 1 FROM box_last_visits v JOIN new_rows n USING (grid_box_id) JOIN old_rows o USING (grid_box_id)
      WHERE (o.grid_id, o.culled) IS DISTINCT FROM (n.grid_id, n.culled) ORDER BY v.grid_box_id FOR UPDATE OF v;
      UPDATE box_last_visits v SET grid_id = n.grid_id, culled = n.culled
      FROM new_rows n JOIN old_rows o USING (grid_box_id)
      WHERE v.grid_box_id = n.grid_box_id AND (o.grid_id, o.culled) IS DISTINCT FROM (n.grid_id, n.culled);
    END IF;
    RETURN NULL;
  END
  $fn$;
  -- A row box_last_visits' own triggers add for a box (company and box only) takes the box's place.
  CREATE FUNCTION box_last_visits_place() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    IF NEW.grid_id IS NULL THEN
      SELECT g.grid_id, g.culled INTO NEW.grid_id, NEW.culled FROM grid_boxes g WHERE g.grid_box_id = NEW.grid_box_id;
    END IF;
    RETURN NEW;
  END
  $fn$;`;

/**
 * Every box's row placed and the counts rebuilt from box_last_visits (the backfill here; the scale seed after its
 * trigger-less window, once box_last_visits is derived). Run with nothing writing (a migration, a seed).
 */
export const COVERAGE_COUNTS_RENEWED = [
  `UPDATE box_last_visits v SET grid_id = g.grid_id, culled = g.culled FROM grid_boxes g
   WHERE g.grid_box_id = v.grid_box_id AND (v.grid_id, v.culled) IS DISTINCT FROM (g.grid_id, g.culled)`,
  `INSERT INTO box_last_visits (grid_box_id, company_id, grid_id, culled)
   SELECT grid_box_id, company_id, grid_id, culled FROM grid_boxes ON CONFLICT (grid_box_id) DO NOTHING`,
  `DELETE FROM coverage_grid_totals`,
  `DELETE FROM coverage_grid_days`,
  `INSERT INTO coverage_grid_totals (company_id, grid_id, boxes)
   SELECT g.company_id, v.grid_id, count(*) FROM box_last_visits v JOIN grids g ON g.grid_id = v.grid_id
   WHERE NOT v.culled GROUP BY v.grid_id, g.company_id`,
  `INSERT INTO coverage_grid_days (company_id, grid_id, day, boxes)
   SELECT g.company_id, v.grid_id, ${VISIT_DAY('v.visited_at')}, count(*) FROM box_last_visits v JOIN grids g ON g.grid_id = v.grid_id
   WHERE NOT v.culled AND v.visited_at IS NOT NULL GROUP BY 1, 2, 3`,
];

/** The counts recomputed from grid_boxes and box_last_visits (the tests compare the kept ones with these). */
export const COVERAGE_COUNTS_RECOMPUTED = {
  totals: `SELECT g.grid_id, count(*)::int AS boxes FROM grid_boxes g WHERE NOT g.culled GROUP BY g.grid_id`,
  days: `SELECT g.grid_id, ${VISIT_DAY('v.visited_at')} AS day, count(*)::int AS boxes
         FROM grid_boxes g JOIN box_last_visits v ON v.grid_box_id = g.grid_box_id
         WHERE NOT g.culled AND v.visited_at IS NOT NULL GROUP BY 1, 2`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE box_last_visits
      ADD COLUMN grid_id integer,
      ADD COLUMN culled boolean NOT NULL DEFAULT false,
      ADD COLUMN visited_at timestamptz GENERATED ALWAYS AS (GREATEST(observed_at, responded_at)) STORED,
      ADD COLUMN visited_by integer GENERATED ALWAYS AS (
        CASE WHEN observed_at IS NOT NULL AND (responded_at IS NULL OR observed_at >= responded_at) THEN observed_by ELSE responded_by END
      ) STORED;
    CREATE TABLE coverage_grid_totals (
      company_id integer NOT NULL,
      grid_id integer NOT NULL REFERENCES grids(grid_id) ON DELETE CASCADE,
      boxes integer NOT NULL,
      PRIMARY KEY (company_id, grid_id)
    );
    CREATE TABLE coverage_grid_days (
      company_id integer NOT NULL,
      grid_id integer NOT NULL REFERENCES grids(grid_id) ON DELETE CASCADE,
      day date NOT NULL,
      boxes integer NOT NULL,
      PRIMARY KEY (company_id, grid_id, day)
    );
  `.execute(db);
  for (const s of COVERAGE_COUNTS_RENEWED) await sql.raw(s).execute(db);
  await sql`
    -- A grid's latest visit and its boxes visited since a time of one day: one range of this index.
    CREATE INDEX box_last_visits_grid_visit_idx ON box_last_visits (company_id, grid_id, visited_at, visited_by)
      WHERE NOT culled AND visited_at IS NOT NULL;
  `.execute(db);
  await sql.raw(countFunction).execute(db);
  await sql.raw(placeFunctions).execute(db);
  await sql.raw(`
    CREATE TRIGGER coverage_counts_insert AFTER INSERT ON box_last_visits
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION coverage_counts_kept();
    CREATE TRIGGER coverage_counts_update AFTER UPDATE ON box_last_visits
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION coverage_counts_kept();
    CREATE TRIGGER coverage_counts_delete AFTER DELETE ON box_last_visits
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION coverage_counts_kept();
    -- Only rows that lack a place: a new box's row comes with it (creating a 40,000-box grid: 0.6 s of calls otherwise).
    CREATE TRIGGER box_last_visits_place BEFORE INSERT ON box_last_visits FOR EACH ROW WHEN (NEW.grid_id IS NULL)
      EXECUTE FUNCTION box_last_visits_place();
    CREATE TRIGGER box_last_visits_boxes_insert AFTER INSERT ON grid_boxes
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION box_last_visits_boxes();
    CREATE TRIGGER box_last_visits_boxes_update AFTER UPDATE ON grid_boxes
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION box_last_visits_boxes();`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS box_last_visits_boxes_insert ON grid_boxes;
    DROP TRIGGER IF EXISTS box_last_visits_boxes_update ON grid_boxes;
    DROP TRIGGER IF EXISTS box_last_visits_place ON box_last_visits;
    DROP TRIGGER IF EXISTS coverage_counts_insert ON box_last_visits;
    DROP TRIGGER IF EXISTS coverage_counts_update ON box_last_visits;
    DROP TRIGGER IF EXISTS coverage_counts_delete ON box_last_visits;
    DROP FUNCTION IF EXISTS box_last_visits_boxes();
    DROP FUNCTION IF EXISTS box_last_visits_place();
    DROP FUNCTION IF EXISTS coverage_counts_kept();
    DROP TABLE IF EXISTS coverage_grid_days;
    DROP TABLE IF EXISTS coverage_grid_totals;
    DELETE FROM box_last_visits WHERE observation_id IS NULL AND response_id IS NULL;
    DROP INDEX IF EXISTS box_last_visits_grid_visit_idx;
    ALTER TABLE box_last_visits DROP COLUMN visited_by, DROP COLUMN visited_at, DROP COLUMN culled, DROP COLUMN grid_id;
  `.execute(db);
}
