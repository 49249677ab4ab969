/**
 * What "no entry until" costs the room load: the boxes statement of load_room_grids_boxes (one page of a
 * 10,000-box grid, `boxesText`) as it is now — with the grouped re-entry subquery (`boxReentry`) — beside
 * the same statement without it, alternated in one run on the app's own database handle. Measured with no
 * application, then with a company history of 5,000 applications whose re-entry has ended and 100 still
 * running over 1,000 of the grid's boxes. Env: BENCH_ITERATIONS (default 21), DATABASE_URL (PostgreSQL).
 */
import { sql } from 'kysely';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { boxColumns, boxCounts } from '../packages/server/src/modules/rooms/room-tree.sql.js';
import { boxesText } from '../packages/server/src/modules/rooms/rooms.repository.js';
import { get, median } from './lib/timing.js';
import { runBenchApp } from './lib/bench-app.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 21);

/** rooms.repository `boxesText` as it was before "no entry until": the counts only. */
function boxesTextWithoutReentry(companyId: number, gridId: number, xFrom: number, xTo: number) {
  const page = sql`bx.grid_id IN (${gridId}) AND bx.x BETWEEN ${xFrom} AND ${xTo} AND bx.company_id = ${companyId}`;
  return sql`
    SELECT b."GridID" AS grid_id, string_agg(CASE WHEN c.subs IS NULL THEN row_to_json(b)::text
      ELSE left(row_to_json(b)::text, -1) || ',"SubGridboxCount":' || c.subs || ',"PlantCount":' || c.plants || '}' END, ',' ORDER BY b."X", b."Y") AS items
    FROM (SELECT ${boxColumns} FROM grid_boxes bx WHERE ${page}) b
    ${boxCounts(companyId, sql`SELECT bx.grid_box_id FROM grid_boxes bx WHERE ${page}`)}
    GROUP BY b."GridID"`;
}

runBenchApp('treatment-reentry', async ({ app, db }) => {
  const companyId = await makeCompany(app, 'Bench Sprayers');
  const user = await makeUser(app, companyId, 'Admin');
  const room = await app.db.insertInto('rooms').values({ company_id: companyId, name: 'Room 10k' }).returning('room_id').executeTakeFirstOrThrow();
  const made = await app.inject({
    method: 'POST', url: '/api/Create_grid', headers: { ...user.auth },
    payload: { nx: 100, ny: 100, ngrid_name: 'Grid 10k', ncompany_id: companyId, nroom_id: room.room_id },
  });
  if (made.statusCode !== 200) throw new Error(made.body);
  const grid = await app.db.selectFrom('room_grid').select('grid_id').where('room_id', '=', room.room_id).executeTakeFirstOrThrow();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/api/load_room_grids_boxes?company_id=${companyId}&room_id=${room.room_id}`;
  console.info(`database: ${db.label}; ${ITERATIONS} alternated runs per case (median)\n`);

  const withoutReentry = boxesTextWithoutReentry(companyId, grid.grid_id, 1, 100).compile(app.db);
  const time = async (f: () => Promise<unknown>) => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  async function measure(label: string) {
    const now: number[] = [];
    const before: number[] = [];
    const http: number[] = [];
    for (let i = 0; i < ITERATIONS + 3; i++) {
      const a = await time(() => boxesText(app.db, companyId, [grid.grid_id], 1, 100));
      const b = await time(() => app.database.query(withoutReentry.sql, withoutReentry.parameters as unknown[]));
      const c = await time(async () => {
        const res = await get(url, user.auth);
        if (res.status !== 200) throw new Error(res.body.slice(0, 200));
      });
      if (i >= 3) {
        now.push(a);
        before.push(b);
        http.push(c);
      }
    }
    const ratio = median(now) / median(before);
    console.info(
      `${label.padEnd(44)} | with re-entry ${median(now).toFixed(1).padStart(6)} ms | without ${median(before).toFixed(1).padStart(6)} ms | ${ratio.toFixed(2)}× | whole load (HTTP) ${median(http).toFixed(1)} ms`,
    );
  }

  await measure('no applications');

  const product = await app.db
    .insertInto('spray_products')
    .values({ company_id: companyId, name: 'Bench product', reentry_interval_hours: 24, created_at: new Date(), updated_at: new Date() })
    .returning('product_id')
    .executeTakeFirstOrThrow();
  // 5,000 past applications (re-entry ended), each on 4 boxes, and 100 running on 10 boxes each.
  await sql`
    WITH a AS (
      INSERT INTO treatment_applications (company_id, product_id, application_date, quantity_used, reentry_until, applied_by)
      SELECT ${companyId}, ${product.product_id}, (now() - (i || ' days')::interval)::date, 1,
             CASE WHEN i <= 100 THEN now() + interval '1 day' ELSE now() - (i || ' hours')::interval END, ${user.user_id}
      FROM generate_series(1, 5100) i
      RETURNING application_id
    ), n AS (SELECT application_id, row_number() OVER (ORDER BY application_id) AS k FROM a)
    INSERT INTO treatment_application_boxes (application_id, grid_box_id)
    SELECT DISTINCT n.application_id, b.grid_box_id
    FROM n JOIN LATERAL (
      SELECT grid_box_id FROM grid_boxes WHERE grid_id = ${grid.grid_id}
      ORDER BY grid_box_id OFFSET ((n.k * 10) % 9990) LIMIT CASE WHEN n.k <= 100 THEN 10 ELSE 4 END
    ) b ON true`.execute(app.db);
  await sql`ANALYZE treatment_applications; ANALYZE treatment_application_boxes`.execute(app.db);
  const marked = await boxesText(app.db, companyId, [grid.grid_id], 1, 100);
  const count = (marked.get(grid.grid_id) ?? '').split('"NoEntryUntil"').length - 1;
  // The keep-alive socket may have been closed while the history was written: one request to open a new one.
  await get(url, user.auth).catch(() => undefined);
  await measure(`5,000 ended + 100 running (${count} boxes marked)`);
});
