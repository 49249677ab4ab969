import { describe, expect, it } from 'vitest';
import { weatherUrls } from './weather-urls.js';

const both = (api?: string, geo?: string) => {
  const urls = weatherUrls(api, geo);
  return urls && { forecast: urls.forecast.href, geocoding: urls.geocoding.href };
};

describe('weatherUrls', () => {
  it('is not set up without WEATHER_API_URL', () => {
    expect(weatherUrls(undefined, 'https://geo.example')).toBeNull();
  });

  it("takes the public API's base, or its forecast address, and geocodes on the public geocoding host", () => {
    const expected = { forecast: 'https://api.open-meteo.com/v1/forecast', geocoding: 'https://geocoding-api.open-meteo.com/v1/search' };
    expect(both('https://api.open-meteo.com')).toEqual(expected);
    expect(both('https://api.open-meteo.com/v1/forecast')).toEqual(expected);
    expect(both('https://api.open-meteo.com/')).toEqual(expected);
  });

  it('keeps a customer apikey on both, and uses one base for a self-hosted or stub service', () => {
    expect(both('https://customer-api.open-meteo.com?apikey=k')).toEqual({
      forecast: 'https://customer-api.open-meteo.com/v1/forecast?apikey=k',
      geocoding: 'https://customer-geocoding-api.open-meteo.com/v1/search?apikey=k',
    });
    expect(both('http://weather.internal:8080/om')).toEqual({
      forecast: 'http://weather.internal:8080/om/v1/forecast',
      geocoding: 'http://weather.internal:8080/om/v1/search',
    });
  });

  it('takes WEATHER_GEOCODING_URL when it is given', () => {
    expect(both('http://weather.internal', 'https://geo.internal/v1/search')).toEqual({
      forecast: 'http://weather.internal/v1/forecast',
      geocoding: 'https://geo.internal/v1/search',
    });
  });
});
