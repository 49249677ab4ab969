import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CalendarDate } from '../common/fields.js';
import { TodaysWeatherData, WeatherRangeData, weatherUnavailable } from './weather.schemas.js';

/** The longest range one call answers; the service forecasts 16 days ahead and keeps 92 days back. */
export const WEATHER_RANGE_MAX_DAYS = 31;
export const WEATHER_PAST_DAYS = 92;
export const WEATHER_FORECAST_DAYS = 16;
export const WEATHER_LOCATION_MAX = 200;

export const weatherMessages = {
  startMissing: 'Start date is required.',
  endMissing: 'End date is required.',
  locationMissing: 'Location is required.',
  datetodayMissing: 'datetoday is required.',
  rangeFailed: 'Failed to get Weather Range (getWeatherForRange)',
  endBeforeStart: 'end must be on or after start.',
  rangeTooLong: `end must be at most ${WEATHER_RANGE_MAX_DAYS - 1} days after start.`,
  tooFarBack: `must be within the last ${WEATHER_PAST_DAYS} days.`,
  tooFarAhead: `must be within the next ${WEATHER_FORECAST_DAYS} days.`,
  placeNotFound: 'location was not found by the weather service; check the spelling or add the country.',
  notConfigured: 'Weather is not set up on this server: an administrator sets WEATHER_API_URL.',
  unreachable: 'The weather service cannot be reached right now. Showing the last weather kept, if any; try again later.',
} as const;

/**
 * A place name to look up ('Westland, Netherlands'): plain text, geocoded by the configured service only.
 * Optional in the schema so that a missing value gets the spec's own message from the service.
 */
const Location = z
  .string()
  .trim()
  .max(WEATHER_LOCATION_MAX, { error: `must be at most ${WEATHER_LOCATION_MAX} characters` })
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: 'must be plain text on one line' })
  .optional();
/** '' is a missing date too, so that it gets the spec's message rather than a format error. */
const Day = z.union([z.literal(''), CalendarDate]).optional();

const anyone = { kind: 'user', roles: ALL_ROLES } as const;

export const weatherEndpoints = {
  getWeatherRange: defineEndpoint({
    id: 'getWeatherRange', domain: 'weather', method: 'GET', path: '/weather/weather_range',
    summary: 'Daily weather of a place from start to end (YYYY-MM-DD, at most 31 days); 503 with the last copy kept when the service is down',
    // Weather of a named place is public data: no company's data is read or written.
    auth: anyone, tenancy: { none: true },
    query: z.object({ start: Day, end: Day, location: Location }),
    response: z.union([success({ data: WeatherRangeData }), weatherUnavailable(WeatherRangeData)]),
    clientMessages: weatherMessages,
  }),
  getTodaysWeather: defineEndpoint({
    id: 'getTodaysWeather', domain: 'weather', method: 'GET', path: '/weather/todays_weather',
    summary: "Today's weather of a place (datetoday as the caller's YYYY-MM-DD) and its conditions now; 503 with the last copy kept when the service is down",
    auth: anyone, tenancy: { none: true },
    query: z.object({ datetoday: Day, location: Location }),
    response: z.union([success({ data: TodaysWeatherData }), weatherUnavailable(TodaysWeatherData)]),
    clientMessages: weatherMessages,
  }),
};
