import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase, type ScratchDatabase } from '../db/scratch-database.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { startJobs } from './boss.js';

/**
 * Two API processes starting at once both create every queue they work. pg-boss 10 creates a queue's
 * partition without a lock of its own, so two creations of one new queue can deadlock in PostgreSQL
 * (one inserts the queue row, the other waits on it while holding the lock the first's foreign key needs);
 * startJobs' pg-boss creates queues in turns (queueCreationInTurns).
 * Needs a real PostgreSQL (TEST_DATABASE_URL): the embedded database belongs to one process.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const quiet = { error: () => {} } as unknown as Parameters<typeof startJobs>[1];

let db: ScratchDatabase;
const handles: DatabaseHandle[] = [];
const bosses: PgBoss[] = [];

beforeAll(async () => {
  if (!serverUrl) return;
  db = await openScratchDatabase({ serverUrl, prefix: 'verdant_test' });
  for (let i = 0; i < 2; i++) {
    const handle = await openDatabase(db.target);
    handles.push(handle);
    bosses.push(await startJobs(handle, quiet));
  }
}, 60_000);
afterAll(async () => {
  for (const boss of bosses) await boss.stop({ graceful: false, wait: true });
  for (const handle of handles) await handle.close();
  await db?.drop();
});

describe.skipIf(!serverUrl)('two pg-boss instances on one database', () => {
  it('create the same new queues at the same time without a deadlock', { timeout: 60_000 }, async () => {
    const names = Array.from({ length: 12 }, (_x, i) => `race-${i}`);
    const [one, two] = bosses as [PgBoss, PgBoss];
    await Promise.all(names.flatMap((name) => [one.createQueue(name, { name, policy: 'singleton' }), two.createQueue(name, { name, policy: 'singleton' })]));
    const made = (await one.getQueues()).map((q) => q.name).filter((n) => n.startsWith('race-'));
    expect(made.sort()).toEqual([...names].sort());
  });
});
