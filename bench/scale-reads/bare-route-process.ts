/** bench:scale's bare route (bare-route.ts) in a process of its own: `bare-route-process.ts <database url>`. */
import pg from 'pg';
import { serveBareRoute } from './bare-route.js';

const url = process.argv[2];
if (!url) throw new Error('usage: bare-route-process.ts <database url>');
// As large as the app's pool: a request's statements in order on one connection.
const pool = new pg.Pool({ connectionString: url, max: 10 });
await serveBareRoute(async (stmts) => {
  const client = await pool.connect();
  try {
    const rows: unknown[][] = [];
    for (const s of stmts) rows.push((await client.query(s.text, s.values)).rows);
    return rows;
  } finally {
    client.release();
  }
}, () => pool.end());
