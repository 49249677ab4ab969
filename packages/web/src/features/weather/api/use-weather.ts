import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { deviceToday, type TodaysWeatherData, type WeatherRangeData, type WeatherUnavailableReason } from '@verdant/contract';
import { todaysWeatherQuery, WEATHER_WEEK_DAYS, weatherWeekQuery } from '../../../api/queries/weather';
import { userDataQuery } from '../../../api/queries/users';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useAppDispatch, useAppSelector, useAuth } from '../../../state/hooks';
import { weatherChanged } from '../../../state/preferences-slice';
import { persistedFor } from '../lib/persisted-weather';

export const WEEK_DAYS = WEATHER_WEEK_DAYS;

export type WeatherView =
  | { kind: 'loading' }
  | { kind: 'no-location' }
  | { kind: 'failed'; error: unknown; retry: () => void }
  | {
      kind: 'weather';
      location: string;
      today: TodaysWeatherData | null;
      week: WeatherRangeData | null;
      /** Why the service could not answer now (what is shown is then the last copy kept), or null. */
      unavailable: WeatherUnavailableReason | 'offline' | null;
      retry: () => void;
    };

/**
 * The weather for the signed-in user's location (Profile → Location, PUT /update_location): today and
 * the 7 days from today. When the service cannot answer, the last copy kept — the server's, this
 * device's, or the persisted one — is shown with its age.
 */
export function useWeather(): WeatherView {
  const { companyID, userId } = useAuth();
  const companyId = companyID ?? 0;
  const dispatch = useAppDispatch();
  const online = useOnlineStatus();
  const user = useQuery({ ...userDataQuery(userId ?? 0, companyId), enabled: Boolean(companyID && userId) });
  const location = user.data?.location?.trim() ?? '';
  const date = deviceToday();
  const enabled = Boolean(companyID) && location !== '';
  const today = useQuery({ ...todaysWeatherQuery(companyId, location, date), enabled });
  const week = useQuery({ ...weatherWeekQuery(companyId, location, date), enabled });
  const keptRaw = useAppSelector((s) => s.preferences.weather);
  const kept = useMemo(() => persistedFor(keptRaw, location), [keptRaw, location]);

  const fresh = today.data?.unavailable === null && week.data?.unavailable === null;
  useEffect(() => {
    if (fresh && today.data?.data && week.data?.data) dispatch(weatherChanged({ location, today: today.data.data, week: week.data.data }));
  }, [fresh, today.data, week.data, location, dispatch]);

  if (user.isPending && Boolean(companyID && userId)) return { kind: 'loading' };
  if (user.isError) return { kind: 'failed', error: user.error, retry: () => void user.refetch() };
  if (!location) return { kind: 'no-location' };

  const retry = () => {
    void today.refetch();
    void week.refetch();
  };
  const todayData = today.data?.data ?? kept?.today ?? null;
  const weekData = week.data?.data ?? kept?.week ?? null;
  const unavailable = today.data?.unavailable?.reason ?? week.data?.unavailable?.reason ?? null;
  if ((today.isPending || week.isPending) && !todayData && !weekData) return { kind: 'loading' };
  const error = today.error ?? week.error;
  if (error && !todayData && !weekData) return { kind: 'failed', error, retry };
  // Offline, what shows is this device's copy: say so rather than blame the weather service.
  const why = !online ? 'offline' : (unavailable ?? (error ? 'unreachable' : null));
  return { kind: 'weather', location, today: todayData, week: weekData, unavailable: why, retry };
}
