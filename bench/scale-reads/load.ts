import type { DatabaseHandle } from '../../packages/server/src/db/database.js';

type Db = Pick<DatabaseHandle, 'query'>;

export interface ScaleShape {
  rooms: number;
  gridsPerRoom: number;
  side: number;
  observations: number;
  responses: number;
  batches: number;
  audit: number;
}

export const PROBLEMS = ['Aphids', 'Thrips', 'Powdery mildew', 'Spider mites', 'Whitefly', 'Botrytis', 'Fungus gnats', 'Leaf miner',
  'Downy mildew', 'Root rot', 'Mealybugs', 'Scale', 'Caterpillars', 'Slugs', 'Rust', 'Nutrient deficiency',
  'Sunscald', 'Mosaic virus', 'Broad mites', 'Russet mites'];

const CHUNK = 250_000;

/**
 * One large company with generate_series on the loader's connection (outside the app's statement timeout): rooms of
 * square grids, two years of observations (a tenth recorded on batches) and form responses on random boxes, scan
 * marks, batches linked to boxes, and audit events. The observation and response triggers run as in real writes.
 */
export async function loadCompany(db: Db, companyId: number, userId: number, s: ScaleShape) {
  await db.query(`INSERT INTO rooms (company_id, name) SELECT $1, 'Scale room ' || r FROM generate_series(1, $2) r`, [companyId, s.rooms]);
  await db.query(`
    WITH g AS (
      INSERT INTO grids (company_id, name, nx, ny)
      SELECT $1, 'Path ' || r.room_id || '.' || k, $3, $3 FROM rooms r, generate_series(1, $2) k WHERE r.company_id = $1
      RETURNING grid_id, name
    )
    INSERT INTO room_grid (company_id, room_id, grid_id)
    SELECT $1, r.room_id, g.grid_id FROM g JOIN rooms r ON r.company_id = $1 AND split_part(substr(g.name, 6), '.', 1)::int = r.room_id`,
  [companyId, s.gridsPerRoom, s.side]);
  await db.query(`INSERT INTO grid_boxes (company_id, grid_id, x, y) SELECT $1, g.grid_id, x, y FROM grids g, generate_series(1, g.nx) x, generate_series(1, g.ny) y WHERE g.company_id = $1`, [companyId]);
  await db.query(`CREATE TEMP TABLE bench_boxes AS SELECT row_number() OVER (ORDER BY b.grid_box_id) AS n, b.grid_box_id, b.grid_id, rg.room_id
    FROM grid_boxes b JOIN room_grid rg ON rg.grid_id = b.grid_id WHERE b.company_id = $1`, [companyId]);
  await db.query(`CREATE INDEX ON bench_boxes (n)`);
  const boxes = Number((await db.query(`SELECT count(*) AS n FROM bench_boxes`)).rows[0]!.n);
  await db.query(`INSERT INTO batches (company_id, batch_number, strain_name, batch_status) SELECT $1, 'SB-' || i, 'Tomato ' || (i % 7), 'Vegetative' FROM generate_series(1, $2) i`, [companyId, s.batches]);
  // Each batch on a contiguous run of boxes.
  await db.query(`
    INSERT INTO gridbox_batches (company_id, grid_box_id, batch_id)
    SELECT $1, bb.grid_box_id, b.batch_id FROM (SELECT batch_id, row_number() OVER (ORDER BY batch_id) AS k FROM batches WHERE company_id = $1) b
    JOIN bench_boxes bb ON bb.n BETWEEN (b.k - 1) * ($2::int / $3::int) + 1 AND b.k * ($2::int / $3::int)`, [companyId, boxes, s.batches]);
  const problems = `(ARRAY[${PROBLEMS.map((p) => `'${p}'`).join(',')}])[(1 + (i::bigint * 7919) % ${PROBLEMS.length})::int]`;
  for (let from = 1; from <= s.observations; from += CHUNK) {
    const to = Math.min(s.observations, from + CHUNK - 1);
    await db.query(`
      INSERT INTO problem_observations (company_id, problem, severity, room_id, grid_id, grid_box_id, batch_id, source, status, observed_at, observed_by)
      SELECT $1, ${problems}, 1 + i % 5, bb.room_id, bb.grid_id, bb.grid_box_id,
             CASE WHEN i % 10 = 0 THEN (SELECT batch_id FROM gridbox_batches WHERE grid_box_id = bb.grid_box_id LIMIT 1) END,
             CASE WHEN i % 10 = 0 THEN 'batch_problem' ELSE 'scan' END,
             CASE WHEN i % 4 = 0 THEN 'open' ELSE 'resolved' END,
             now() - make_interval(secs => (i::float8 / $3::int) * 730 * 86400), $4
      FROM generate_series($5::int, $6::int) i JOIN bench_boxes bb ON bb.n = 1 + (i::bigint * 104729) % $2::int`,
    [companyId, boxes, s.observations, userId, from, to]);
  }
  const template = (await db.query(`INSERT INTO form_templates (company_id, template_name, created_by) VALUES ($1, 'Scale walk', $2) RETURNING template_id`, [companyId, userId])).rows[0]!.template_id;
  await db.query(`
    INSERT INTO form_responses (company_id, template_id, submitted_by, room_id, grid_id, grid_box_id, batch_id, observed_at)
    SELECT $1, $2, $3, bb.room_id, bb.grid_id, bb.grid_box_id, CASE WHEN i % 20 = 0 THEN (SELECT batch_id FROM gridbox_batches WHERE grid_box_id = bb.grid_box_id LIMIT 1) END,
           now() - make_interval(secs => (i::float8 / $4::int) * 730 * 86400)
    FROM generate_series(1, $4::int) i JOIN bench_boxes bb ON bb.n = 1 + (i::bigint * 7907) % $5::int`, [companyId, template, userId, s.responses, boxes]);
  await db.query(`
    INSERT INTO scan_marks (company_id, room_id, grid_id, user_id, scanned_at)
    SELECT $1, CASE WHEN i % 2 = 0 THEN bb.room_id END, CASE WHEN i % 2 = 1 THEN bb.grid_id END, $2, now() - make_interval(days => i % 700)
    FROM generate_series(1, 2000) i JOIN bench_boxes bb ON bb.n = 1 + (i * 613) % $3::int`, [companyId, userId, boxes]);
  await db.query(`
    INSERT INTO audit_events (company_id, user_id, action, entity_type, entity_id, created_at)
    SELECT $1, $2, CASE WHEN i % 50 = 0 THEN 'room.created' ELSE 'box.renamed' END, 'grid_box', (i % 40000)::text, now() - make_interval(secs => i * 300)
    FROM generate_series(1, $3) i`, [companyId, userId, s.audit]);
  await db.query(`DROP TABLE bench_boxes`);
  await db.query(`ANALYZE`);
  return boxes;
}
