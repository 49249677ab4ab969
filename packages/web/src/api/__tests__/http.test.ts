import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { httpPrivate } from '../http';
import { SessionRefreshError } from '../api-error';
import { getCookie } from '../../lib/cookies';
import { readSession, setNavigateHandler, STORAGE_KEYS } from '../../lib/session';
import { API, server } from '../../testing/msw-server';
import { makeJwt, nowSeconds } from '../../testing/jwt';
import { signInAs } from '../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const newAccess = makeJwt({ user_id: 7, user_role: 'Admin', company_id: 3, exp: nowSeconds() + 900 });
const newRefresh = makeJwt({ user_id: 7, user_role: 'Admin', company_id: 3, exp: nowSeconds() + 90_000, n: 2 });

/** A protected route that accepts only the renewed access token, and a counting refresh endpoint. */
function useApi() {
  const calls = { refresh: 0, refreshAuth: [] as string[], refreshBodies: [] as string[], protected: [] as string[] };
  server.use(
    http.get(`${API}/get_grid_opacity`, ({ request }) => {
      const auth = request.headers.get('authorization') ?? '';
      calls.protected.push(auth);
      if (auth === `Bearer ${newAccess}`) return HttpResponse.json({ status: 'success', grid_opacity: 0.5 });
      return HttpResponse.json({ status: 'error', message: 'Token expired', error: 'unauthorized' }, { status: 401 });
    }),
    http.post(`${API}/refresh_token`, async ({ request }) => {
      calls.refresh += 1;
      calls.refreshAuth.push(request.headers.get('authorization') ?? '');
      calls.refreshBodies.push(await request.text());
      await new Promise((r) => setTimeout(r, 20));
      return HttpResponse.json({ status: 'success', access_token: newAccess, refresh_token: newRefresh });
    }),
  );
  return calls;
}

describe('httpPrivate refresh-and-retry-once', () => {
  it('refreshes an expired access token once and repeats the request with the new token', async () => {
    const { refreshToken } = signInAs({ accessExpiresIn: -60 });
    const calls = useApi();

    const res = await httpPrivate.get('/get_grid_opacity', { params: { company_id: 3 } });

    expect(res.data).toEqual({ status: 'success', grid_opacity: 0.5 });
    expect(calls.refresh).toBe(1);
    expect(calls.refreshAuth).toEqual([`Bearer ${refreshToken}`]);
    expect(calls.refreshBodies).toEqual(['']);
    expect(calls.protected).toHaveLength(2);
    expect(calls.protected[1]).toBe(`Bearer ${newAccess}`);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(newAccess);
    expect(getCookie(STORAGE_KEYS.refreshToken)).toBe(newRefresh);
  });

  it('shares one refresh between many requests failing at once', async () => {
    signInAs({ accessExpiresIn: -60 });
    const calls = useApi();

    const results = await Promise.all(
      Array.from({ length: 6 }, () => httpPrivate.get<{ grid_opacity: number }>('/get_grid_opacity', { params: { company_id: 3 } })),
    );

    expect(results.every((r) => r.data.grid_opacity === 0.5)).toBe(true);
    expect(calls.refresh).toBe(1);
    expect(calls.protected.filter((a) => a === `Bearer ${newAccess}`)).toHaveLength(6);
  });

  it('clears the session and goes to /signIn when the refresh token has expired', async () => {
    signInAs({ accessExpiresIn: -60, refreshExpiresIn: -1 });
    const navigate = vi.fn();
    setNavigateHandler(navigate);
    const calls = useApi();

    await expect(httpPrivate.get('/get_grid_opacity', { params: { company_id: 3 } })).rejects.toMatchObject({
      response: { status: 401 },
    });

    expect(calls.refresh).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/signIn');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBeNull();
    expect(readSession()).toEqual({ accessToken: null, refreshToken: null, userRole: null, userId: null, companyID: null });
    expect(document.cookie).toBe('');
  });

  it('retries a 403 only once', async () => {
    signInAs();
    const calls = useApi();
    let writes = 0;
    server.use(
      http.post(`${API}/set_grid_opacity`, () => {
        writes += 1;
        return HttpResponse.json({ status: 'error', message: 'Forbidden', error: 'forbidden' }, { status: 403 });
      }),
    );

    await expect(httpPrivate.post('/set_grid_opacity')).rejects.toMatchObject({ response: { status: 403 } });
    expect(writes).toBe(2);
    expect(calls.refresh).toBe(1);
  });

  it('raises a generic error when the refresh fails', async () => {
    signInAs({ accessExpiresIn: -60 });
    useApi();
    server.use(http.post(`${API}/refresh_token`, () => HttpResponse.json({ status: 'error', message: 'boom', error: 'x' }, { status: 500 })));

    await expect(httpPrivate.get('/get_grid_opacity')).rejects.toBeInstanceOf(SessionRefreshError);
  });

  it('sends the access token as bearer on every protected call', async () => {
    const { accessToken } = signInAs();
    let seen = '';
    server.use(
      http.get(`${API}/get_company_ai_model`, ({ request }) => {
        seen = request.headers.get('authorization') ?? '';
        return HttpResponse.json({ status: 'success', ai_model: 'pestDetection' });
      }),
    );
    await httpPrivate.get('/get_company_ai_model');
    expect(seen).toBe(`Bearer ${accessToken}`);
  });
});
