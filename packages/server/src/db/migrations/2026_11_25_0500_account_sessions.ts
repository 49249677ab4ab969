import { sql, type Kysely } from 'kysely';

/**
 * Sessions that can be ended at once: `token_version` is carried in every access token and bumped
 * to refuse them all (sign out everywhere, password reset, deactivation); `active` lets an
 * administrator switch an account off without deleting its history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN token_version integer NOT NULL DEFAULT 0,
      ADD COLUMN active boolean NOT NULL DEFAULT true;
    CREATE INDEX refresh_tokens_user_live_idx ON refresh_tokens (user_id) WHERE revoked_at IS NULL;
    CREATE INDEX password_resets_user_open_idx ON password_resets (user_id) WHERE used_at IS NULL;
  `.execute(db);
}
