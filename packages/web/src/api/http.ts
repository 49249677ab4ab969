import axios, { AxiosHeaders, type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { authEndpoints } from '@verdant/contract';
import { isTokenExpired } from '../lib/jwt';
import { endSession, readSession, storeTokens } from '../lib/session';
import { SessionRefreshError } from './api-error';

/** `/api` on the page's own origin unless VITE_API_BASE_URL says otherwise. */
export const API_BASE_URL: string = (import.meta.env?.VITE_API_BASE_URL as string | undefined) || '/api';

/** No auth header: sign-in, sign-up, password reset, public forms. Timeout: none (spec-1 §9). */
export const axiosPlain: AxiosInstance = axios.create({ baseURL: API_BASE_URL, timeout: 0 });

/** Sends the access token as bearer; renews the session once on 401/403 (see installRefresh). */
export const axiosPrivate: AxiosInstance = axios.create({ baseURL: API_BASE_URL, timeout: 0 });

interface RetryConfig extends InternalAxiosRequestConfig {
  _retry?: boolean;
}

function bearer(token: string) {
  return `Bearer ${token}`;
}

let refreshInFlight: Promise<string> | null = null;

async function callRefresh(refreshToken: string): Promise<string> {
  const { data } = await axiosPlain.post<unknown>(authEndpoints.refreshToken.path, undefined, {
    headers: { Authorization: bearer(refreshToken) },
  });
  const parsed = authEndpoints.refreshToken.response.safeParse(data);
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

axiosPrivate.interceptors.request.use((config) => {
  const token = readSession().accessToken;
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', bearer(token));
  return config;
});

axiosPrivate.interceptors.response.use(undefined, async (error: AxiosError) => {
  const original = error.config as RetryConfig | undefined;
  const status = error.response?.status;
  if (!original || original._retry || (status !== 401 && status !== 403)) throw error;
  original._retry = true;

  const { refreshToken } = readSession();
  if (!refreshToken || isTokenExpired(refreshToken)) {
    endSession();
    throw error;
  }

  const sentWith = String(original.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '') || null;
  let accessToken: string;
  try {
    accessToken = await refreshAccessToken(sentWith);
  } catch (refreshError) {
    // The server refused the refresh token (revoked or reused): the session cannot continue.
    if (axios.isAxiosError(refreshError) && refreshError.response?.status === 401) endSession();
    throw new SessionRefreshError(refreshError);
  }
  const headers = AxiosHeaders.from(original.headers);
  headers.set('Authorization', bearer(accessToken));
  return axiosPrivate({ ...original, headers });
});
