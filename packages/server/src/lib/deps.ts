import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * What every service function takes first: the app's decorations it uses, by name (`db` always).
 * Routes pass `app`; a service already inside a transaction passes `{ db: trx }` (plus what else the
 * callee names, e.g. `{ tokens: deps.tokens, db: trx }`), so the callee runs on that transaction and
 * nothing it does waits on a second connection. Never spread `app`: Fastify keeps its decorations on
 * the instance's prototype chain, so `{ ...app }` has no `tokens`, `files`, ….
 */
export type Deps<K extends keyof FastifyInstance = never> = Pick<FastifyInstance, 'db' | K>;

/** For work that only makes sense inside the caller's transaction (row locks, writes that go with others). */
export type TxDeps = { db: Transaction<DB> };

/**
 * For reads where a few seconds of lag are acceptable (reports, trends, register exports): the replica of
 * READ_DATABASE_URL when one is set, else the primary. Never for a write, nor for what the caller just wrote.
 */
export const laggingReads = (app: Pick<FastifyInstance, 'readDb'>): Deps => ({ db: app.readDb });
