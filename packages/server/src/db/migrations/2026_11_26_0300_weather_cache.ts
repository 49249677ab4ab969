import { sql, type Kysely } from 'kysely';

/**
 * The weather service's answers, kept with when they were fetched: a fresh copy answers without calling
 * out, and a stale one is still shown (with its age) when the service is down. Weather of a named place
 * is public data, shared by every company that asks for that place, so these tables carry no company_id.
 * - weather_places: a location text, geocoded once ('westland, netherlands' → lat/lon), and the
 *   conditions now at that place as last fetched.
 * - weather_days: one daily forecast row per place and local date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE weather_places (
      place_id serial PRIMARY KEY,
      query text NOT NULL UNIQUE,
      name text NOT NULL,
      country text,
      latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
      longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
      timezone text,
      geocoded_at timestamptz NOT NULL DEFAULT now(),
      now_json jsonb,
      now_fetched_at timestamptz
    )
  `.execute(db);
  await sql`
    CREATE TABLE weather_days (
      place_id integer NOT NULL REFERENCES weather_places (place_id) ON DELETE CASCADE,
      day date NOT NULL,
      weather_code integer,
      temperature_max double precision,
      temperature_min double precision,
      precipitation_sum double precision,
      precipitation_probability_max double precision,
      wind_speed_max double precision,
      fetched_at timestamptz NOT NULL,
      PRIMARY KEY (place_id, day)
    )
  `.execute(db);
}
