import { sql, type Kysely } from 'kysely';

/**
 * The batch page and the pressure map read rows through these indexes, one probe per plant or box; with the
 * columns they read kept in the index, the probes no longer visit the table's pages, which at 100 ha lie far
 * apart and mostly outside shared buffers (issue 19; docs/decisions.md, "Batch page, pressure and the offline
 * bundles at 100 ha"). Each index keeps its name, key and predicate (and uniqueness): only INCLUDE columns are added.
 * - problem_observations_box_time_idx: a box's observations by time, now with what the batch dashboard's weekly
 *   problems and the pressure map read (company, status, problem, severity, id): index-only scans.
 * - sub_gridboxes_plant_key: a plant's live sub-box, now with its place (the batch's plants list).
 * - gridbox_batches_batch_idx: a batch's boxes, now (batch_id, grid_box_id): read without the table.
 */
const BOX_TIME_BEFORE = `CREATE INDEX problem_observations_box_time_idx ON problem_observations (grid_box_id, observed_at DESC) WHERE grid_box_id IS NOT NULL`;
const PLANT_KEY_BEFORE = `CREATE UNIQUE INDEX sub_gridboxes_plant_key ON sub_gridboxes (plant_id) WHERE deleted_at IS NULL AND plant_id IS NOT NULL`;
const BATCH_BOXES_BEFORE = `CREATE INDEX gridbox_batches_batch_idx ON gridbox_batches (batch_id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX problem_observations_box_time_idx;
    CREATE INDEX problem_observations_box_time_idx ON problem_observations (grid_box_id, observed_at DESC)
      INCLUDE (company_id, status, problem, severity, observation_id) WHERE grid_box_id IS NOT NULL;
    DROP INDEX sub_gridboxes_plant_key;
    CREATE UNIQUE INDEX sub_gridboxes_plant_key ON sub_gridboxes (plant_id)
      INCLUDE (sub_gridbox_id, parent_gridbox_id, subx, suby, custom_name) WHERE deleted_at IS NULL AND plant_id IS NOT NULL;
    DROP INDEX gridbox_batches_batch_idx;
    CREATE INDEX gridbox_batches_batch_idx ON gridbox_batches (batch_id, grid_box_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX problem_observations_box_time_idx;
    DROP INDEX sub_gridboxes_plant_key;
    DROP INDEX gridbox_batches_batch_idx;
  `.execute(db);
  await sql.raw(`${BOX_TIME_BEFORE}; ${PLANT_KEY_BEFORE}; ${BATCH_BOXES_BEFORE};`).execute(db);
}
