import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { DB } from '../db/schema.js';

// Any constant; the same on every process sharing the database (others: first-start.ts, saved reports, scouting).
const QUEUE_CREATE_LOCK = 746_100_002;

/**
 * Makes `boss.createQueue` take turns, in this process and with every other process on the database.
 * pg-boss 10 creates a queue (its row, then a partition of the job table with a foreign key to the queue
 * table) without a lock of its own, so two creations at once deadlock in PostgreSQL: replicas starting
 * together, or one process's modules creating their queues side by side (jobs/boss-queues.test.ts).
 * On a server the turns are a transaction-scoped advisory lock, held by a transaction of our own while pg-boss's
 * pool does the work: a session lock would be taken and released on different server connections behind
 * PgBouncer's transaction pooling (docs/deploy.md), and leak; an open transaction keeps its server connection.
 * The embedded database belongs to one process.
 */
export function queueCreationInTurns(boss: PgBoss, database: DatabaseHandle): void {
  // pg-boss puts its methods on the instance in its constructor: replace the property, bound as it is.
  const create = boss.createQueue;
  let turn: Promise<unknown> = Promise.resolve();
  const locked = (name: string, options?: PgBoss.Queue) =>
    database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${QUEUE_CREATE_LOCK})`.execute(trx);
      return create(name, options);
    });
  boss.createQueue = (name: string, options?: PgBoss.Queue) => {
    const run = turn.then(() => (database.kind === 'postgres' ? locked(name, options) : create(name, options)));
    turn = run.catch(() => {});
    return run;
  };
}

/** pg-boss on the same database; later domains add queues and workers here. */
export async function startJobs(database: DatabaseHandle, log: FastifyBaseLogger): Promise<PgBoss> {
  // Maintenance (it expires the jobs of a process that died) every 30 s rather than 2 min: a delivery claimed by a
  // process killed mid-send is taken again within about a minute (docs/deploy.md).
  const boss = new PgBoss({ ...database.jobsConnection, maintenanceIntervalSeconds: 30 });
  queueCreationInTurns(boss, database);
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
