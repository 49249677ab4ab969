/**
 * The 25-scout load (bench/scouts-load) at its smallest: 2 phones for a few seconds on a 0.1 ha scale seed, against
 * the app listening on the test database (embedded, or TEST_DATABASE_URL's server). Proves the script works end to
 * end — sign-in, reads, observations with photos, scans, marks and the outbox, some keys sent twice — and that its
 * database count finds a doubled or lost row. No timings are asserted (they go to bench/results.md).
 * Run: npx vitest run --project outbox-property bench/scouts-load.test.ts
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../packages/server/src/test/build-test-app.js';
import { seedScale } from './scale-reads/seed.js';
import { runScoutsLoad } from './scouts-load/load.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

it('runs 2 phones against a seeded tenant over HTTP and counts one row per Idempotency-Key', async () => {
  const db = t.app.database;
  await seedScale(db, { hectares: 0.1, companies: 1, scouts: 2 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const lines: string[] = [];
  const r = await runScoutsLoad({ api: `http://127.0.0.1:${port}/api`, db, scouts: 2, seconds: 3, thinkMs: 0, rss: () => process.memoryUsage().rss, log: (l) => lines.push(l) });

  expect(r.failures).toEqual([]);
  const ops = new Set(r.calls.map((c) => `${c.kind} ${c.op}`));
  for (const op of ['sign-in sign in', 'read room map', 'read box history', 'write observation', 'write photo', 'write scan', 'write mark', 'write comment']) expect(ops, op).toContain(op);
  // Both phones wrote, and some keys went twice (one after the other, and at once).
  expect(new Set(r.keyed.map((k) => k.userId)).size).toBe(2);
  expect(r.keyed.filter((k) => k.sends === 2).length).toBeGreaterThan(0);
  expect(r.counts).toMatchObject({ lost: 0, doubled: 0, answersDiffer: 0, receiptsMissing: 0 });
  expect(r.counts.keys).toBe(r.keyed.length);
  expect(r.counts.marksFound).toBe(r.counts.marksExpected);
  expect(r.counts.marksExpected).toBeGreaterThan(0);
  expect(r.peakRss).toBeGreaterThan(0);

  // The count sees a row made twice, and one missing.
  const comment = r.keyed.find((k) => k.op === 'comment')!;
  const row = (await db.query(`SELECT company_id, response_id, user_id FROM comments WHERE comment_text = $1`, [comment.marker])).rows[0]!;
  await db.query(`INSERT INTO comments (company_id, response_id, user_id, comment_text) VALUES ($1, $2, $3, $4)`, [row.company_id, row.response_id, row.user_id, comment.marker]);
  expect((await r.recount()).doubled).toBe(1);
  await db.query(`DELETE FROM comments WHERE comment_text = $1`, [comment.marker]);
  expect((await r.recount()).lost).toBe(1);
}, 60_000);
