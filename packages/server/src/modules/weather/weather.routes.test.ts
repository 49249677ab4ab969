import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, utcDate, weatherMessages as m } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { startOpenMeteoStub, stubDay, STUB_NOW, type OpenMeteoStub } from '../../test/fixtures/open-meteo-stub.js';

let stub: OpenMeteoStub;
let t: TestApp;
let a: Awaited<ReturnType<typeof makeTenant>>;
let b: Awaited<ReturnType<typeof makeTenant>>;

const day = (offset: number) => addDays(utcDate(), offset);
const today = day(0);

const get = (path: string, auth: object | null, query: Record<string, string>, app = t) =>
  app.app.inject({ method: 'GET', url: `/api/weather/${path}`, headers: (auth ?? {}) as Record<string, string>, query });
const range = (query: Record<string, string>, auth: object | null = a.regular.auth) => get('weather_range', auth, query);
const todays = (query: Record<string, string>, auth: object | null = a.regular.auth) => get('todays_weather', auth, query);
const forecastCalls = () => stub.calls.filter((u) => u.pathname === '/v1/forecast').length;
const makeStale = () => sql`UPDATE weather_days SET fetched_at = now() - interval '2 hours'`.execute(t.app.db).then(() =>
  sql`UPDATE weather_places SET now_fetched_at = now() - interval '2 hours'`.execute(t.app.db));
const forget = async () => {
  await sql`DELETE FROM weather_days`.execute(t.app.db);
  await sql`DELETE FROM weather_places`.execute(t.app.db);
};

beforeAll(async () => {
  stub = await startOpenMeteoStub();
  // The slow stub never answers: a short timeout keeps the test quick; the default is 4 s.
  t = await buildTestApp({ weatherApiUrl: stub.url, weatherTimeoutMs: 300 });
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
});
afterAll(async () => {
  await t.close();
  await stub.close();
});
beforeEach(async () => {
  stub.mode = 'normal';
  stub.calls.length = 0;
  await forget();
});

describe('GET /weather/weather_range', () => {
  it('answers each day of the range from the service, then from the cache while it is fresh', async () => {
    const res = await range({ start: today, end: day(6), location: 'Westland' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.place).toMatchObject({ query: 'westland', name: 'Westland', country: 'Netherlands', latitude: 52, longitude: 4.2 });
    expect(data.days).toHaveLength(7);
    expect(data.days[0]).toEqual({ date: today, ...stubDay(today) });
    expect(data).toMatchObject({ start: today, end: day(6), stale: false });
    expect(data.age_seconds).toBeGreaterThanOrEqual(0);

    const forecast = stub.calls.find((u) => u.pathname === '/v1/forecast')!;
    expect(Object.fromEntries(forecast.searchParams)).toMatchObject({ latitude: '52', longitude: '4.2', timezone: 'auto', start_date: today, end_date: day(6) });

    stub.calls.length = 0;
    const again = await range({ start: day(1), end: day(3), location: '  WESTLAND ' });
    expect(again.json().data.days.map((d: { date: string }) => d.date)).toEqual([day(1), day(2), day(3)]);
    expect(stub.calls).toHaveLength(0);
  });

  it('geocodes a location once, and finds "name, country" by the country', async () => {
    await range({ start: today, end: today, location: 'Westland, United States' });
    await range({ start: day(1), end: day(1), location: 'westland,  united states' });
    const searches = stub.calls.filter((u) => u.pathname === '/v1/search');
    // The full text finds nothing, then the name alone is looked up: two calls, once.
    expect(searches.map((u) => u.searchParams.get('name'))).toEqual(['Westland, United States', 'Westland']);
    const res = await range({ start: today, end: today, location: 'Westland, United States' });
    expect(res.json().data.place).toMatchObject({ country: 'United States', latitude: 42.3 });
  });

  it('answers many callers at once with one geocoding, one forecast call and one cached copy', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => range({ start: today, end: day(6), location: 'Westland' })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(stub.calls.map((u) => u.pathname)).toEqual(['/v1/search', '/v1/forecast']);
    const rows = await sql<{ places: number; days: number }>`SELECT (SELECT count(*)::int FROM weather_places) AS places, (SELECT count(*)::int FROM weather_days) AS days`.execute(t.app.db);
    expect(rows.rows[0]).toEqual({ places: 1, days: 7 });
  });

  it('refetches a stale cache', async () => {
    await range({ start: today, end: day(2), location: 'Westland' });
    await makeStale();
    stub.calls.length = 0;
    const res = await range({ start: today, end: day(2), location: 'Westland' });
    expect(res.json().data.stale).toBe(false);
    expect(forecastCalls()).toBe(1);
  });

  it.each(['down', 'slow', 'garbage', 'huge'] as const)('answers 503 with the last copy and its age when the service is %s', async (mode) => {
    await range({ start: today, end: day(2), location: 'Westland' });
    await makeStale();
    stub.mode = mode;
    const res = await range({ start: today, end: day(2), location: 'Westland' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', error: 'unavailable', reason: 'unreachable', message: m.unreachable });
    expect(body.data.days).toHaveLength(3);
    expect(body.data.stale).toBe(true);
    expect(body.data.age_seconds).toBeGreaterThanOrEqual(7200);
  });

  it('answers 503 with no data when the service is down and nothing was kept', async () => {
    stub.mode = 'down';
    const res = await range({ start: today, end: day(2), location: 'Westland' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', error: 'unavailable', reason: 'unreachable', message: m.unreachable, data: null });
  });

  it('says a place the service does not know', async () => {
    const res = await range({ start: today, end: today, location: 'Nowhere at all' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: m.placeNotFound, field: 'location' });
  });

  it("gives the spec's messages for missing values", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ end: today, location: 'Westland' }, m.startMissing, 'start'],
      [{ start: '', end: today, location: 'Westland' }, m.startMissing, 'start'],
      [{ start: today, location: 'Westland' }, m.endMissing, 'end'],
      [{ start: today, end: today }, m.locationMissing, 'location'],
      [{ start: today, end: today, location: '   ' }, m.locationMissing, 'location'],
    ];
    for (const [query, message, field] of cases) {
      const res = await range(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message, field });
    }
    expect(stub.calls).toHaveLength(0);
  });

  it('refuses impossible dates, a reversed or too long range, dates the service has not, and a location that is not plain text', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ start: '2026-02-31', end: today, location: 'x' }, 'start'],
      [{ start: today, end: 'tomorrow', location: 'x' }, 'end'],
      [{ start: day(2), end: today, location: 'x' }, 'end'],
      [{ start: day(-40), end: today, location: 'x' }, 'end'],
      [{ start: day(-200), end: day(-190), location: 'x' }, 'start'],
      [{ start: today, end: day(30), location: 'x' }, 'end'],
      [{ start: today, end: today, location: 'a\nb' }, 'location'],
      [{ start: today, end: today, location: 'x'.repeat(201) }, 'location'],
      [{ start: today, end: today, location: 'a\u0000b' }, 'location'],
    ];
    for (const [query, field] of bad) {
      const res = await range(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(stub.calls).toHaveLength(0);
  });

  it('only ever calls the configured service: a URL as the location is a place name to look up', async () => {
    const res = await range({ start: today, end: today, location: 'http://169.254.169.254/latest' });
    expect(res.statusCode).toBe(400);
    expect(stub.calls.map((u) => u.pathname)).toEqual(['/v1/search']);
    expect(stub.calls[0]!.searchParams.get('name')).toBe('http://169.254.169.254/latest');
  });
});

