import type { Kysely } from 'kysely';
import type { WeatherDay, WeatherNow } from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import type { GeocodeResult } from './open-meteo.js';

export interface PlaceRow {
  place_id: number;
  query: string;
  name: string;
  country: string | null;
  latitude: number;
  longitude: number;
  timezone: string | null;
  now_json: Record<string, unknown> | null;
  now_fetched_at: Date | null;
}

export const findPlace = (db: Kysely<DB>, query: string): Promise<PlaceRow | undefined> =>
  db
    .selectFrom('weather_places')
    .select(['place_id', 'query', 'name', 'country', 'latitude', 'longitude', 'timezone', 'now_json', 'now_fetched_at'])
    .where('query', '=', query)
    .executeTakeFirst() as Promise<PlaceRow | undefined>;

/** Two callers geocoding the same text at once both land on one row. */
export async function savePlace(db: Kysely<DB>, query: string, found: GeocodeResult): Promise<PlaceRow> {
  const values = {
    name: found.name,
    country: found.country ?? null,
    latitude: found.latitude,
    longitude: found.longitude,
    timezone: found.timezone ?? null,
    geocoded_at: new Date(),
  };
  return (await db
    .insertInto('weather_places')
    .values({ query, ...values })
    .onConflict((oc) => oc.column('query').doUpdateSet(values))
    .returning(['place_id', 'query', 'name', 'country', 'latitude', 'longitude', 'timezone', 'now_json', 'now_fetched_at'])
    .executeTakeFirstOrThrow()) as PlaceRow;
}

export async function saveNow(db: Kysely<DB>, placeId: number, now: WeatherNow, fetchedAt: Date, timezone: string | null) {
  await db
    .updateTable('weather_places')
    .set({ now_json: JSON.stringify(now), now_fetched_at: fetchedAt, ...(timezone ? { timezone } : {}) })
    .where('place_id', '=', placeId)
    .execute();
}

export async function saveDays(db: Kysely<DB>, placeId: number, days: WeatherDay[], fetchedAt: Date, means: Array<number | null> = []) {
  if (days.length === 0) return;
  const rows = days.map(({ date, ...values }, i) => ({ place_id: placeId, day: date, ...values, temperature_mean: means[i] ?? null, fetched_at: fetchedAt }));
  await db
    .insertInto('weather_days')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['place_id', 'day']).doUpdateSet((eb) => ({
        weather_code: eb.ref('excluded.weather_code'),
        temperature_max: eb.ref('excluded.temperature_max'),
        temperature_min: eb.ref('excluded.temperature_min'),
        precipitation_sum: eb.ref('excluded.precipitation_sum'),
        precipitation_probability_max: eb.ref('excluded.precipitation_probability_max'),
        wind_speed_max: eb.ref('excluded.wind_speed_max'),
        temperature_mean: eb.ref('excluded.temperature_mean'),
        fetched_at: eb.ref('excluded.fetched_at'),
      })),
    )
    .execute();
}

export interface DayRow extends WeatherDay {
  fetched_at: Date;
}

export async function daysBetween(db: Kysely<DB>, placeId: number, start: string, end: string): Promise<DayRow[]> {
  const rows = await db
    .selectFrom('weather_days')
    .select(['day', 'weather_code', 'temperature_max', 'temperature_min', 'precipitation_sum', 'precipitation_probability_max', 'wind_speed_max', 'fetched_at'])
    .where('place_id', '=', placeId)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .orderBy('day')
    .execute();
  return rows.map(({ day, ...rest }) => ({ date: day, ...rest }));
}

/** The kept daily mean temperatures of a place (the service's mean, else the mean of max and min), by day. */
export async function dayMeans(db: Kysely<DB>, placeId: number, start: string, end: string) {
  return db
    .selectFrom('weather_days')
    .select(['day', 'temperature_mean', 'temperature_max', 'temperature_min', 'fetched_at'])
    .where('place_id', '=', placeId)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .orderBy('day')
    .execute();
}
