import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { addDays, deviceToday, weatherMessages, type TodaysWeatherData, type WeatherDay, type WeatherRangeData } from '@verdant/contract';
import { WeatherCard } from '../components/weather-card';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { paths } from '../../../lib/paths';
import { savesSettled } from '../../../api/offline-read';
import { setOnline } from '../../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// The device keeps each answer (offlineRead) under its location: tests that must find none use a place of their own.

const today = deviceToday();
const place = { query: 'westland', name: 'Westland', country: 'Netherlands', latitude: 52, longitude: 4.2, timezone: 'Europe/Amsterdam' };
const day = (date: string, i: number): WeatherDay => ({
  date,
  weather_code: i === 0 ? 61 : 0,
  temperature_max: 12 + i,
  temperature_min: 4,
  precipitation_sum: i === 0 ? 3.5 : 0,
  precipitation_probability_max: i === 0 ? 80 : 5,
  wind_speed_max: 20,
});
const week = (fetchedAt: string, stale = false): WeatherRangeData => ({
  place,
  start: today,
  end: addDays(today, 6),
  days: Array.from({ length: 7 }, (_, i) => day(addDays(today, i), i)),
  fetched_at: fetchedAt,
  age_seconds: 0,
  stale,
});
const todays = (fetchedAt: string, stale = false): TodaysWeatherData => ({
  place,
  date: today,
  day: day(today, 0),
  now: { time: `${today}T09:00`, temperature: 8.4, relative_humidity: 81, wind_speed: 14, weather_code: 3 },
  fetched_at: fetchedAt,
  age_seconds: 0,
  stale,
});

function userWith(location: string | null) {
  return http.get(`${API}/load_users`, () =>
    HttpResponse.json({
      status: 'success',
      users: [{ user_id: 7, company_id: 3, first_name: 'Ana', last_name: 'Grower', email: 'ana@example.com', user_role: 'Regular', location, created_at: '2026-01-01T00:00:00Z', active: true }],
    }),
  );
}

/** The weather endpoints, answering `make(kind)`; every request's query is kept. */
function weatherApi(make: (kind: 'today' | 'range') => { status: number; body: unknown }) {
  const asked: URLSearchParams[] = [];
  const answer = (kind: 'today' | 'range') => ({ request }: { request: Request }) => {
    asked.push(new URL(request.url).searchParams);
    const { status, body } = make(kind);
    return HttpResponse.json(body as object, { status });
  };
  return { asked, handlers: [http.get(`${API}/weather/todays_weather`, answer('today')), http.get(`${API}/weather/weather_range`, answer('range'))] };
}

const down = (reason: 'unreachable' | 'not_configured', data: unknown) => ({
  status: 503,
  body: { status: 'error', error: 'unavailable', reason, message: reason === 'unreachable' ? weatherMessages.unreachable : weatherMessages.notConfigured, data },
});

