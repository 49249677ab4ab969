import type { FastifyBaseLogger } from 'fastify';
import {
  WeatherNow,
  addDays,
  daysBetween,
  utcDate,
  weatherMessages as m,
  WEATHER_FORECAST_DAYS,
  WEATHER_PAST_DAYS,
  WEATHER_RANGE_MAX_DAYS,
  type TodaysWeatherData,
  type WeatherPlace,
  type WeatherRangeData,
  type WeatherUnavailableReason,
  type EndpointInput,
  type weatherEndpoints,
} from '@verdant/contract';
import type { Deps } from '../../lib/deps.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { fetchForecast, geocode, WeatherServiceError, WEATHER_TIMEOUT_MS } from './open-meteo.js';
import { weatherUrls, type WeatherUrls } from './weather-urls.js';
import * as repo from './weather.repository.js';

type Input<K extends keyof typeof weatherEndpoints> = EndpointInput<(typeof weatherEndpoints)[K]>;

export type WeatherDeps = Deps<'config'> & { log: FastifyBaseLogger };

/** A forecast younger than this answers without calling the service. */
export const WEATHER_FRESH_MS = 30 * 60 * 1000;
/** Today's call also keeps the days after it, so the card's week range is usually already fresh. */
const TODAY_PREFETCH_DAYS = 7;

export type WeatherAnswer<D> = { ok: true; data: D } | { ok: false; reason: WeatherUnavailableReason; data: D | null };

/** The same place however it was typed: 'Westland,  NL' and 'westland, nl' share one geocoding. */
const placeKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const required = (value: string | undefined, message: string, field: string): string => {
  if (!value) throw badRequest(message, field);
  return value;
};

/** The service forecasts 16 days ahead and keeps 92 back; a client's date may be a day off UTC either way. */
function checkWithinService(value: string, field: string) {
  const ahead = daysBetween(utcDate(), value);
  if (ahead < -WEATHER_PAST_DAYS - 1) throw badRequest(`${field} ${m.tooFarBack}`, field);
  if (ahead > WEATHER_FORECAST_DAYS) throw badRequest(`${field} ${m.tooFarAhead}`, field);
}

const lastDayOfService = () => addDays(utcDate(), WEATHER_FORECAST_DAYS - 1);

function freshness(times: Date[], stale: boolean) {
  const oldest = times.length ? Math.min(...times.map((d) => d.getTime())) : Date.now();
  return { fetched_at: new Date(oldest).toISOString(), age_seconds: Math.max(0, Math.floor((Date.now() - oldest) / 1000)), stale };
}

const toPlace = (row: repo.PlaceRow): WeatherPlace => ({
  query: row.query,
  name: row.name,
  country: row.country,
  latitude: row.latitude,
  longitude: row.longitude,
  timezone: row.timezone,
});

/**
 * Calls in flight, by what they ask: many growers opening the overview at once while the cache is stale
 * (or the service is slow) make one outbound call, not one each.
 */
const inFlight = new Map<string, Promise<unknown>>();
function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = run().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}

type Resolved = { place: repo.PlaceRow; urls: WeatherUrls | null } | { unavailable: WeatherUnavailableReason };

/** The cached place of a location text, or the service's geocoding of it, kept once. */
async function resolvePlace(deps: WeatherDeps, text: string): Promise<Resolved> {
  const query = placeKey(text);
  const urls = weatherUrls(deps.config.weatherApiUrl, deps.config.weatherGeocodingUrl);
  const known = await repo.findPlace(deps.db, query);
  if (known) return { place: known, urls };
  if (!urls) return { unavailable: 'not_configured' };
  let place: repo.PlaceRow | null;
  try {
    // Kept inside the single flight, so a caller that looked before it was kept still shares this call.
    place = await once(`geocode ${urls.geocoding.href} ${query}`, async () => {
      const found = await geocode(urls, deps.config.weatherTimeoutMs ?? WEATHER_TIMEOUT_MS, text.trim());
      return found && repo.savePlace(deps.db, query, found);
    });
  } catch (err) {
    if (!(err instanceof WeatherServiceError)) throw err;
    deps.log.warn({ err: err.message }, 'weather geocoding failed');
    return { unavailable: 'unreachable' };
  }
  if (!place) throw badRequest(m.placeNotFound, 'location');
  return { place, urls };
}

