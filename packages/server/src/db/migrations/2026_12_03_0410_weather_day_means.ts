import { sql, type Kysely } from 'kysely';

/**
 * The weather service's daily mean temperature (Open-Meteo temperature_2m_mean), kept beside the day's max and min:
 * crop registration's temperature sum since setting reads it when no temperatures were typed (issue 24). Null on
 * days fetched before, or when the service gives none (the reader then takes the mean of max and min).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE weather_days ADD COLUMN temperature_mean double precision`.execute(db);
}
