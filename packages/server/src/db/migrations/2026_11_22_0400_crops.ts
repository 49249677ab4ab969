import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE batches (
      batch_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      batch_number text NOT NULL,
      number_of_plants integer NOT NULL DEFAULT 0 CHECK (number_of_plants >= 0),
      strain_name text NOT NULL DEFAULT '',
      batch_status text NOT NULL DEFAULT 'Planned',
      color text,
      pre_books integer NOT NULL DEFAULT 0,
      start_date date,
      end_date date,
      harvested_at timestamptz,
      harvested_by integer REFERENCES users(user_id),
      harvest_wet_weight double precision,
      harvest_dry_weight double precision,
      harvest_unit text,
      created_by integer REFERENCES users(user_id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
    );
    CREATE UNIQUE INDEX batches_number_key ON batches (company_id, lower(batch_number));
    CREATE INDEX batches_company_status_idx ON batches (company_id, batch_status);

    -- Every status a batch has had, for timelines and statuses over time.
    CREATE TABLE batch_status_history (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      batch_id integer NOT NULL REFERENCES batches(batch_id) ON DELETE CASCADE,
      from_status text,
      to_status text NOT NULL,
      changed_by integer REFERENCES users(user_id),
      changed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX batch_status_history_batch_idx ON batch_status_history (batch_id, changed_at);

    CREATE TABLE custom_batch_statuses (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      status_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX custom_batch_statuses_key ON custom_batch_statuses (company_id, lower(status_name));

    CREATE TABLE room_batches (
      company_id integer NOT NULL REFERENCES companies(company_id),
      room_id integer NOT NULL REFERENCES rooms(room_id) ON DELETE CASCADE,
      batch_id integer NOT NULL REFERENCES batches(batch_id) ON DELETE CASCADE,
      linked_at timestamptz NOT NULL DEFAULT now(),
      linked_by integer REFERENCES users(user_id),
      unlinked_at timestamptz,
      PRIMARY KEY (room_id, batch_id)
    );
    CREATE INDEX room_batches_batch_idx ON room_batches (batch_id);
    CREATE TABLE grid_batches (
      company_id integer NOT NULL REFERENCES companies(company_id),
      grid_id integer NOT NULL REFERENCES grids(grid_id) ON DELETE CASCADE,
      batch_id integer NOT NULL REFERENCES batches(batch_id) ON DELETE CASCADE,
      linked_at timestamptz NOT NULL DEFAULT now(),
      linked_by integer REFERENCES users(user_id),
      PRIMARY KEY (grid_id, batch_id)
    );
    CREATE INDEX grid_batches_batch_idx ON grid_batches (batch_id);
    CREATE TABLE gridbox_batches (
      company_id integer NOT NULL REFERENCES companies(company_id),
      grid_box_id integer NOT NULL REFERENCES grid_boxes(grid_box_id) ON DELETE CASCADE,
      batch_id integer NOT NULL REFERENCES batches(batch_id) ON DELETE CASCADE,
      linked_at timestamptz NOT NULL DEFAULT now(),
      linked_by integer REFERENCES users(user_id),
      PRIMARY KEY (grid_box_id, batch_id)
    );
    CREATE INDEX gridbox_batches_batch_idx ON gridbox_batches (batch_id);

    -- Room-to-room moves of a batch (/move_plants), for history by room.
    CREATE TABLE batch_room_moves (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      batch_id integer NOT NULL REFERENCES batches(batch_id) ON DELETE CASCADE,
      old_room_id integer REFERENCES rooms(room_id) ON DELETE SET NULL,
      new_room_id integer REFERENCES rooms(room_id) ON DELETE SET NULL,
      moved_by integer REFERENCES users(user_id),
      moved_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX batch_room_moves_batch_idx ON batch_room_moves (batch_id, moved_at);

    CREATE TABLE plant_batches (
      company_id integer NOT NULL REFERENCES companies(company_id),
      plant_id integer NOT NULL REFERENCES plants(plant_id) ON DELETE CASCADE,
      batch_id integer NOT NULL REFERENCES batches(batch_id) ON DELETE CASCADE,
      linked_at timestamptz NOT NULL DEFAULT now(),
      linked_by integer REFERENCES users(user_id),
      PRIMARY KEY (plant_id, batch_id)
    );
    CREATE INDEX plant_batches_batch_idx ON plant_batches (batch_id);

    CREATE TABLE tray_templates (
      template_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      template_name text NOT NULL,
      number_of_plants integer NOT NULL CHECK (number_of_plants > 0),
      description text,
      default_batch_id integer REFERENCES batches(batch_id) ON DELETE SET NULL,
      created_by integer REFERENCES users(user_id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX tray_templates_company_idx ON tray_templates (company_id);

    CREATE TABLE trays (
      tray_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      tray_name text NOT NULL,
      number_of_plants integer NOT NULL CHECK (number_of_plants > 0),
      batch_id integer REFERENCES batches(batch_id) ON DELETE SET NULL,
      template_id integer REFERENCES tray_templates(template_id) ON DELETE SET NULL,
      created_by integer REFERENCES users(user_id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX trays_company_idx ON trays (company_id);
    CREATE INDEX trays_batch_idx ON trays (batch_id);

    ALTER TABLE problem_observations
      ADD CONSTRAINT problem_observations_batch_fk FOREIGN KEY (batch_id) REFERENCES batches(batch_id) ON DELETE CASCADE;
    CREATE INDEX problem_observations_batch_idx ON problem_observations (batch_id) WHERE batch_id IS NOT NULL;
    ALTER TABLE form_responses
      ADD CONSTRAINT form_responses_batch_fk FOREIGN KEY (batch_id) REFERENCES batches(batch_id) ON DELETE SET NULL;
    ALTER TABLE plant_movements
      ADD CONSTRAINT plant_movements_batch_fk FOREIGN KEY (batch_id) REFERENCES batches(batch_id) ON DELETE SET NULL;
  `.execute(db);
}
