import { sql, type Kysely } from 'kysely';

/**
 * Tasks are form responses of task forms (form_category 'task'); their state stays in form_responses.status
 * ('open' by default). `tasks` holds what a task adds to its response — title, description, assignee — and
 * its soft delete, so a deleted task leaves the board while its answers and audit stay. A response of a task
 * form has no row here until someone titles, assigns or deletes it. `task_templates` are task automations:
 * a task form, a title and assignee, and how often a task is made from them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE task_templates (
      task_template_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      template_id integer NOT NULL REFERENCES form_templates(template_id),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
      assignee_id integer REFERENCES users(user_id) ON DELETE SET NULL,
      frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'weekdays')),
      weekdays jsonb NOT NULL DEFAULT '[]',
      time_of_day text NOT NULL DEFAULT '08:00',
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX task_templates_company_idx ON task_templates (company_id, task_template_id) WHERE deleted_at IS NULL;

    CREATE TABLE tasks (
      response_id integer PRIMARY KEY REFERENCES form_responses(response_id) ON DELETE CASCADE,
      company_id integer NOT NULL REFERENCES companies(company_id),
      title text NOT NULL DEFAULT '' CHECK (length(title) <= 200),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
      assignee_id integer REFERENCES users(user_id) ON DELETE SET NULL,
      task_template_id integer REFERENCES task_templates(task_template_id) ON DELETE SET NULL,
      updated_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    -- "My tasks": one user's, newest first.
    CREATE INDEX tasks_assignee_idx ON tasks (company_id, assignee_id, response_id DESC) WHERE deleted_at IS NULL;
    -- The board: a company's responses in one state, newest first.
    CREATE INDEX form_responses_company_status_idx ON form_responses (company_id, status, response_id DESC);
  `.execute(db);
}
