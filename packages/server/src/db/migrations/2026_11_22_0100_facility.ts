import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rooms (
      room_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      scanned boolean NOT NULL DEFAULT false,
      scanned_at timestamptz,
      last_scanned_by integer REFERENCES users(user_id),
      whiteboard_image text,
      start_scroll integer NOT NULL DEFAULT 0
    );
    CREATE INDEX rooms_company_idx ON rooms (company_id);

    CREATE TABLE room_whiteboards (
      whiteboard_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      room_id integer NOT NULL REFERENCES rooms(room_id) ON DELETE CASCADE,
      image_key text NOT NULL,
      thumb_key text NOT NULL,
      uploaded_by integer REFERENCES users(user_id),
      uploaded_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX room_whiteboards_room_idx ON room_whiteboards (room_id, uploaded_at DESC);

    CREATE TABLE grids (
      grid_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      nx integer NOT NULL CHECK (nx > 0),
      ny integer NOT NULL CHECK (ny > 0),
      image_name text,
      image_thumb text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      scanned boolean NOT NULL DEFAULT false,
      scanned_at timestamptz,
      last_scanned_by integer REFERENCES users(user_id)
    );
    CREATE INDEX grids_company_idx ON grids (company_id);

    CREATE TABLE room_grid (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      room_id integer NOT NULL REFERENCES rooms(room_id) ON DELETE CASCADE,
      grid_id integer NOT NULL REFERENCES grids(grid_id) ON DELETE CASCADE,
      UNIQUE (room_id, grid_id)
    );
    CREATE INDEX room_grid_grid_idx ON room_grid (grid_id);

    CREATE TABLE grid_boxes (
      grid_box_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      grid_id integer NOT NULL REFERENCES grids(grid_id) ON DELETE CASCADE,
      x integer NOT NULL,
      y integer NOT NULL,
      color text,
      status text,
      content text,
      image_name text,
      custom_name text,
      culled boolean NOT NULL DEFAULT false,
      culled_at timestamptz,
      culled_by integer REFERENCES users(user_id),
      UNIQUE (grid_id, x, y)
    );

    -- A scouting round: reset_scanned_status starts a new one; marks belong to the round they were made in.
    CREATE TABLE scouting_rounds (
      round_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      started_at timestamptz NOT NULL DEFAULT now(),
      started_by integer REFERENCES users(user_id)
    );
    CREATE INDEX scouting_rounds_company_idx ON scouting_rounds (company_id, started_at DESC);

    CREATE TABLE scan_marks (
      mark_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      round_id integer REFERENCES scouting_rounds(round_id),
      room_id integer REFERENCES rooms(room_id) ON DELETE CASCADE,
      grid_id integer REFERENCES grids(grid_id) ON DELETE CASCADE,
      user_id integer REFERENCES users(user_id),
      scanned_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((room_id IS NULL) <> (grid_id IS NULL))
    );
    CREATE INDEX scan_marks_room_idx ON scan_marks (room_id, scanned_at DESC);
    CREATE INDEX scan_marks_grid_idx ON scan_marks (grid_id, scanned_at DESC);

    CREATE TABLE plants (
      plant_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      plant_uid text NOT NULL UNIQUE,
      company_id integer NOT NULL REFERENCES companies(company_id),
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users(user_id)
    );
    CREATE INDEX plants_company_idx ON plants (company_id);

    CREATE TABLE sub_gridboxes (
      sub_gridbox_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      parent_gridbox_id integer NOT NULL REFERENCES grid_boxes(grid_box_id) ON DELETE CASCADE,
      subx integer NOT NULL CHECK (subx >= 1),
      suby integer NOT NULL CHECK (suby >= 1),
      custom_name text,
      plant_id integer REFERENCES plants(plant_id),
      color text,
      status text,
      content text,
      image_name text,
      created_by integer REFERENCES users(user_id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX sub_gridboxes_position_key ON sub_gridboxes (parent_gridbox_id, subx, suby) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX sub_gridboxes_plant_key ON sub_gridboxes (plant_id) WHERE deleted_at IS NULL AND plant_id IS NOT NULL;

    CREATE TABLE plant_movements (
      movement_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      plant_id integer NOT NULL REFERENCES plants(plant_id),
      from_sub_gridbox_id integer REFERENCES sub_gridboxes(sub_gridbox_id),
      to_sub_gridbox_id integer REFERENCES sub_gridboxes(sub_gridbox_id),
      from_gridbox_id integer REFERENCES grid_boxes(grid_box_id) ON DELETE SET NULL,
      to_gridbox_id integer REFERENCES grid_boxes(grid_box_id) ON DELETE SET NULL,
      from_room_id integer REFERENCES rooms(room_id) ON DELETE SET NULL,
      to_room_id integer REFERENCES rooms(room_id) ON DELETE SET NULL,
      batch_id integer,
      movement_reason text,
      notes text,
      moved_by integer REFERENCES users(user_id),
      moved_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX plant_movements_company_idx ON plant_movements (company_id, moved_at DESC);

    CREATE TABLE grid_templates (
      template_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      template_name text NOT NULL,
      template_type text NOT NULL CHECK (template_type IN ('Grid', 'SubGrid')),
      rows integer NOT NULL CHECK (rows > 0),
      columns integer NOT NULL CHECK (columns > 0),
      description text,
      created_by integer REFERENCES users(user_id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX grid_templates_company_idx ON grid_templates (company_id, template_type);
  `.execute(db);
}
