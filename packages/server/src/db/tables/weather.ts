import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** Cached weather of named places (public data, no company): see migration 2026_11_26_0300_weather_cache. */

export interface WeatherPlaceTable {
  place_id: Generated<number>;
  /** The location text as asked, trimmed, lower case, single spaces. */
  query: string;
  name: string;
  country: string | null;
  latitude: number;
  longitude: number;
  timezone: string | null;
  geocoded_at: Timestamp;
  now_json: Json<Record<string, unknown> | null> | null;
  now_fetched_at: Timestamp | null;
}

export interface WeatherDayTable {
  place_id: number;
  /** Read as 'YYYY-MM-DD' text (the app's pg type parser keeps dates as text). */
  day: ColumnType<string, string, string>;
  weather_code: number | null;
  temperature_max: number | null;
  temperature_min: number | null;
  precipitation_sum: number | null;
  precipitation_probability_max: number | null;
  wind_speed_max: number | null;
  /** The day's mean temperature (migration 2026_12_03_0410_weather_day_means); null before it or when not given. */
  temperature_mean: ColumnType<number | null, number | null | undefined, number | null>;
  fetched_at: Timestamp;
}