describe('WeatherCard', () => {
  it('shows today and the week ahead at the user location, and keeps them across reloads', async () => {
    signInAs({ role: 'Regular', userId: 7, companyId: 3 });
    const now = new Date().toISOString();
    const api = weatherApi((kind) => ({ status: 200, body: { status: 'success', data: kind === 'today' ? todays(now) : week(now) } }));
    server.use(userWith('Westland, Netherlands'), ...api.handlers);
    const { store } = renderPage(<WeatherCard />);
    const state = () => store.store.getState();

    const todayPart = await screen.findByTestId('weather-today');
    expect(within(todayPart).getByText('8°')).toBeInTheDocument();
    expect(within(todayPart).getByText('Overcast')).toBeInTheDocument();
    expect(within(todayPart).getByText('80% · 3.5 mm')).toBeInTheDocument();
    expect(screen.getByText('Westland, Netherlands')).toBeInTheDocument();
    const days = within(screen.getByTestId('weather-week')).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveTextContent(/Today: Rain, 12° to 4°, 80% chance of rain/);
    expect(screen.getByTestId('weather-age')).toHaveTextContent('Updated just now');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const sent = Object.fromEntries(api.asked.map((q) => [q.has('datetoday') ? 'today' : 'range', Object.fromEntries(q)]));
    expect(sent).toEqual({
      today: { datetoday: today, location: 'Westland, Netherlands' },
      range: { start: today, end: addDays(today, 6), location: 'Westland, Netherlands' },
    });
    await waitFor(() => expect(state().preferences.weather).not.toBeNull());
    expect(state().preferences.weather).toMatchObject({ location: 'Westland, Netherlands', today: { date: today }, week: { start: today } });
  });

  it('says where to set the location when there is none, and asks for no weather', async () => {
    signInAs({ role: 'Regular', userId: 7, companyId: 3 });
    const api = weatherApi(() => ({ status: 500, body: {} }));
    server.use(userWith(null), ...api.handlers);
    renderPage(<WeatherCard />);
    const empty = await screen.findByTestId('weather-no-location');
    expect(within(empty).getByText('No location set')).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Set your location' })).toHaveAttribute('href', paths.profile);
    expect(api.asked).toHaveLength(0);
  });

  it('shows the last weather kept, with its age, when the service cannot be reached', async () => {
    signInAs({ role: 'Regular', userId: 7, companyId: 3 });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000).toISOString();
    server.use(userWith('Westland'), ...weatherApi((kind) => down('unreachable', kind === 'today' ? todays(twoHoursAgo, true) : week(twoHoursAgo, true))).handlers);
    renderPage(<WeatherCard />);
    expect(await screen.findByText('The weather service cannot be reached')).toBeInTheDocument();
    expect(screen.getByText('Showing the weather as it was 2 hours ago.')).toBeInTheDocument();
    expect(screen.getByTestId('weather-age')).toHaveTextContent('Updated 2 hours ago');
    expect(within(screen.getByTestId('weather-today')).getByText('8°')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("offline, shows this device's copy and says it is offline, without asking", async () => {
    signInAs({ role: 'Regular', userId: 7, companyId: 3 });
    const fetchedAt = new Date(Date.now() - 20 * 60 * 1000).toISOString();
    const api = weatherApi((kind) => ({ status: 200, body: { status: 'success', data: kind === 'today' ? todays(fetchedAt) : week(fetchedAt) } }));
    server.use(userWith('Leiden'), ...api.handlers);
    const first = renderPage(<WeatherCard />);
    await screen.findByTestId('weather-today');
    await savesSettled();
    first.unmount();
    const asked = api.asked.length;

    const restore = setOnline(false);
    try {
      renderPage(<WeatherCard />);
      expect(await screen.findByText('You are offline')).toBeInTheDocument();
      expect(screen.getByText('Showing the weather as it was 20 minutes ago.')).toBeInTheDocument();
      expect(within(screen.getByTestId('weather-week')).getAllByRole('listitem')).toHaveLength(7);
      expect(screen.queryByText('The weather service cannot be reached')).not.toBeInTheDocument();
      expect(api.asked).toHaveLength(asked);
    } finally {
      restore();
    }
  });

  it('says so when the service is down and nothing was kept', async () => {
    signInAs({ role: 'Regular', userId: 7, companyId: 3 });
    server.use(userWith('Delft'), ...weatherApi(() => down('unreachable', null)).handlers);
    renderPage(<WeatherCard />);
    expect(await screen.findByText('No earlier weather is kept for this place yet. Try again later.')).toBeInTheDocument();
    expect(screen.queryByTestId('weather-today')).not.toBeInTheDocument();
  });

  it('says the weather is not set up on a server without a weather service', async () => {
    signInAs({ role: 'Regular', userId: 7, companyId: 3 });
    server.use(userWith('Almería'), ...weatherApi(() => down('not_configured', null)).handlers);
    renderPage(<WeatherCard />);
    expect(await screen.findByText('Weather is not set up')).toBeInTheDocument();
    expect(screen.getByText(/Ask whoever runs Verdant/)).toBeInTheDocument();
    // A grower is never shown the server's variable names (issue 20).
    expect(screen.queryByText(/WEATHER_API_URL/)).not.toBeInTheDocument();
  });

  it('leads to the profile when the location is not a place the service knows', async () => {
    signInAs({ role: 'Regular', userId: 7, companyId: 3 });
    const notFound = { status: 400, body: { status: 'error', error: 'bad_request', field: 'location', message: weatherMessages.placeNotFound } };
    server.use(userWith('Atlantis'), ...weatherApi(() => notFound).handlers);
    renderPage(<WeatherCard />);
    expect(await screen.findByText('Your location was not found')).toBeInTheDocument();
    expect(screen.getByText(weatherMessages.placeNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Correct your location' })).toHaveAttribute('href', paths.profile);
  });

  it("uses the spec's fallback message when a range call fails without the server's own", async () => {
    signInAs({ role: 'Regular', userId: 7, companyId: 3 });
    const now = new Date().toISOString();
    server.use(userWith('Westland'), ...weatherApi((kind) => (kind === 'today' ? { status: 200, body: { status: 'success', data: todays(now) } } : { status: 502, body: 'Bad gateway' })).handlers);
    renderPage(<WeatherCard />);
    // Today's answer is there, so the card shows it and says the rest is not current.
    expect(await screen.findByTestId('weather-today')).toBeInTheDocument();
    const { getWeatherRange } = await import('../../../api/weather');
    await expect(getWeatherRange(today, addDays(today, 6), 'Westland')).rejects.toThrow(weatherMessages.rangeFailed);
    await expect(getWeatherRange('', today, 'Westland')).rejects.toThrow(weatherMessages.startMissing);
    await expect(getWeatherRange(today, '', 'Westland')).rejects.toThrow(weatherMessages.endMissing);
    await expect(getWeatherRange(today, today, ' ')).rejects.toThrow(weatherMessages.locationMissing);
  });
});
