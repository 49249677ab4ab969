import { sql, type Kysely } from 'kysely';

/**
 * Consultants: outside advisers an Admin invites with read-only access to chosen rooms (docs/decisions.md,
 * "Consultants"). A consultant signs up through an ordinary invitation whose role is 'Consultant', so the
 * users' role check gains that value. `consultants` is the grant, found from the user by company and e-mail
 * (the invitation fixes both); revoking stamps it, so a later grant for the same address is a new row.
 * `consultant_rooms` are the rooms it opens; a deleted room leaves the grant without it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users DROP CONSTRAINT users_user_role_check;
    ALTER TABLE users ADD CONSTRAINT users_user_role_check CHECK (user_role IN ('SuperAdmin', 'Admin', 'Regular', 'Consultant'));

    CREATE TABLE consultants (
      consultant_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      invitation_id integer REFERENCES invitations(invitation_id) ON DELETE SET NULL,
      invited_by integer REFERENCES users(user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_by integer REFERENCES users(user_id) ON DELETE SET NULL
    );
    CREATE UNIQUE INDEX consultants_live_email_idx ON consultants (company_id, lower(email)) WHERE revoked_at IS NULL;

    CREATE TABLE consultant_rooms (
      consultant_id integer NOT NULL REFERENCES consultants(consultant_id) ON DELETE CASCADE,
      room_id integer NOT NULL REFERENCES rooms(room_id) ON DELETE CASCADE,
      company_id integer NOT NULL REFERENCES companies(company_id),
      PRIMARY KEY (consultant_id, room_id)
    );
  `.execute(db);
}
