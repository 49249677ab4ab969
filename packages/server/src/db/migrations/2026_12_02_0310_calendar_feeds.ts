import { sql, type Kysely } from 'kysely';

/**
 * A person's calendar feed (issue 25; docs/decisions.md, "Calendar feed"): one secret per person, kept whole so the
 * profile can show the address again (it reads one person's schedule; regenerating replaces it, turning the feed
 * off deletes it). Keys carry company_id; the owner's foreign key uses users' (company_id, user_id) key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE calendar_feeds (
      company_id integer NOT NULL REFERENCES companies(company_id),
      user_id integer NOT NULL,
      secret text NOT NULL CHECK (secret ~ '^[A-Za-z0-9_-]{43}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, user_id),
      FOREIGN KEY (company_id, user_id) REFERENCES users (company_id, user_id) ON DELETE CASCADE
    );
  `.execute(db);
}
