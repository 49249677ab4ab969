import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE companies (
      company_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_name text NOT NULL,
      company_type text,
      contact_name text,
      contact_email text,
      contact_phone text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE users (
      user_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      password_hash text NOT NULL,
      user_role text NOT NULL CHECK (user_role IN ('SuperAdmin', 'Admin', 'Regular')),
      threshold double precision,
      location text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));
    CREATE INDEX users_company_idx ON users (company_id);

    CREATE TABLE company_settings (
      company_id integer PRIMARY KEY REFERENCES companies(company_id),
      grid_order jsonb,
      grid_opacity double precision NOT NULL DEFAULT 1,
      offline_mode smallint NOT NULL DEFAULT 0,
      ai_model text NOT NULL DEFAULT 'plantDiseaseRecognition',
      auto_refresh smallint NOT NULL DEFAULT 0,
      language text NOT NULL DEFAULT 'en',
      stickytrap_render integer NOT NULL DEFAULT 1,
      threshold_warning integer NOT NULL DEFAULT 1,
      threshold_critical integer NOT NULL DEFAULT 5,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE invitations (
      invitation_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(company_id),
      email text NOT NULL,
      role text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      invited_by integer REFERENCES users(user_id),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      used_by integer REFERENCES users(user_id)
    );
    CREATE INDEX invitations_company_idx ON invitations (company_id) WHERE used_at IS NULL;

    CREATE TABLE refresh_tokens (
      token_id uuid PRIMARY KEY,
      family_id uuid NOT NULL,
      user_id integer NOT NULL REFERENCES users(user_id),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

    CREATE TABLE password_resets (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(user_id),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE auth_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      key text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX auth_attempts_key_idx ON auth_attempts (kind, key, at);

    CREATE TABLE audit_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      company_id integer REFERENCES companies(company_id),
      user_id integer,
      action text NOT NULL,
      entity_type text NOT NULL,
      entity_id text,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_events_company_idx ON audit_events (company_id, created_at DESC);

    CREATE TABLE idempotency_keys (
      scope text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      status_code integer,
      response_body text,
      content_type text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, key)
    );

    CREATE TABLE contact_messages (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      company text,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
