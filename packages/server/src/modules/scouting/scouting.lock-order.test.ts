import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import type { Caller } from '../../plugins/auth.js';
import { markScannedIn } from './scouting.service.js';

/**
 * A scan marks its room and then its grid in one transaction; a plain grid mark comes between them. The room's
 * version row (taken by the version triggers of rooms and grids) must be taken in the same order by both, or one
 * of them deadlocks (bench:scouts found it with 25 phones). Needs two real sessions: PostgreSQL only.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
let a: Tenant;
const kit = facilityKit(() => t.app);

beforeAll(async () => {
  if (!serverUrl) return;
  t = await buildTestApp();
  a = await makeTenant(t.app);
});
afterAll(() => t?.close());

/** Resolves once some session of this database waits for a lock. */
async function someoneWaits() {
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
    `.execute(t.app.db);
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!serverUrl)('marks of a room and its grid in two transactions', () => {
  it('a scan (room, then grid) and a grid mark between them both commit', async () => {
    const roomId = await kit.room(a, 'Lock order');
    const gridId = await kit.grid(a, roomId, 2, 2, 'Lock bench');
    const caller: Caller = { user_id: a.regular.user_id, company_id: a.companyId, user_role: 'Regular' };
    const now = new Date();
    let releaseScan!: () => void;
    let roomMarked!: () => void;
    const scanMayGoOn = new Promise<void>((r) => (releaseScan = r));
    const scanHasMarkedRoom = new Promise<void>((r) => (roomMarked = r));
    const scan = t.app.db.transaction().execute(async (trx) => {
      await markScannedIn({ db: trx }, caller, { kind: 'room', id: roomId }, caller.user_id, now);
      roomMarked();
      await scanMayGoOn;
      await markScannedIn({ db: trx }, caller, { kind: 'grid', id: gridId }, caller.user_id, now);
    });
    // The scan has written its room (and so holds the room's version) before the grid mark starts.
    await scanHasMarkedRoom;
    const gridMark = t.app.db.transaction().execute((trx) => markScannedIn({ db: trx }, caller, { kind: 'grid', id: gridId }, caller.user_id, now));
    await someoneWaits();
    releaseScan();
    const results = await Promise.allSettled([scan, gridMark]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
  });
});
