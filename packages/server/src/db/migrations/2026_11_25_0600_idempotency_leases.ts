import { sql, type Kysely } from 'kysely';

/**
 * An Idempotency-Key reservation that its request never finished (crash, kill -9) must not block the
 * key for ever: `locked_until` is a lease a retry may take over once it has lapsed, and `committed_at`
 * is written in the same transaction as the request's write, so a retry can tell "applied, answer
 * lost" from "never applied" and never applies a write twice. `lease_token` fences a holder whose
 * lease was taken over: its receipt no longer matches, so its write rolls back instead of applying twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE idempotency_keys
      ADD COLUMN locked_until timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN committed_at timestamptz,
      ADD COLUMN lease_token text;
  `.execute(db);
}
