import type { Page, Route } from '@playwright/test';
import { expect, signInThroughUi, test, waitForContent, type Account, type Api } from '../src/fixtures';

/**
 * The weather card on the overview. The e2e server has no weather service (WEATHER_API_URL unset), so the
 * browser's weather calls are answered here in the server's own shapes: a normal answer, and the 503 with
 * the last weather kept.
 */
const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const place = { query: 'westland, netherlands', name: 'Westland', country: 'Netherlands', latitude: 52, longitude: 4.2, timezone: 'Europe/Amsterdam' };
const day = (i: number) => ({
  date: iso(i),
  weather_code: [61, 2, 3, 0, 80, 95, 45][i % 7]!,
  temperature_max: 11 + i,
  temperature_min: 3 + (i % 3),
  precipitation_sum: i % 2 ? 0 : 4.2,
  precipitation_probability_max: i % 2 ? 10 : 85,
  wind_speed_max: 24,
});
const fetched = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000).toISOString();
const todayData = (hoursAgo: number) => ({
  place, date: iso(0), day: day(0), now: { time: `${iso(0)}T09:00`, temperature: 9.6, relative_humidity: 84, wind_speed: 18, weather_code: 61 },
  fetched_at: fetched(hoursAgo), age_seconds: hoursAgo * 3600, stale: hoursAgo > 0,
});
const weekData = (hoursAgo: number) => ({
  place, start: iso(0), end: iso(6), days: Array.from({ length: 7 }, (_, i) => day(i)), fetched_at: fetched(hoursAgo), age_seconds: hoursAgo * 3600, stale: hoursAgo > 0,
});

async function answerWeather(page: Page, mode: 'normal' | 'down') {
  await page.route('**/api/weather/**', (route: Route) => {
    const kind = new URL(route.request().url()).pathname.endsWith('todays_weather') ? 'today' : 'range';
    const data = kind === 'today' ? todayData(mode === 'down' ? 3 : 0) : weekData(mode === 'down' ? 3 : 0);
    const body = mode === 'normal'
      ? { status: 'success', data }
      : { status: 'error', error: 'unavailable', reason: 'unreachable', message: 'The weather service cannot be reached right now.', data };
    return route.fulfill({ status: mode === 'normal' ? 200 : 503, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

async function growerAt(api: Api, location: string | null): Promise<Account> {
  const grower = await api.newAccount('Regular', 'weather');
  if (location) {
    const res = await api.request.put('/api/update_location', {
      headers: { authorization: `Bearer ${grower.session.access_token}` },
      data: { user_id: grower.session.user.user_id, location },
    });
    expect(res.ok()).toBe(true);
  }
  return grower;
}

const overflow = (page: Page) =>
  page.getByTestId('weather-card').evaluate((el) => el.scrollWidth - el.clientWidth);

test.describe('weather card on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test("today and the week ahead fit the phone; when the service is down the last weather shows with its age", async ({ page, api }, testInfo) => {
    const grower = await growerAt(api, 'Westland, Netherlands');
    await answerWeather(page, 'normal');
    await signInThroughUi(page, grower.email, grower.password);
    await page.goto('/dashboard/overview');
    await waitForContent(page);

    const card = page.getByTestId('weather-card');
    await expect(card.getByTestId('weather-today')).toContainText('10°');
    await expect(card).toContainText('Westland, Netherlands');
    await expect(card.getByTestId('weather-week').getByRole('listitem')).toHaveCount(7);
    await expect(card.getByTestId('weather-age')).toContainText('Updated');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: testInfo.outputPath('weather-360.png') });

    await page.unroute('**/api/weather/**');
    await answerWeather(page, 'down');
    await page.evaluate(() => localStorage.removeItem('persist:root'));
    await page.goto('/dashboard/overview');
    await waitForContent(page);
    await expect(card.getByRole('alert')).toContainText('The weather service cannot be reached');
    await expect(card.getByRole('alert')).toContainText('3 hours ago');
    await expect(card.getByTestId('weather-week').getByRole('listitem')).toHaveCount(7);
    await card.screenshot({ path: testInfo.outputPath('weather-360-down.png') });
  });

  test('without a location the card says where to set it', async ({ page, api }) => {
    const grower = await growerAt(api, null);
    await signInThroughUi(page, grower.email, grower.password);
    await page.goto('/dashboard/overview');
    await waitForContent(page);
    const empty = page.getByTestId('weather-no-location');
    await expect(empty).toContainText('No location set');
    await empty.getByRole('link', { name: 'Set your location' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
  });
});
