import { sql, type Kysely } from 'kysely';

/**
 * What the planner must know when many companies share the tables (issue 19, "many growers"; docs/decisions.md,
 * "The planner among 1,000 companies").
 *
 * A box, grid, room, batch, response or assignee belongs to one company, so `company_id = $1 AND grid_id = $2` finds
 * as many rows as `grid_id = $2` alone. The planner multiplies the two selectivities instead and, with 1,000
 * companies, expects one row where there are hundreds: it then joins before it limits (a grid's 50 newest
 * observations read all 500 of them and their rooms, grids, boxes and users: 6,020 pages for 229) or runs a
 * batch's box lookups once per plant (40,146 pages for 1,146). Functional-dependency statistics tell it.
 *
 * A company's observation-day rows lie one per page among every other company's (they are appended as the days
 * go by): summing 1,000 of them read 849 pages. The index they are read by now carries the columns the reads sum,
 * so they are read from the index alone once vacuum has marked the pages.
 *
 * The overview's open observations, newest first, were found by intersecting the company's rows with every company's
 * open ones (19,000 index entries for a company with 9): a partial index of the open ones by company and time gives
 * them in order.
 */
const DEPENDENCIES: Array<[string, string, string[]]> = [
  ['problem_observations_place_deps', 'problem_observations', ['company_id', 'room_id', 'grid_id', 'grid_box_id', 'batch_id']],
  ['form_responses_place_deps', 'form_responses', ['company_id', 'room_id', 'grid_id', 'grid_box_id', 'batch_id']],
  ['scans_place_deps', 'scans', ['company_id', 'room_id', 'grid_id', 'grid_box_id']],
  ['plant_batches_batch_deps', 'plant_batches', ['company_id', 'batch_id']],
  ['tasks_assignee_deps', 'tasks', ['company_id', 'assignee_id']],
  ['sub_gridboxes_box_deps', 'sub_gridboxes', ['company_id', 'parent_gridbox_id']],
  ['grid_boxes_grid_deps', 'grid_boxes', ['company_id', 'grid_id']],
  ['field_responses_response_deps', 'field_responses', ['company_id', 'response_id']],
  ['box_last_visits_grid_deps', 'box_last_visits', ['company_id', 'grid_id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of DEPENDENCIES) {
    await sql.raw(`CREATE STATISTICS ${name} (dependencies) ON ${columns.join(', ')} FROM ${table}`).execute(db);
  }
  await sql`
    CREATE INDEX problem_observation_days_company_day_cover_idx ON problem_observation_days (company_id, day)
      INCLUDE (problem, open_count, resolved_count, dismissed_count, suspected_count);
    DROP INDEX problem_observation_days_company_day_idx;
    CREATE INDEX problem_observations_open_company_time_idx ON problem_observations (company_id, observed_at DESC, observation_id DESC)
      WHERE status = 'open';
  `.execute(db);
  // The statistics are empty until the tables are analyzed; a sample of each (30,000 rows), seconds at 100 ha.
  // An empty table (a new install, the tests' template) is left alone: analyzed empty, PostgreSQL takes it for
  // empty until autovacuum comes, and a foreign-key check planned meanwhile scans it whole for each row as it
  // fills — a 200×200 grid's 40,000 boxes then took 30 s instead of one (box_last_visits → grid_boxes).
  for (const table of new Set([...DEPENDENCIES.map(([, table]) => table), 'problem_observation_days'])) {
    const held = await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(table)}) AS any`.execute(db);
    if (held.rows[0]?.any) await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of DEPENDENCIES) await sql.raw(`DROP STATISTICS IF EXISTS ${name}`).execute(db);
  await sql`
    CREATE INDEX problem_observation_days_company_day_idx ON problem_observation_days (company_id, day);
    DROP INDEX problem_observation_days_company_day_cover_idx;
    DROP INDEX problem_observations_open_company_time_idx;
  `.execute(db);
}
