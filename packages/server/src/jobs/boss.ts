import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { DB } from '../db/schema.js';

/** pg-boss on the same database; later domains add queues and workers here. */
export async function startJobs(database: DatabaseHandle, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = new PgBoss(database.jobsConnection);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  bindJobs(database.db, boss);
  return boss;
}

/**
 * pg-boss's way into an open transaction: `boss.send(queue, data, { db: jobsIn(trx) })` enqueues
 * the job in the same transaction as the write it belongs to (never a second connection inside a
 * transaction — on the embedded database that would wait for ever).
 */
export function jobsIn(trx: Kysely<DB>): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as unknown[] }),
  };
}

/**
 * The pg-boss that enqueues for a database, found from any transaction on it: a Kysely instance and every
 * transaction it opens share one dialect adapter, so code that holds only `trx` (an event raised inside a
 * service's transaction) can still enqueue with the write. Several apps in one process (tests) each bind their own.
 */
const bossByAdapter = new WeakMap<object, PgBoss>();

export function bindJobs(db: Kysely<DB>, boss: PgBoss): void {
  bossByAdapter.set(db.getExecutor().adapter, boss);
}

/** The pg-boss bound to `db`'s database, or null when jobs are not running (deliveries wait, see notifications). */
export function jobsFor(db: Kysely<DB>): PgBoss | null {
  return bossByAdapter.get(db.getExecutor().adapter) ?? null;
}