describe('GET /weather/todays_weather', () => {
  it("answers today's row and the conditions now, and keeps the week so the range is already fresh", async () => {
    const res = await todays({ datetoday: today, location: 'Almería' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ date: today, stale: false, place: { name: 'Almería', country: 'Spain' } });
    expect(data.day).toEqual({ date: today, ...stubDay(today) });
    expect(data.now).toEqual(STUB_NOW);
    stub.calls.length = 0;
    expect((await range({ start: today, end: day(6), location: 'almería' })).json().data.days).toHaveLength(7);
    expect((await todays({ datetoday: today, location: 'Almería' })).statusCode).toBe(200);
    expect(stub.calls).toHaveLength(0);
  });

  it('answers 503 with the last copy when the service cannot be reached', async () => {
    await todays({ datetoday: today, location: 'Almería' });
    await makeStale();
    stub.mode = 'slow';
    const res = await todays({ datetoday: today, location: 'Almería' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ reason: 'unreachable', message: m.unreachable, data: { stale: true, now: STUB_NOW, day: { date: today } } });
  });

  it("gives the spec's messages", async () => {
    expect((await todays({ location: 'Almería' })).json()).toMatchObject({ message: m.datetodayMissing, field: 'datetoday' });
    expect((await todays({ datetoday: today })).json()).toMatchObject({ message: m.locationMissing, field: 'location' });
    expect((await todays({ datetoday: '2026-13-01', location: 'x' })).json()).toMatchObject({ field: 'datetoday' });
  });
});

describe('who may ask', () => {
  it('needs a signed-in user of any role; no company data is involved, so every company gets the same public weather', async () => {
    expect((await range({ start: today, end: today, location: 'Westland' }, null)).statusCode).toBe(401);
    expect((await todays({ datetoday: today, location: 'Westland' }, null)).statusCode).toBe(401);
    for (const user of [a.superAdmin, a.admin, a.regular, b.regular]) {
      expect((await todays({ datetoday: today, location: 'Westland' }, user.auth)).statusCode).toBe(200);
    }
    expect((await range({ start: today, end: today, location: 'Westland' }, b.admin.auth)).json().data.place.name).toBe('Westland');
  });
});

describe('without WEATHER_API_URL', () => {
  let bare: TestApp;
  let user: Awaited<ReturnType<typeof makeTenant>>;
  beforeAll(async () => {
    bare = await buildTestApp({ weatherApiUrl: undefined });
    user = await makeTenant(bare.app);
  });
  afterAll(() => bare.close());

  it('answers 503 "not set up" rather than failing', async () => {
    for (const res of [
      await get('weather_range', user.regular.auth, { start: today, end: today, location: 'Westland' }, bare),
      await get('todays_weather', user.regular.auth, { datetoday: today, location: 'Westland' }, bare),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', error: 'unavailable', reason: 'not_configured', message: m.notConfigured, data: null });
    }
    expect((await get('weather_range', user.regular.auth, { end: today, location: 'Westland' }, bare)).json().message).toBe(m.startMissing);
  });
});
