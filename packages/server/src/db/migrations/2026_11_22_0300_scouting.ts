import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE form_templates (
      template_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      template_name text NOT NULL,
      form_category text NOT NULL DEFAULT 'scouting',
      page_css text NOT NULL DEFAULT '',
      -- The company's default template for a type (scouting, sticky_trap, multiselect, room, task, treatment).
      default_for_type text,
      created_by integer REFERENCES users(user_id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX form_templates_company_idx ON form_templates (company_id) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX form_templates_default_key ON form_templates (company_id, default_for_type)
      WHERE default_for_type IS NOT NULL AND deleted_at IS NULL;

    CREATE TABLE form_fields (
      field_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      template_id integer NOT NULL REFERENCES form_templates(template_id) ON DELETE CASCADE,
      field_name text NOT NULL,
      field_type text NOT NULL,
      field_options jsonb NOT NULL DEFAULT '[]',
      is_required boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      css_class text NOT NULL DEFAULT '',
      report_id integer,
      position integer NOT NULL DEFAULT 0
    );
    CREATE INDEX form_fields_template_idx ON form_fields (template_id, position);

    CREATE TABLE form_hide_until (
      form_field_hidden_uid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id integer NOT NULL REFERENCES companies(company_id),
      hidden_field_id integer NOT NULL UNIQUE REFERENCES form_fields(field_id) ON DELETE CASCADE,
      linked_field_id integer NOT NULL REFERENCES form_fields(field_id) ON DELETE CASCADE,
      linked_input text NOT NULL,
      CHECK (hidden_field_id <> linked_field_id)
    );

    CREATE TABLE form_responses (
      response_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      template_id integer NOT NULL REFERENCES form_templates(template_id),
      submitted_by integer REFERENCES users(user_id),
      submitted_at timestamptz NOT NULL DEFAULT now(),
      -- When the scout filled it in (offline submissions arrive later).
      observed_at timestamptz NOT NULL DEFAULT now(),
      kind text NOT NULL DEFAULT 'box' CHECK (kind IN ('box', 'boxes', 'room', 'image')),
      room_id integer REFERENCES rooms(room_id) ON DELETE SET NULL,
      grid_id integer REFERENCES grids(grid_id) ON DELETE SET NULL,
      grid_box_id integer REFERENCES grid_boxes(grid_box_id) ON DELETE SET NULL,
      sub_gridbox_id integer REFERENCES sub_gridboxes(sub_gridbox_id) ON DELETE SET NULL,
      batch_id integer,
      status text NOT NULL DEFAULT 'open',
      image_key text,
      image_thumb text
    );
    CREATE INDEX form_responses_company_idx ON form_responses (company_id, submitted_at DESC);
    CREATE INDEX form_responses_box_idx ON form_responses (grid_box_id, observed_at DESC);
    CREATE INDEX form_responses_grid_idx ON form_responses (grid_id, observed_at DESC);
    CREATE INDEX form_responses_room_idx ON form_responses (room_id, observed_at DESC);

    CREATE TABLE field_responses (
      field_response_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      response_id integer NOT NULL REFERENCES form_responses(response_id) ON DELETE CASCADE,
      field_id integer NOT NULL REFERENCES form_fields(field_id),
      input_data text NOT NULL DEFAULT ''
    );
    CREATE INDEX field_responses_response_idx ON field_responses (response_id);
    CREATE INDEX field_responses_field_idx ON field_responses (field_id);

    CREATE TABLE symptom_groups (
      symptom_group_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL UNIQUE,
      description text NOT NULL DEFAULT ''
    );
    CREATE TABLE symptoms (
      symptom_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      symptom_group_id integer NOT NULL REFERENCES symptom_groups(symptom_group_id),
      name text NOT NULL,
      UNIQUE (symptom_group_id, name)
    );
    CREATE TABLE color_symptoms (
      color_symptom_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL UNIQUE,
      hex text NOT NULL
    );

    -- The problem library (company_id NULL) and a company's own problems.
    CREATE TABLE plant_problems (
      problem_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer REFERENCES companies(company_id),
      slug text NOT NULL,
      name text NOT NULL,
      category text NOT NULL,
      description text NOT NULL DEFAULT '',
      symptoms_text text NOT NULL DEFAULT '',
      solutions jsonb NOT NULL DEFAULT '{"cultural":[],"biological":[],"chemical":[]}',
      default_color text
    );
    CREATE UNIQUE INDEX plant_problems_slug_key ON plant_problems (coalesce(company_id, 0), slug);
    CREATE TABLE plant_problem_symptoms (
      problem_id integer NOT NULL REFERENCES plant_problems(problem_id) ON DELETE CASCADE,
      symptom_id integer NOT NULL REFERENCES symptoms(symptom_id),
      PRIMARY KEY (problem_id, symptom_id)
    );
    CREATE TABLE plant_problem_color_symptoms (
      problem_id integer NOT NULL REFERENCES plant_problems(problem_id) ON DELETE CASCADE,
      color_symptom_id integer NOT NULL REFERENCES color_symptoms(color_symptom_id),
      PRIMARY KEY (problem_id, color_symptom_id)
    );
    CREATE TABLE problem_custom_solutions (
      solution_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      problem_id integer NOT NULL REFERENCES plant_problems(problem_id) ON DELETE CASCADE,
      custom_solution text NOT NULL,
      created_by integer REFERENCES users(user_id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX problem_custom_solutions_idx ON problem_custom_solutions (company_id, problem_id);

    CREATE TABLE problem_color_mappings (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      problem text NOT NULL,
      color text NOT NULL,
      abbreviation text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX problem_color_mappings_key ON problem_color_mappings (company_id, lower(problem));

    -- The one fact scouting produces: a problem seen at a place and time, open until resolved or dismissed.
    CREATE TABLE problem_observations (
      observation_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      problem text NOT NULL,
      problem_id integer REFERENCES plant_problems(problem_id) ON DELETE SET NULL,
      severity double precision,
      room_id integer REFERENCES rooms(room_id) ON DELETE CASCADE,
      grid_id integer REFERENCES grids(grid_id) ON DELETE CASCADE,
      grid_box_id integer REFERENCES grid_boxes(grid_box_id) ON DELETE CASCADE,
      sub_gridbox_id integer REFERENCES sub_gridboxes(sub_gridbox_id) ON DELETE SET NULL,
      batch_id integer,
      source text NOT NULL CHECK (source IN ('form', 'scan', 'batch_problem')),
      response_id integer REFERENCES form_responses(response_id) ON DELETE CASCADE,
      field_response_id integer REFERENCES field_responses(field_response_id) ON DELETE CASCADE,
      notes text,
      observed_at timestamptz NOT NULL DEFAULT now(),
      observed_by integer REFERENCES users(user_id),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
      status_changed_at timestamptz,
      status_changed_by integer REFERENCES users(user_id)
    );
    CREATE INDEX problem_observations_open_box_idx ON problem_observations (grid_box_id) WHERE status = 'open';
    CREATE INDEX problem_observations_open_grid_idx ON problem_observations (grid_id, problem) WHERE status = 'open';
    CREATE INDEX problem_observations_open_room_idx ON problem_observations (room_id, problem) WHERE status = 'open';
    CREATE INDEX problem_observations_company_idx ON problem_observations (company_id, observed_at DESC);

    CREATE TABLE observation_actions (
      action_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      observation_id integer NOT NULL REFERENCES problem_observations(observation_id) ON DELETE CASCADE,
      action text NOT NULL CHECK (action IN ('resolve', 'dismiss', 'reopen')),
      user_id integer REFERENCES users(user_id),
      acted_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX observation_actions_observation_idx ON observation_actions (observation_id, acted_at);

    CREATE TABLE comments (
      comment_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      response_id integer NOT NULL REFERENCES form_responses(response_id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(user_id),
      comment_text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX comments_response_idx ON comments (response_id, created_at);
  `.execute(db);
}
