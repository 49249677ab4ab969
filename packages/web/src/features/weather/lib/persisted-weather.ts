import type { TodaysWeatherData, WeatherRangeData } from '@verdant/contract';

/**
 * The last weather this device saw, kept across reloads in the persisted preferences (spec-2 §4): shown
 * at once on the next start and when neither the server nor this device's copy can answer.
 */
export interface PersistedWeather {
  location: string;
  today: TodaysWeatherData | null;
  week: WeatherRangeData | null;
}

const sameLocation = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** Enough of the shape to draw it; the zod schemas stay out of this chunk (web vite-endpoint-metadata.ts). */
const looksKept = (v: unknown) => isObject(v) && isObject(v.place) && typeof v.fetched_at === 'string';

/** The kept weather for this location, or null (none, another location, or an older shape). */
export function persistedFor(value: unknown, location: string): PersistedWeather | null {
  if (!isObject(value) || typeof value.location !== 'string' || !sameLocation(value.location, location)) return null;
  const today = value.today ?? null;
  const week = value.week ?? null;
  if ((today !== null && !(looksKept(today) && 'now' in (today as object))) || (week !== null && !(looksKept(week) && Array.isArray((week as { days?: unknown }).days)))) return null;
  return { location: value.location, today: today as TodaysWeatherData | null, week: week as WeatherRangeData | null };
}
