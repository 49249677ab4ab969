import { z } from 'zod';
import type { WeatherDay, WeatherNow } from '@verdant/contract';
import { settleBeforeOutsideEffect } from '../../db/write-receipts.js';
import type { WeatherUrls } from './weather-urls.js';

/** Why a call to the weather service gave nothing usable; the service layer answers 503 for any of them. */
export class WeatherServiceError extends Error {}

/** A forecast of a month is ~10 KB; anything near this is not the answer we asked for. */
export const WEATHER_MAX_ANSWER_BYTES = 256 * 1024;
export const WEATHER_TIMEOUT_MS = 4000;

const DAILY = ['weather_code', 'temperature_2m_max', 'temperature_2m_min', 'precipitation_sum', 'precipitation_probability_max', 'wind_speed_10m_max'] as const;
/** Asked beside DAILY for crop registration's temperature sums; kept apart from the WeatherDay the weather card shows. */
const MEAN = 'temperature_2m_mean';
const CURRENT = ['temperature_2m', 'relative_humidity_2m', 'wind_speed_10m', 'weather_code'] as const;

const Num = z.number().finite().nullable();
const Series = z.array(Num);
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const ForecastAnswer = z.object({
  timezone: z.string().max(100).optional(),
  daily: z.object({
    time: z.array(IsoDay).max(400),
    weather_code: Series.optional(),
    temperature_2m_max: Series.optional(),
    temperature_2m_min: Series.optional(),
    precipitation_sum: Series.optional(),
    precipitation_probability_max: Series.optional(),
    wind_speed_10m_max: Series.optional(),
    temperature_2m_mean: Series.optional(),
  }),
  current: z
    .object({
      time: z.string().max(40),
      temperature_2m: Num.optional(),
      relative_humidity_2m: Num.optional(),
      wind_speed_10m: Num.optional(),
      weather_code: Num.optional(),
    })
    .optional(),
});

const GeocodeResult = z.object({
  name: z.string().min(1).max(200),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  country: z.string().max(100).nullish(),
  country_code: z.string().max(10).nullish(),
  admin1: z.string().max(200).nullish(),
  timezone: z.string().max(100).nullish(),
});
export type GeocodeResult = z.infer<typeof GeocodeResult>;
const GeocodeAnswer = z.object({ results: z.array(z.unknown()).max(100).optional() });

/** Reads the body up to the size limit: a bigger one is refused unread, not buffered. */
async function readLimited(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > WEATHER_MAX_ANSWER_BYTES) throw new WeatherServiceError('answer too large');
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > WEATHER_MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new WeatherServiceError('answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function getJson(url: URL, timeoutMs: number): Promise<unknown> {
  // Never wait seconds on another service holding a keyed request's write open (db/write-receipts.ts).
  await settleBeforeOutsideEffect();
  let text: string;
  try {
    // No redirects: an answer may not send the server on to an address nobody configured.
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error', headers: { accept: 'application/json' } });
    if (!res.ok) {
      await res.body?.cancel();
      throw new WeatherServiceError(`HTTP ${res.status}`);
    }
    text = await readLimited(res);
  } catch (err) {
    if (err instanceof WeatherServiceError) throw err;
    throw new WeatherServiceError(err instanceof Error ? err.message : String(err));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new WeatherServiceError('answer is not JSON');
  }
}

export interface ForecastResult {
  timezone: string | null;
  days: WeatherDay[];
  /** Each day's mean temperature (same order as days); null where the service gave none. */
  means: Array<number | null>;
  now: WeatherNow | null;
}

/** Daily rows from start to end (YYYY-MM-DD) at the place, in its own time zone, and the conditions now. */
export async function fetchForecast(urls: WeatherUrls, timeoutMs: number, at: { latitude: number; longitude: number }, start: string, end: string): Promise<ForecastResult> {
  const url = new URL(urls.forecast);
  url.searchParams.set('latitude', String(at.latitude));
  url.searchParams.set('longitude', String(at.longitude));
  url.searchParams.set('daily', [...DAILY, MEAN].join(','));
  url.searchParams.set('current', CURRENT.join(','));
  url.searchParams.set('timezone', 'auto');
  url.searchParams.set('start_date', start);
  url.searchParams.set('end_date', end);
  const parsed = ForecastAnswer.safeParse(await getJson(url, timeoutMs));
  if (!parsed.success) throw new WeatherServiceError('answer is not a forecast');
  const { daily, current, timezone } = parsed.data;
  const n = daily.time.length;
  for (const key of [...DAILY, MEAN] as const) {
    const series = daily[key];
    if (series && series.length !== n) throw new WeatherServiceError(`daily.${key} does not match daily.time`);
  }
  const at_ = (key: (typeof DAILY)[number], i: number) => daily[key]?.[i] ?? null;
  const days = daily.time.map((date, i) => ({
    date,
    weather_code: at_('weather_code', i),
    temperature_max: at_('temperature_2m_max', i),
    temperature_min: at_('temperature_2m_min', i),
    precipitation_sum: at_('precipitation_sum', i),
    precipitation_probability_max: at_('precipitation_probability_max', i),
    wind_speed_max: at_('wind_speed_10m_max', i),
  }));
  const now = current
    ? {
        time: current.time,
        temperature: current.temperature_2m ?? null,
        relative_humidity: current.relative_humidity_2m ?? null,
        wind_speed: current.wind_speed_10m ?? null,
        weather_code: current.weather_code ?? null,
      }
    : null;
  return { timezone: timezone ?? null, days, means: daily.time.map((_, i) => daily[MEAN]?.[i] ?? null), now };
}

async function search(urls: WeatherUrls, timeoutMs: number, name: string, count: number): Promise<GeocodeResult[]> {
  const url = new URL(urls.geocoding);
  url.searchParams.set('name', name);
  url.searchParams.set('count', String(count));
  url.searchParams.set('format', 'json');
  const parsed = GeocodeAnswer.safeParse(await getJson(url, timeoutMs));
  if (!parsed.success) throw new WeatherServiceError('answer is not a place search');
  const results = (parsed.data.results ?? []).map((r) => GeocodeResult.safeParse(r));
  if (results.some((r) => !r.success)) throw new WeatherServiceError('answer is not a place search');
  return results.map((r) => r.data!);
}

const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

/**
 * The place a location text names, or null when the service knows none. The geocoder matches names only,
 * so 'Westland, Netherlands' is looked up as 'Westland' and the rest picks the country or region.
 */
export async function geocode(urls: WeatherUrls, timeoutMs: number, text: string): Promise<GeocodeResult | null> {
  const direct = await search(urls, timeoutMs, text, 1);
  if (direct[0]) return direct[0];
  const [name, ...rest] = text.split(',').map((s) => s.trim());
  if (!name || rest.length === 0) return null;
  const candidates = await search(urls, timeoutMs, name, 10);
  const hint = rest.join(', ');
  const matches = (r: GeocodeResult) => rest.some((part) => same(r.country, part) || same(r.country_code, part) || same(r.admin1, part));
  return candidates.find(matches) ?? (hint ? null : candidates[0] ?? null);
}
