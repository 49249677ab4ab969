import { createHttpClient, isHttpError, type HttpClient, type HttpError, type RequestConfig } from './http-client';
import { authEndpoints } from '@verdant/contract';
import { isTokenExpired } from '../lib/jwt';
import { endSession, readSession, storeTokens } from '../lib/session';
import { SessionRefreshError } from './api-error';
import { responseSchema } from './endpoint-schemas';

/** `/api` on the page's own origin unless VITE_API_BASE_URL says otherwise. */
export const API_BASE_URL: string = (import.meta.env?.VITE_API_BASE_URL as string | undefined) || '/api';

/** No auth header: sign-in, sign-up, password reset, public forms. Timeout: none (spec-1 §9). */
export const httpPlain: HttpClient = createHttpClient({ baseURL: API_BASE_URL, timeout: 0 });

function bearer(token: string) {
  return `Bearer ${token}`;
}

let refreshInFlight: Promise<string> | null = null;

async function callRefresh(refreshToken: string): Promise<string> {
  const { data } = await httpPlain.post(authEndpoints.refreshToken.path, undefined, {
    headers: { Authorization: bearer(refreshToken) },
  });
  const parsed = (await responseSchema(authEndpoints.refreshToken)).safeParse(data);
  if (!parsed.success) throw new Error('Unexpected refresh answer');
  storeTokens(parsed.data.access_token, parsed.data.refresh_token);
  return parsed.data.access_token;
}

/**
 * One refresh for every request that fails meanwhile: they all await the same promise. Across tabs
 * a Web Lock serialises refreshes; a tab that waited finds the new tokens already stored and uses them
 * instead of replaying the rotated (now revoked) refresh token.
 */
export function refreshAccessToken(staleAccessToken?: string | null): Promise<string> {
  if (!refreshInFlight) {
    const run = async () => {
      const current = readSession();
      if (staleAccessToken && current.accessToken && current.accessToken !== staleAccessToken) {
        return current.accessToken;
      }
      if (!current.refreshToken) throw new Error('No refresh token');
      return callRefresh(current.refreshToken);
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const job: Promise<string> = locks ? locks.request('verdant-token-refresh', run).then((token) => token) : run();
    refreshInFlight = job.finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight as Promise<string>;
}

function withBearer(config: RequestConfig): RequestConfig {
  const token = readSession().accessToken;
  const headers = config.headers ?? {};
  if (token && !Object.keys(headers).some((k) => k.toLowerCase() === 'authorization')) {
    config.headers = { ...headers, Authorization: bearer(token) };
  }
  return config;
}

/** On 401/403 renews the session once (one refresh shared by every failing request) and repeats the request. */
async function renewAndRepeat(error: HttpError, client: HttpClient) {
  const original = error.config;
  const status = error.response?.status;
  if (original.retried || (status !== 401 && status !== 403)) throw error;

  const { refreshToken } = readSession();
  if (!refreshToken || isTokenExpired(refreshToken)) {
    endSession();
    throw error;
  }

  const sent = Object.entries(original.headers ?? {}).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  const sentWith = String(sent ?? '').replace(/^Bearer\s+/i, '') || null;
  let accessToken: string;
  try {
    accessToken = await refreshAccessToken(sentWith);
  } catch (refreshError) {
    // The server refused the refresh token (revoked or reused): the session cannot continue.
    if (isHttpError(refreshError) && refreshError.response?.status === 401) endSession();
    throw new SessionRefreshError(refreshError);
  }
  const headers = Object.fromEntries(Object.entries(original.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'authorization'));
  return client.request({ ...original, headers: { ...headers, Authorization: bearer(accessToken) }, retried: true });
}

/** Sends the access token as bearer; renews the session once on 401/403 (renewAndRepeat). */
export const httpPrivate: HttpClient = createHttpClient({
  baseURL: API_BASE_URL,
  timeout: 0,
  beforeRequest: withBearer,
  onError: renewAndRepeat,
});
