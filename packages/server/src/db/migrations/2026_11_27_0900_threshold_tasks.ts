import { sql, type Kysely } from 'kysely';
/**
 * Action thresholds make a task (docs/decisions.md, "Action thresholds"): a threshold may name a user of its
 * company (`assign_to`) and ask for a task on each crossing (`create_task`). The crossing keeps the task it made
 * (`task_id`, the task's response id), so one crossing makes at most one task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE action_thresholds
      ADD COLUMN create_task boolean NOT NULL DEFAULT false,
      ADD COLUMN assign_to integer REFERENCES users(user_id) ON DELETE SET NULL;
    ALTER TABLE threshold_crossings
      ADD COLUMN task_id integer REFERENCES form_responses(response_id) ON DELETE SET NULL;
  `.execute(db);
}
