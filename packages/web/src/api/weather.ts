import {
  weatherEndpoints,
  weatherMessages as msg,
  type EndpointConfig,
  type TodaysWeatherData,
  type WeatherRangeData,
  type WeatherUnavailableReason,
} from '@verdant/contract';
import { ApiError, toApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { responseSchema } from './endpoint-schemas';
import { isHttpError } from './http-client';

/**
 * A weather answer. The server answers 503 when the weather service is not set up or cannot be reached,
 * with the last copy it kept (or null): that is not a failure of the screen, so it comes back as
 * `unavailable` beside whatever data there is.
 */
export interface WeatherResult<D> {
  data: D | null;
  unavailable: { reason: WeatherUnavailableReason; message: string } | null;
}

/** The 503 body as the contract describes it (the endpoint's answer is success or this), else null. */
async function unavailableAnswer<D>(endpoint: EndpointConfig, body: unknown): Promise<WeatherResult<D> | null> {
  const parsed = (await responseSchema(endpoint)).safeParse(body);
  if (!parsed.success) return null;
  const answer = parsed.data as { status: string; reason?: WeatherUnavailableReason; message?: string; data: D | null };
  if (answer.status !== 'error' || !answer.reason) return null;
  return { data: answer.data, unavailable: { reason: answer.reason, message: answer.message ?? '' } };
}

async function weatherCall<D>(endpoint: EndpointConfig, run: () => Promise<{ data: D | null }>, fallback?: string): Promise<WeatherResult<D>> {
  try {
    const res = await run();
    return { data: res.data, unavailable: null };
  } catch (err) {
    const e = toApiError(err);
    const body = isHttpError(e.cause) ? e.cause.response?.data : undefined;
    const down = e.status === 503 ? await unavailableAnswer<D>(endpoint, body) : null;
    if (down) return down;
    throw fallback && !e.fromServer ? new ApiError(fallback, { status: e.status, cause: err }) : e;
  }
}

/** GET /weather/weather_range (query start, end, location): the days of a place from start to end. */
export async function getWeatherRange(start: string, end: string, location: string): Promise<WeatherResult<WeatherRangeData>> {
  if (!start) throw new ApiError(msg.startMissing);
  if (!end) throw new ApiError(msg.endMissing);
  if (!location.trim()) throw new ApiError(msg.locationMissing);
  const endpoint = weatherEndpoints.getWeatherRange;
  return weatherCall(endpoint, () => callEndpoint(endpoint, { start, end, location }) as Promise<{ data: WeatherRangeData }>, msg.rangeFailed);
}

/** GET /weather/todays_weather (query datetoday, location): today's row of a place and its conditions now. */
export async function getTodaysWeather(datetoday: string, location: string): Promise<WeatherResult<TodaysWeatherData>> {
  if (!datetoday) throw new ApiError(msg.datetodayMissing);
  if (!location.trim()) throw new ApiError(msg.locationMissing);
  const endpoint = weatherEndpoints.getTodaysWeather;
  return weatherCall(endpoint, () => callEndpoint(endpoint, { datetoday, location }) as Promise<{ data: TodaysWeatherData }>);
}
