import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { authMessages } from '@verdant/contract';
import { SignOutEverywhere } from '../components/sign-out-everywhere';
import { isLoggedIn } from '../../../lib/session';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const routes = [
  { path: '/dashboard/profile', element: <SignOutEverywhere /> },
  { path: '/signIn', element: <p>Sign-in page</p> },
];

describe('SignOutEverywhere', () => {
  it('asks first, then ends every session and goes to /signIn', async () => {
    const { accessToken } = signInAs();
    let auth: string | null = null;
    server.use(
      http.post(`${API}/logout_everywhere`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ status: 'success', message: authMessages.signedOutEverywhere });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/profile');

    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out on every device?' });
    expect(dialog).toHaveTextContent('Every other device where you are signed in');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(auth).toBe(`Bearer ${accessToken}`);
    expect(isLoggedIn()).toBe(false);
    expect(await screen.findByText('You have been signed out on every device.')).toBeInTheDocument();
  });

  it('keeps the session and says so when the server cannot do it', async () => {
    signInAs();
    server.use(http.post(`${API}/logout_everywhere`, () => HttpResponse.error()));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/dashboard/profile');

    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(isLoggedIn()).toBe(true);
    expect(router.state.location.pathname).toBe('/dashboard/profile');
  });
});
