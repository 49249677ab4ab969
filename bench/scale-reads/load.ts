import type { DatabaseHandle } from '../../packages/server/src/db/database.js';

type Db = Pick<DatabaseHandle, 'query'>;

export interface ScaleShape {
  rooms: number;
  gridsPerRoom: number;
  /** Each grid is nx paths × ny posts. */
  nx: number;
  ny: number;
  observations: number;
  responses: number;
  batches: number;
  audit: number;
  /** Sub-boxes per box, each holding one plant in its box's batch (0: none; at most 20). */
  subPerBox?: number;
  tasks?: number;
  /** Sticky-trap scans, one image and one detection each. */
  scans?: number;
  /** Spray applications, each on one path of boxes. */
  applications?: number;
  /** Room and grid scan marks. */
  marks?: number;
}

/** What loadCompany made, table by table. */
export type Made = Record<string, number>;

const VARIETIES = ['Merlice', 'Brioso', 'Tomimaru', 'Foundation', 'Roterno', 'Axiany', 'Sunstream', 'Provine', 'Dirk', 'Prunus'];
const BATCH_STATUSES = ['Propagation', 'Vegetative', 'Flowering', 'Ready', 'Harvested'];
const TWO_YEARS_S = 730 * 86_400;
const CHUNK = 250_000;

const count = async (db: Db, sql: string, values: unknown[]) => Number((await db.query(sql, values)).rows[0]!.n);

/**
 * One company's facility and history, made with INSERT … SELECT over generate_series on the loader's connection
 * (outside the app's statement timeout; nothing crosses the wire but the statements): rooms of grids of boxes,
 * sub-boxes with a plant each, batches on contiguous runs of boxes (their plants linked), two years of observations
 * by `people` (a tenth recorded on batches; the library's problems) and form responses with two answered fields,
 * tasks, sticky-trap scans, spray applications, scan marks and audit events. Every row goes in through the tables'
 * own constraints and statement triggers, so box_last_visits and problem_observation_days are kept as in real writes
 * (a chunk of rows per statement). The company row and its users exist already.
 */
