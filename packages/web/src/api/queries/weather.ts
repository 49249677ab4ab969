import { queryOptions } from '@tanstack/react-query';
import { addDays } from '@verdant/contract';
import { getTodaysWeather, getWeatherRange, type WeatherResult } from '../weather';
import { offlineRead } from '../offline-read';

/** Weather of a place; keyed under the company so a sign-out or another company keeps nothing of it. */
export const weatherKeys = {
  all: (companyId: number) => ['weather', companyId] as const,
  range: (companyId: number, location: string, start: string, end: string) =>
    [...weatherKeys.all(companyId), 'range', location.trim().toLowerCase(), start, end] as const,
  today: (companyId: number, location: string, date: string) => [...weatherKeys.all(companyId), 'today', location.trim().toLowerCase(), date] as const,
};

/** The server keeps a forecast for 30 minutes; asking more often gives the same answer. */
const WEATHER_STALE_MS = 15 * 60 * 1000;

/** An answer with no data (service down, nothing kept on the server) leaves room for this device's copy. */
const empty = (r: WeatherResult<unknown>) => r.data === null && r.unavailable !== null;

export const weatherRangeQuery = (companyId: number, location: string, start: string, end: string) =>
  queryOptions({
    queryKey: weatherKeys.range(companyId, location, start, end),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getWeatherRange(start, end, location), { failed: empty }),
    networkMode: 'always',
    staleTime: WEATHER_STALE_MS,
  });

export const todaysWeatherQuery = (companyId: number, location: string, date: string) =>
  queryOptions({
    queryKey: weatherKeys.today(companyId, location, date),
    queryFn: ({ queryKey }) => offlineRead(companyId, queryKey, () => getTodaysWeather(date, location), { failed: empty }),
    networkMode: 'always',
    staleTime: WEATHER_STALE_MS,
  });

/** The overview's forecast: today and the 6 days after it. */
export const WEATHER_WEEK_DAYS = 7;
export const weatherWeekQuery = (companyId: number, location: string, today: string) =>
  weatherRangeQuery(companyId, location, today, addDays(today, WEATHER_WEEK_DAYS - 1));
