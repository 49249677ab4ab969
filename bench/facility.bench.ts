/**
 * load_room_grids_boxes benchmark: the real endpoint (HTTP, bearer token, contract checks, tenancy)
 * beside a bare script running the same SQL through the app's own database handle
 * (`app.database.query`: the same in-process PGlite session, or the app's pool on DATABASE_URL) and
 * `JSON.stringify`-ing the result, in the same run, for one room of 1,000, 10,000 and 50,000 boxes.
 *
 * Goals (issue 3): app ≤ 1.5× bare at each size; app at 10k ≤ 12× app at 1k.
 * Env: BENCH_ITERATIONS (default 15), DATABASE_URL (a PostgreSQL server; a fresh database is made there).
 */
import { sql } from 'kysely';
import { makeCompany, makeUser } from '../packages/server/src/test/factories.js';
import { roomTreeJson } from '../packages/server/src/modules/rooms/room-tree.sql.js';
import { get, printComparison, timeBoth, type Timed } from './lib/timing.js';
import { runBenchApp } from './lib/bench-app.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 15);
const SIZES: Array<[label: string, nx: number, ny: number]> = [
  ['1k', 25, 40],
  ['10k', 100, 100],
  ['50k', 250, 200],
];

runBenchApp('facility', async ({ app, db }) => {
  const companyId = await makeCompany(app, 'Bench Greenhouse');
  const user = await makeUser(app, companyId, 'Regular');
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.info(`database: ${db.label}${db.target.kind === 'embedded' ? ' (in-process PGlite)' : ''}; ${ITERATIONS} timed requests per size (median)\n`);

  const rooms: Array<{ label: string; roomId: number }> = [];
  for (const [label, nx, ny] of SIZES) {
    const room = await app.db.insertInto('rooms').values({ company_id: companyId, name: `Room ${label}` }).returning('room_id').executeTakeFirstOrThrow();
    const created = await app.inject({
      method: 'POST',
      url: '/api/Create_grid',
      headers: { ...user.auth },
      payload: { nx, ny, ngrid_name: `Grid ${label}`, ncompany_id: companyId, nroom_id: room.room_id },
    });
    if (created.statusCode !== 200) throw new Error(created.body);
    rooms.push({ label, roomId: room.room_id });
  }

  const results: Array<Timed & { label: string }> = [];
  for (const { label, roomId } of rooms) {
    const url = `${address}/api/load_room_grids_boxes?company_id=${companyId}&room_id=${roomId}`;
    // The bare script: the same SQL on the same handle (the driver parses the json column), then JSON.stringify of the answer.
    const compiled = sql`SELECT ${roomTreeJson(companyId, roomId)} AS rooms`.compile(app.db);
    const measured = await timeBoth(
      async () => {
        const res = await get(url, user.auth);
        if (res.status !== 200) throw new Error(res.body.slice(0, 200));
        return res.body.length;
      },
      async () => {
        const res = await app.database.query(compiled.sql, compiled.parameters as unknown[]);
        return JSON.stringify({ status: 'success', rooms: res.rows[0]?.rooms }).length;
      },
      ITERATIONS,
    );
    results.push({ label, ...measured });
  }

  printComparison(results, { title: 'boxes', width: 5, align: 'start' });
  const k1 = results.find((r) => r.label === '1k')!;
  const k10 = results.find((r) => r.label === '10k')!;
  const scale = k10.app / k1.app;
  console.info(`\napp 10k / app 1k = ${scale.toFixed(2)} (goal ≤ 12) ${scale <= 12 ? 'ok' : 'OVER'}`);
});
