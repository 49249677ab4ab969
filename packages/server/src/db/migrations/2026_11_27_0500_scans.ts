import { sql, type Kysely } from 'kysely';

/**
 * Photo scans (docs/decisions.md, "Scans"). A scan is of one place (a box, a grid or a room; the ids above
 * it are filled in too, so the room and grid filters are one index each), names the model asked for and
 * the engine and model version that answered, and holds its photos (scan_images: stored files and the
 * engine's measurements) and its detections. A detection that maps to a library problem files a problem
 * observation (source 'scan'); the scout's review of it (confirm, correct, reject) is kept on the
 * detection, so confirmed and corrected detections are the company's labelled examples.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE scans (
      scan_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      scan_type text NOT NULL CHECK (scan_type IN ('box', 'grid', 'room')),
      room_id integer REFERENCES rooms(room_id) ON DELETE CASCADE,
      grid_id integer REFERENCES grids(grid_id) ON DELETE CASCADE,
      grid_box_id integer REFERENCES grid_boxes(grid_box_id) ON DELETE CASCADE,
      ai_model text NOT NULL CHECK (length(ai_model) BETWEEN 1 AND 64),
      engine text NOT NULL,
      engine_version text NOT NULL,
      model text NOT NULL,
      model_version text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('leaf', 'sticky_trap', 'unknown')),
      status text NOT NULL CHECK (status IN ('needs_review', 'reviewed', 'clear')),
      client_analysis jsonb,
      captured_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      CHECK (scan_type <> 'box' OR grid_box_id IS NOT NULL),
      CHECK (scan_type <> 'grid' OR grid_id IS NOT NULL),
      CHECK (scan_type <> 'room' OR room_id IS NOT NULL)
    );
    CREATE INDEX scans_company_idx ON scans (company_id, captured_at DESC, scan_id DESC);
    CREATE INDEX scans_room_idx ON scans (room_id, captured_at DESC);
    CREATE INDEX scans_grid_idx ON scans (grid_id, captured_at DESC);

    CREATE TABLE scan_images (
      scan_image_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      scan_id integer NOT NULL REFERENCES scans(scan_id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      image_key text NOT NULL,
      thumb_key text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('leaf', 'sticky_trap', 'unknown')),
      analysis jsonb NOT NULL DEFAULT '{}',
      UNIQUE (scan_id, position)
    );

    CREATE TABLE scan_detections (
      detection_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      scan_id integer NOT NULL REFERENCES scans(scan_id) ON DELETE CASCADE,
      scan_image_id integer NOT NULL REFERENCES scan_images(scan_image_id) ON DELETE CASCADE,
      label text NOT NULL,
      problem_id integer REFERENCES plant_problems(problem_id) ON DELETE SET NULL,
      problem text,
      confidence double precision NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
      affected_percent double precision,
      count integer,
      severity double precision,
      regions jsonb NOT NULL DEFAULT '[]',
      observation_id integer REFERENCES problem_observations(observation_id) ON DELETE SET NULL,
      review text NOT NULL DEFAULT 'pending' CHECK (review IN ('pending', 'confirmed', 'corrected', 'rejected')),
      corrected_problem_id integer REFERENCES plant_problems(problem_id) ON DELETE SET NULL,
      reviewed_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      CHECK (review <> 'corrected' OR corrected_problem_id IS NOT NULL)
    );
    CREATE INDEX scan_detections_scan_idx ON scan_detections (scan_id, detection_id);
    CREATE INDEX scan_detections_examples_idx ON scan_detections (company_id, reviewed_at, detection_id)
      WHERE review IN ('confirmed', 'corrected');
    CREATE INDEX scan_detections_observation_idx ON scan_detections (observation_id) WHERE observation_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE scan_detections; DROP TABLE scan_images; DROP TABLE scans;`.execute(db);
}
