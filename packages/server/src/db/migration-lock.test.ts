import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationLockInTransaction } from './migration-lock.js';

const url = process.env.TEST_DATABASE_URL;
let pool: pg.Pool;
beforeAll(() => {
  if (url) pool = new pg.Pool({ connectionString: url, max: 4 });
});
afterAll(() => pool?.end());

describe.skipIf(!url)('the migration lock (PostgreSQL)', () => {
  it('lets one process migrate at a time, and leaves no lock behind on any connection', async () => {
    const first = new MigrationLockInTransaction(pool);
    const second = new MigrationLockInTransaction(pool);
    const order: string[] = [];
    await first.acquireMigrationLock();
    order.push('first holds');
    const waiting = second.acquireMigrationLock().then(() => order.push('second holds'));
    await new Promise((r) => setTimeout(r, 300));
    order.push('first releases');
    await first.releaseMigrationLock();
    await waiting;
    await second.releaseMigrationLock();
    expect(order).toEqual(['first holds', 'first releases', 'second holds']);
    // Transaction-scoped: nothing is held once both committed, whichever pooled connection asks.
    const held = await pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 746100003");
    expect(held.rows[0].n).toBe(0);
  });
});
