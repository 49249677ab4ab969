/**
 * Where the Open-Meteo compatible service answers. WEATHER_API_URL is the forecast service's base
 * ('https://api.open-meteo.com', or a self-hosted one; a trailing /v1/forecast is accepted too); the
 * geocoding base is WEATHER_GEOCODING_URL, else the public geocoding host for the public API, else the
 * same base (a self-hosted or stub service answering both). Query parameters of a base (an apikey) are
 * kept on every call. Only these operator-given addresses are ever fetched.
 */
export interface WeatherUrls {
  forecast: URL;
  geocoding: URL;
}

const PUBLIC_GEOCODING: Record<string, string> = {
  'api.open-meteo.com': 'https://geocoding-api.open-meteo.com',
  'customer-api.open-meteo.com': 'https://customer-geocoding-api.open-meteo.com',
};

function endpointOf(base: string, knownTail: RegExp, path: string): URL {
  const url = new URL(base);
  url.pathname = url.pathname.replace(/\/+$/, '').replace(knownTail, '') + path;
  return url;
}

export function weatherUrls(apiUrl: string | undefined, geocodingUrl: string | undefined): WeatherUrls | null {
  if (!apiUrl) return null;
  const forecast = endpointOf(apiUrl, /\/v1(\/forecast)?$/, '/v1/forecast');
  const host = new URL(apiUrl).host;
  const geocodingBase = geocodingUrl ?? PUBLIC_GEOCODING[host] ?? apiUrl;
  const geocoding = endpointOf(geocodingBase, /\/v1(\/search|\/forecast)?$/, '/v1/search');
  // A public geocoding host gets the forecast base's own parameters (the customer apikey) too.
  if (!geocodingUrl) for (const [k, v] of new URL(apiUrl).searchParams) if (!geocoding.searchParams.has(k)) geocoding.searchParams.set(k, v);
  return { forecast, geocoding };
}