export async function loadCompany(raw: Db, companyId: number, people: number[], s: ScaleShape, log?: (line: string) => void): Promise<Made> {
  const made: Made = {};
  // With a log, each statement's time (the first 60 characters of it name it).
  const db: Db = !log ? raw : {
    query: async (text, values) => {
      const t0 = performance.now();
      const res = await raw.query(text, values);
      log(`  ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${text.replace(/\s+/g, ' ').trim().slice(0, 60)}`);
      return res;
    },
  };
  const by = `(ARRAY[${people.join(',')}]::int[])[1 + (i % ${people.length})]`;
  made.rooms = s.rooms;
  await db.query(`INSERT INTO rooms (company_id, name) SELECT $1, 'Scale room ' || r FROM generate_series(1, $2) r`, [companyId, s.rooms]);
  await db.query(`
    WITH g AS (
      INSERT INTO grids (company_id, name, nx, ny)
      SELECT $1, 'Path ' || r.room_id || '.' || k, $3, $4 FROM rooms r, generate_series(1, $2) k WHERE r.company_id = $1
      RETURNING grid_id, name
    )
    INSERT INTO room_grid (company_id, room_id, grid_id)
    SELECT $1, r.room_id, g.grid_id FROM g JOIN rooms r ON r.company_id = $1 AND split_part(substr(g.name, 6), '.', 1)::int = r.room_id`,
  [companyId, s.gridsPerRoom, s.nx, s.ny]);
  made.grids = s.rooms * s.gridsPerRoom;
  await db.query(`INSERT INTO grid_boxes (company_id, grid_id, x, y) SELECT $1, g.grid_id, x, y FROM grids g, generate_series(1, g.nx) x, generate_series(1, g.ny) y WHERE g.company_id = $1`, [companyId]);
  await db.query(`DROP TABLE IF EXISTS bench_boxes`);
  await db.query(`CREATE TEMP TABLE bench_boxes AS SELECT row_number() OVER (ORDER BY b.grid_box_id) AS n, b.grid_box_id, b.grid_id, rg.room_id, NULL::int AS batch_id
    FROM grid_boxes b JOIN room_grid rg ON rg.grid_id = b.grid_id WHERE b.company_id = $1`, [companyId]);
  await db.query(`CREATE INDEX ON bench_boxes (n)`);
  const boxes = await count(db, `SELECT count(*) AS n FROM bench_boxes`, []);
  made.grid_boxes = boxes;

  // Batches, each on a contiguous run of boxes (the rest of the boxes hold none).
  const batches = Math.max(1, Math.min(s.batches, boxes));
  const perBatch = Math.floor(boxes / batches);
  await db.query(`
    INSERT INTO batches (company_id, batch_number, strain_name, batch_status, start_date)
    SELECT $1, 'SB-' || i, 'Tomato ' || (ARRAY[${VARIETIES.map((v) => `'${v}'`).join(',')}])[1 + i % ${VARIETIES.length}],
           (ARRAY[${BATCH_STATUSES.map((v) => `'${v}'`).join(',')}])[1 + i % ${BATCH_STATUSES.length}], (now() - make_interval(days => i % 700))::date
    FROM generate_series(1, $2) i`, [companyId, batches]);
  made.batches = batches;
  await db.query(`UPDATE bench_boxes bb SET batch_id = b.batch_id
    FROM (SELECT batch_id, row_number() OVER (ORDER BY batch_id) AS k FROM batches WHERE company_id = $1) b
    WHERE (bb.n - 1) / $2::int + 1 = b.k`, [companyId, perBatch]);
  made.gridbox_batches = (await db.query(`INSERT INTO gridbox_batches (company_id, grid_box_id, batch_id) SELECT $1, grid_box_id, batch_id FROM bench_boxes WHERE batch_id IS NOT NULL`, [companyId])).rowCount ?? 0;

  const sub = Math.min(20, s.subPerBox ?? 0);
  if (sub > 0) {
    // Plant n sits in sub-box ((n - 1) % sub) + 1 of box (n - 1) / sub + 1: one statement's identities are consecutive.
    const plants = boxes * sub;
    const ids = (await db.query(`WITH p AS (
        INSERT INTO plants (plant_uid, company_id, created_by) SELECT 'T' || $1::int || '-' || lpad(i::text, 8, '0'), $1::int, $2 FROM generate_series(1, $3) i RETURNING plant_id
      ) SELECT min(plant_id) AS lo, max(plant_id) AS hi FROM p`, [companyId, people[0], plants])).rows[0]!;
    if (Number(ids.hi) - Number(ids.lo) + 1 !== plants) throw new Error('loadCompany: plant ids are not consecutive');
    const base = Number(ids.lo);
    made.plants = plants;
    await db.query(`
      INSERT INTO sub_gridboxes (company_id, parent_gridbox_id, subx, suby, plant_id, created_by)
      SELECT $1, bb.grid_box_id, 1 + (k - 1) % 4, 1 + (k - 1) / 4, $2::int + (bb.n - 1)::int * $3::int + k - 1, $4
      FROM bench_boxes bb, generate_series(1, $3::int) k`, [companyId, base, sub, people[0]]);
    made.sub_gridboxes = plants;
    made.plant_batches = (await db.query(`
      INSERT INTO plant_batches (company_id, plant_id, batch_id)
      SELECT $1, $2::int + (bb.n - 1)::int * $3::int + k - 1, bb.batch_id FROM bench_boxes bb, generate_series(1, $3::int) k WHERE bb.batch_id IS NOT NULL`,
    [companyId, base, sub])).rowCount ?? 0;
    await db.query(`UPDATE batches SET number_of_plants = $2 WHERE company_id = $1`, [companyId, perBatch * sub]);
  }

  // The library's problems (names and ids, as the app records them).
  const problems = (await db.query(`SELECT problem_id, name FROM plant_problems WHERE company_id IS NULL ORDER BY problem_id LIMIT 20`)).rows;
  const ids = `ARRAY[${problems.map((p) => Number(p.problem_id)).join(',')}]::int[]`;
  const names = `ARRAY[${problems.map((p) => `'${String(p.name).replace(/'/g, "''")}'`).join(',')}]::text[]`;
  const pick = `(1 + (i::bigint * 7919) % ${problems.length})::int`;
  // Row i is (i / total) of two years ago: the newest first. Problems of the last three weeks are partly open.
  const openSince = Math.ceil((s.observations * 21) / 730);
  for (let from = 1; from <= s.observations; from += CHUNK) {
    const to = Math.min(s.observations, from + CHUNK - 1);
    await db.query(`
      INSERT INTO problem_observations (company_id, problem, problem_id, severity, room_id, grid_id, grid_box_id, batch_id, source, status, observed_at, observed_by)
      SELECT $1, (${names})[${pick}], (${ids})[${pick}], 1 + i % 5, bb.room_id, bb.grid_id, bb.grid_box_id,
             CASE WHEN i % 10 = 0 THEN bb.batch_id END,
             CASE WHEN i % 10 = 0 AND bb.batch_id IS NOT NULL THEN 'batch_problem' ELSE 'scan' END,
             CASE WHEN i <= $6 AND i % 3 = 0 THEN 'open' WHEN i % 50 = 1 THEN 'dismissed' ELSE 'resolved' END,
             now() - make_interval(secs => (i::float8 / $3::int) * ${TWO_YEARS_S}), ${by}
      FROM generate_series($4::int, $5::int) i JOIN bench_boxes bb ON bb.n = 1 + (i::bigint * 104729) % $2::int`,
    [companyId, boxes, s.observations, from, to, openSince]);
  }
  made.problem_observations = s.observations;

  const template = Number((await db.query(`INSERT INTO form_templates (company_id, template_name, created_by) VALUES ($1, 'Scale walk', $2) RETURNING template_id`, [companyId, people[0]])).rows[0]!.template_id);
  await db.query(`INSERT INTO form_fields (company_id, template_id, field_name, field_type, field_options, position) VALUES
    ($1, $2, 'Whitefly count', 'number', '[]', 0), ($1, $2, 'Crop stage', 'select', '["young","flowering","fruiting"]', 1)`, [companyId, template]);
  for (let from = 1; from <= s.responses; from += CHUNK) {
    const to = Math.min(s.responses, from + CHUNK - 1);
    await db.query(`
      WITH r AS (
        INSERT INTO form_responses (company_id, template_id, submitted_by, submitted_at, room_id, grid_id, grid_box_id, batch_id, observed_at)
        SELECT $1, $2, ${by}, t, bb.room_id, bb.grid_id, bb.grid_box_id, CASE WHEN i % 20 = 0 THEN bb.batch_id END, t
        FROM generate_series($5::int, $6::int) i
        JOIN bench_boxes bb ON bb.n = 1 + (i::bigint * 7907) % $4::int
        CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (i::float8 / $3::int) * ${TWO_YEARS_S}) AS t) at
        RETURNING response_id
      )
      INSERT INTO field_responses (company_id, response_id, field_id, input_data)
      SELECT $1, r.response_id, f.field_id, CASE WHEN f.field_type = 'number' THEN (r.response_id % 40)::text ELSE (ARRAY['young','flowering','fruiting'])[1 + r.response_id % 3] END
      FROM r CROSS JOIN form_fields f WHERE f.template_id = $2`,
    [companyId, template, s.responses, boxes, from, to]);
  }
  made.form_responses = s.responses;
  made.field_responses = s.responses * 2;

  if (s.tasks) {
    const taskForm = Number((await db.query(`INSERT INTO form_templates (company_id, template_name, form_category, default_for_type, created_by) VALUES ($1, 'Task', 'task', 'task', $2) RETURNING template_id`, [companyId, people[0]])).rows[0]!.template_id);
    await db.query(`
      WITH r AS (
        INSERT INTO form_responses (company_id, template_id, submitted_by, submitted_at, room_id, grid_id, grid_box_id, observed_at, status)
        SELECT $1, $2, ${by}, t, bb.room_id, bb.grid_id, bb.grid_box_id, t, CASE WHEN i <= $3::int / 20 THEN (ARRAY['open','in_progress'])[1 + i % 2] ELSE 'done' END
        FROM generate_series(1, $3::int) i
        JOIN bench_boxes bb ON bb.n = 1 + (i::bigint * 6007) % $4::int
        CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (i::float8 / $3::int) * ${TWO_YEARS_S}) AS t) at
        RETURNING response_id, submitted_by
      )
      INSERT INTO tasks (response_id, company_id, title, description, assignee_id, updated_by)
      SELECT response_id, $1, 'Check whitefly on path ' || (response_id % 97), 'Look under the leaves.', submitted_by, submitted_by FROM r`,
    [companyId, taskForm, s.tasks, boxes]);
    made.tasks = s.tasks;
  }

  if (s.scans) {
    await db.query(`
      WITH sc AS (
        INSERT INTO scans (company_id, scan_type, room_id, grid_id, grid_box_id, ai_model, engine, engine_version, model, model_version, kind, status, captured_at, created_at, created_by)
        SELECT $1, 'box', bb.room_id, bb.grid_id, bb.grid_box_id, 'verdant-traps', 'verdant-vision', '1', 'sticky-trap', '1', 'sticky_trap',
               (ARRAY['reviewed','clear','needs_review','uncertain'])[1 + i % 4], t, t, ${by}
        FROM generate_series(1, $2::int) i
        JOIN bench_boxes bb ON bb.n = 1 + (i::bigint * 5003) % $3::int
        CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (i::float8 / $2::int) * ${TWO_YEARS_S}) AS t) at
        RETURNING scan_id, status
      ), im AS (
        INSERT INTO scan_images (company_id, scan_id, position, image_key, thumb_key, width, height, kind)
        SELECT $1, scan_id, 0, 'scans/' || scan_id || '.jpg', 'scans/' || scan_id || '.thumb.jpg', 1600, 1200, 'sticky_trap' FROM sc
        RETURNING scan_image_id, scan_id
      )
      INSERT INTO scan_detections (company_id, scan_id, scan_image_id, label, problem_id, problem, confidence, count, review)
      SELECT $1, im.scan_id, im.scan_image_id, 'whitefly', (${ids})[1 + im.scan_id % ${problems.length}], (${names})[1 + im.scan_id % ${problems.length}],
             0.6 + (im.scan_id % 40) / 100.0, im.scan_id % 30, CASE WHEN sc.status = 'reviewed' THEN 'confirmed' ELSE 'pending' END
      FROM im JOIN sc USING (scan_id) WHERE sc.status <> 'clear'`,
    [companyId, s.scans, boxes]);
    made.scans = s.scans;
  }

  if (s.applications) {
    await db.query(`INSERT INTO spray_products (company_id, name, reentry_interval_hours, preharvest_interval_days, created_by)
      SELECT $1, p, 12, 3, $2 FROM unnest(ARRAY['Encarsia formosa','Eretmocerus eremicus','Amblyseius swirskii','Potassium bicarbonate','Spinosad']) p`, [companyId, people[0]]);
    await db.query(`INSERT INTO treatments (company_id, product_id, treatment_type, notes, created_by)
      SELECT company_id, product_id, CASE WHEN product_id % 3 = 0 THEN 'chemical' ELSE 'biological' END, 'Weekly release', $2 FROM spray_products WHERE company_id = $1`, [companyId, people[0]]);
    await db.query(`
      WITH p AS (SELECT array_agg(product_id ORDER BY product_id) AS ids FROM spray_products WHERE company_id = $1),
      g AS (SELECT array_agg(grid_id ORDER BY grid_id) AS ids, count(*)::int AS n FROM grids WHERE company_id = $1),
      a AS (
        INSERT INTO treatment_applications (company_id, product_id, application_date, applied_at, quantity_used, reentry_until, applied_by)
        SELECT $1, p.ids[1 + i % cardinality(p.ids)], t::date, t, 1 + i % 5, t + interval '12 hours', ${by}
        FROM generate_series(1, $2::int) i, p
        CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (i::float8 / $2::int) * ${TWO_YEARS_S}) AS t) at
        RETURNING application_id
      )
      INSERT INTO treatment_application_boxes (application_id, grid_box_id)
      SELECT a.application_id, b.grid_box_id FROM a CROSS JOIN g
      JOIN grid_boxes b ON b.grid_id = g.ids[1 + a.application_id % g.n] AND b.x = 1 + a.application_id % ${s.nx}`,
    [companyId, s.applications]);
    made.treatment_applications = s.applications;
  }

  const marks = s.marks ?? 2000;
  await db.query(`
    INSERT INTO scan_marks (company_id, room_id, grid_id, user_id, scanned_at)
    SELECT $1, CASE WHEN i % 2 = 0 THEN bb.room_id END, CASE WHEN i % 2 = 1 THEN bb.grid_id END, ${by}, now() - make_interval(days => i % 700)
    FROM generate_series(1, $2::int) i JOIN bench_boxes bb ON bb.n = 1 + (i * 613) % $3::int`, [companyId, marks, boxes]);
  made.scan_marks = marks;
  await db.query(`
    INSERT INTO audit_events (company_id, user_id, action, entity_type, entity_id, created_at)
    SELECT $1, ${by}, CASE WHEN i % 50 = 0 THEN 'room.created' ELSE 'box.renamed' END, 'grid_box', (i % 40000)::text, now() - make_interval(secs => (i::float8 / $2::int) * ${TWO_YEARS_S})
    FROM generate_series(1, $2::int) i`, [companyId, s.audit]);
  made.audit_events = s.audit;
  await db.query(`DROP TABLE bench_boxes`);
  return made;
}
