import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { signOut } from '../auth';
import { isLoggedIn, readSession, setNavigateHandler } from '../../lib/session';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('signOut', () => {
  it('ends the session here and asks the server to revoke the refresh token', async () => {
    const { refreshToken } = signInAs();
    const navigate = vi.fn();
    setNavigateHandler(navigate);
    const sent = new Promise<{ body: unknown; auth: string | null }>((resolve) =>
      server.use(
        http.post(`${API}/logout`, async ({ request }) => {
          resolve({ body: await request.json(), auth: request.headers.get('authorization') });
          return HttpResponse.json({ status: 'success', message: 'You have been signed out.' });
        }),
      ),
    );

    signOut();

    expect(isLoggedIn()).toBe(false);
    expect(readSession().refreshToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/signIn');
    await expect(sent).resolves.toEqual({ body: { refresh_token: refreshToken }, auth: null });
  });

  it('still signs out when the server cannot be reached', async () => {
    signInAs();
    setNavigateHandler(vi.fn());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post(`${API}/logout`, () => HttpResponse.error()));

    signOut();

    expect(isLoggedIn()).toBe(false);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Sign-out could not reach the server', expect.any(String)));
  });
});
