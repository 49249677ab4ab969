import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { jobsIn } from './boss.js';

describe('pg-boss on the same database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { jobs: true });
  });
  afterAll(() => t?.close());

  it('enqueues with the write that belongs to it: a rolled-back transaction leaves no job, a committed one is worked', { timeout: 60_000 }, async () => {
    const boss = t.app.boss!;
    await boss.createQueue('probe');
    await t.app.db
      .transaction()
      .execute(async (trx) => {
        await boss.send('probe', { n: 1 }, { db: jobsIn(trx) });
        throw new Error('roll back');
      })
      .catch(() => {});
    let id: string | null = null;
    await t.app.db.transaction().execute(async (trx) => {
      id = await boss.send('probe', { n: 2 }, { db: jobsIn(trx) });
    });
    expect(id).toBeTruthy();

    const worked: number[] = [];
    const done = new Promise<void>((resolve) => {
      void boss.work<{ n: number }>('probe', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        worked.push(job!.data.n);
        resolve();
      });
    });
    await done;
    expect(worked).toEqual([2]);
    expect(await boss.getQueueSize('probe')).toBe(0);
  });
});