/** Fetches and keeps start..end (and the conditions now); false when the service gave nothing usable. */
function refresh(deps: WeatherDeps, urls: WeatherUrls, place: repo.PlaceRow, start: string, end: string): Promise<boolean> {
  return once(`forecast ${urls.forecast.href} ${place.place_id} ${start} ${end}`, () => fetchAndKeep(deps, urls, place, start, end));
}

async function fetchAndKeep(deps: WeatherDeps, urls: WeatherUrls, place: repo.PlaceRow, start: string, end: string): Promise<boolean> {
  try {
    const result = await fetchForecast(urls, deps.config.weatherTimeoutMs ?? WEATHER_TIMEOUT_MS, place, start, end);
    const fetchedAt = new Date();
    await repo.saveDays(deps.db, place.place_id, result.days, fetchedAt, result.means);
    if (result.now) await repo.saveNow(deps.db, place.place_id, result.now, fetchedAt, result.timezone);
    return true;
  } catch (err) {
    if (!(err instanceof WeatherServiceError)) throw err;
    deps.log.warn({ err: err.message }, 'weather forecast failed');
    return false;
  }
}

const isFresh = (fetchedAt: Date | null) => !!fetchedAt && Date.now() - fetchedAt.getTime() < WEATHER_FRESH_MS;

export async function weatherRange(
  deps: WeatherDeps,
  input: Input<'getWeatherRange'>,
): Promise<WeatherAnswer<WeatherRangeData>> {
  const start = required(input.start, m.startMissing, 'start');
  const end = required(input.end, m.endMissing, 'end');
  const location = required(input.location, m.locationMissing, 'location');
  if (daysBetween(start, end) < 0) throw badRequest(m.endBeforeStart, 'end');
  if (daysBetween(start, end) >= WEATHER_RANGE_MAX_DAYS) throw badRequest(m.rangeTooLong, 'end');
  checkWithinService(start, 'start');
  checkWithinService(end, 'end');

  const resolved = await resolvePlace(deps, location);
  if ('unavailable' in resolved) return { ok: false, reason: resolved.unavailable, data: null };
  const { place, urls } = resolved;
  const dayCount = daysBetween(start, end) + 1;
  const cached = await repo.daysBetween(deps.db, place.place_id, start, end);
  const build = (rows: repo.DayRow[], stale: boolean): WeatherRangeData => ({
    place: toPlace(place),
    start,
    end,
    days: rows.map(({ fetched_at: _, ...day }) => day),
    ...freshness(rows.map((r) => r.fetched_at), stale),
  });
  if (cached.length === dayCount && cached.every((r) => isFresh(r.fetched_at))) return { ok: true, data: build(cached, false) };

  const failed = (reason: WeatherUnavailableReason): WeatherAnswer<WeatherRangeData> => ({ ok: false, reason, data: cached.length ? build(cached, true) : null });
  if (!urls) return failed('not_configured');
  if (!(await refresh(deps, urls, place, start, end))) return failed('unreachable');
  return { ok: true, data: build(await repo.daysBetween(deps.db, place.place_id, start, end), false) };
}

async function todayFromCache(deps: WeatherDeps, place: repo.PlaceRow, date: string) {
  const [day] = await repo.daysBetween(deps.db, place.place_id, date, date);
  const now = WeatherNow.safeParse(place.now_json);
  return { day, now: now.success ? now.data : null, nowAt: now.success ? place.now_fetched_at : null };
}

