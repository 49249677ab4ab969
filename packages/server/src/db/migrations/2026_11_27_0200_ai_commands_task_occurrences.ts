import { sql, type Kysely } from 'kysely';

/**
 * - `ai_commands`: what a user said or typed to the assistant (save_command), with its user.
 * - `task_occurrences`: one row per task automation and local occurrence date, made by the recurring-task job
 *   (modules/tasks/recurring-*.ts). The primary key is what makes an occurrence happen exactly once: two API
 *   processes, a job run twice or a restart all meet on it, and only the insert that wins creates the task.
 * - `company_settings.time_zone`: the company's IANA time zone (default UTC); a task automation's time_of_day
 *   and a template reminder's notification_time are read in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ai_commands (
      command_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      user_id integer REFERENCES users(user_id) ON DELETE SET NULL,
      command text NOT NULL CHECK (length(command) BETWEEN 1 AND 4000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ai_commands_company_idx ON ai_commands (company_id, command_id DESC);

    CREATE TABLE task_occurrences (
      task_template_id integer NOT NULL REFERENCES task_templates(task_template_id) ON DELETE CASCADE,
      occurrence_date date NOT NULL,
      company_id integer NOT NULL REFERENCES companies(company_id),
      due_at timestamptz NOT NULL,
      response_id integer REFERENCES form_responses(response_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (task_template_id, occurrence_date)
    );

    ALTER TABLE company_settings ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
  `.execute(db);
}
