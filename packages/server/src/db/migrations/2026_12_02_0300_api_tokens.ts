import { sql, type Kysely } from 'kysely';

/**
 * Personal API tokens (issue 25; docs/decisions.md, "Personal API tokens"): only the sha256 of a token is kept; the
 * token names its company and id, so a call finds its row by the key. Keys carry company_id (docs/scale-out.md), and
 * so does the owner's foreign key: users gain UNIQUE (company_id, user_id) for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD CONSTRAINT users_company_user_key UNIQUE (company_id, user_id);

    CREATE TABLE api_tokens (
      company_id integer NOT NULL REFERENCES companies(company_id),
      token_id integer GENERATED ALWAYS AS IDENTITY,
      user_id integer NOT NULL,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
      scope text NOT NULL CHECK (scope IN ('read', 'scouting', 'all')),
      token_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      PRIMARY KEY (company_id, token_id),
      FOREIGN KEY (company_id, user_id) REFERENCES users (company_id, user_id)
    );
    CREATE INDEX api_tokens_owner_live_idx ON api_tokens (company_id, user_id) WHERE revoked_at IS NULL;
  `.execute(db);
}