export async function todaysWeather(
  deps: WeatherDeps,
  input: Input<'getTodaysWeather'>,
): Promise<WeatherAnswer<TodaysWeatherData>> {
  const date = required(input.datetoday, m.datetodayMissing, 'datetoday');
  const location = required(input.location, m.locationMissing, 'location');
  checkWithinService(date, 'datetoday');

  const resolved = await resolvePlace(deps, location);
  if ('unavailable' in resolved) return { ok: false, reason: resolved.unavailable, data: null };
  const { urls } = resolved;
  let { place } = resolved;
  const build = (c: Awaited<ReturnType<typeof todayFromCache>>, stale: boolean): TodaysWeatherData => {
    const { fetched_at, ...day } = c.day ?? { fetched_at: null };
    const times = [fetched_at, c.nowAt].filter((d): d is Date => d instanceof Date);
    return { place: toPlace(place), date, day: c.day ? (day as TodaysWeatherData['day']) : null, now: c.now, ...freshness(times, stale) };
  };
  const cached = await todayFromCache(deps, place, date);
  if (cached.day && isFresh(cached.day.fetched_at) && isFresh(cached.nowAt)) return { ok: true, data: build(cached, false) };

  const failed = (reason: WeatherUnavailableReason): WeatherAnswer<TodaysWeatherData> => ({
    ok: false,
    reason,
    data: cached.day || cached.now ? build(cached, true) : null,
  });
  if (!urls) return failed('not_configured');
  const until = [addDays(date, TODAY_PREFETCH_DAYS - 1), lastDayOfService()].sort()[0]!;
  if (!(await refresh(deps, urls, place, date, until < date ? date : until))) return failed('unreachable');
  place = (await repo.findPlace(deps.db, place.query)) ?? place;
  return { ok: true, data: build(await todayFromCache(deps, place, date), false) };
}

/** Why mean temperatures of a location could not all come from the service (what was kept still answers). */
export type MeansGap = WeatherUnavailableReason | 'place_not_found' | null;

/** A past day's values are final once fetched after it ended (its place's day ends up to 14 h after UTC's). */
const fetchedAfterEnd = (day: string, fetchedAt: Date) => fetchedAt.getTime() >= Date.parse(`${addDays(day, 1)}T14:00:00Z`);

/**
 * Daily mean temperatures at a location from start to end, by day, for crop registration's temperature sum since
 * setting (issue 24; docs/decisions.md): the service's daily mean (else the mean of max and min), kept in
 * weather_days. The part of the range the service holds (WEATHER_PAST_DAYS back to WEATHER_FORECAST_DAYS ahead) is
 * fetched first when a day of it is missing, a past day was fetched before it ended, or a coming day is not fresh.
 * Never fails for the service: an unknown place, a service not set up or down answer what was kept, with the gap.
 */
export async function dailyMeanTemperatures(
  deps: WeatherDeps,
  location: string,
  start: string,
  end: string,
  today = utcDate(),
): Promise<{ means: Map<string, number>; gap: MeansGap }> {
  let resolved: Resolved;
  try {
    resolved = await resolvePlace(deps, location);
  } catch (err) {
    if (err instanceof AppError && err.field === 'location') return { means: new Map(), gap: 'place_not_found' };
    throw err;
  }
  if ('unavailable' in resolved) return { means: new Map(), gap: resolved.unavailable };
  const { place, urls } = resolved;
  const read = async () => {
    const rows = await repo.dayMeans(deps.db, place.place_id, start, end);
    const means = new Map<string, number>();
    for (const r of rows) {
      const mean = r.temperature_mean ?? (r.temperature_max !== null && r.temperature_min !== null ? (r.temperature_max + r.temperature_min) / 2 : null);
      if (mean !== null) means.set(r.day, Math.round(mean * 100) / 100);
    }
    return { rows, means };
  };
  const first = [start, addDays(today, -WEATHER_PAST_DAYS)].sort()[1]!;
  const last = [end, addDays(today, WEATHER_FORECAST_DAYS - 1)].sort()[0]!;
  const kept = await read();
  if (first > last) return { means: kept.means, gap: null };
  const byDay = new Map(kept.rows.map((r) => [r.day, r]));
  let stale = false;
  for (let d = first; d <= last && !stale; d = addDays(d, 1)) {
    const row = byDay.get(d);
    stale = !row || (d < today ? !fetchedAfterEnd(d, row.fetched_at) : !isFresh(row.fetched_at));
  }
  if (!stale) return { means: kept.means, gap: null };
  if (!urls) return { means: kept.means, gap: 'not_configured' };
  if (!(await refresh(deps, urls, place, first, last))) return { means: kept.means, gap: 'unreachable' };
  return { means: (await read()).means, gap: null };
}
