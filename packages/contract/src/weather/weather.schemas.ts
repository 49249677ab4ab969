import { z } from 'zod';

/**
 * The spec does not show the weather fields (docs/decisions.md, Weather). A day is one row of an
 * Open-Meteo daily forecast in the place's own time zone; any value the service did not give is null.
 */
export const WeatherDay = z.object({
  date: z.string(),
  /** WMO weather interpretation code (0 clear … 99 thunderstorm with hail). */
  weather_code: z.number().nullable(),
  temperature_max: z.number().nullable(),
  temperature_min: z.number().nullable(),
  /** mm over the day. */
  precipitation_sum: z.number().nullable(),
  /** % */
  precipitation_probability_max: z.number().nullable(),
  /** km/h */
  wind_speed_max: z.number().nullable(),
});
export type WeatherDay = z.infer<typeof WeatherDay>;

/** Conditions now at the place, as the service last reported them. */
export const WeatherNow = z.object({
  time: z.string(),
  temperature: z.number().nullable(),
  relative_humidity: z.number().nullable(),
  wind_speed: z.number().nullable(),
  weather_code: z.number().nullable(),
});
export type WeatherNow = z.infer<typeof WeatherNow>;

/** The place the location text was found as. */
export const WeatherPlace = z.object({
  query: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string().nullable(),
});
export type WeatherPlace = z.infer<typeof WeatherPlace>;

/** When the answer was fetched from the service and how old it is: a cached answer says its age. */
const Freshness = {
  fetched_at: z.string(),
  age_seconds: z.number(),
  /** True when the service could not be reached and this is the last copy kept. */
  stale: z.boolean(),
};

export const WeatherRangeData = z.object({ place: WeatherPlace, start: z.string(), end: z.string(), days: z.array(WeatherDay), ...Freshness });
export type WeatherRangeData = z.infer<typeof WeatherRangeData>;

export const TodaysWeatherData = z.object({ place: WeatherPlace, date: z.string(), day: WeatherDay.nullable(), now: WeatherNow.nullable(), ...Freshness });
export type TodaysWeatherData = z.infer<typeof TodaysWeatherData>;

export const WEATHER_UNAVAILABLE_REASONS = ['not_configured', 'unreachable'] as const;
export type WeatherUnavailableReason = (typeof WEATHER_UNAVAILABLE_REASONS)[number];

/**
 * HTTP 503: the weather service is not configured, or could not be reached (down, too slow, or an answer
 * that is not a forecast). `data` is the last copy kept for the request, with its age, or null.
 */
export const weatherUnavailable = <D extends z.ZodType>(data: D) =>
  z.object({
    status: z.literal('error'),
    error: z.literal('unavailable'),
    reason: z.enum(WEATHER_UNAVAILABLE_REASONS),
    message: z.string(),
    data: data.nullable(),
  });
