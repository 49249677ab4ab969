import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isLoggedIn } from '../../../lib/session';
import { renderRoutes } from '../../../testing/render';
import { signInAs } from '../../../testing/session';
import { publicRoutes } from '../routes';

const routes = [...publicRoutes, { path: '/signIn', element: <h1>Sign in</h1> }];

describe('/unauthorized', () => {
  it("links a signed-in user to their role's home and signs out before switching account", async () => {
    signInAs({ role: 'Regular' });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/unauthorized');
    await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' });
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard/quickview');

    await user.click(screen.getByRole('button', { name: 'Sign in with another account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(isLoggedIn()).toBe(false);
  });

  it('sends an Admin to /dashboard and a visitor straight to sign-in', async () => {
    signInAs({ role: 'Admin' });
    const admin = renderRoutes(routes, '/unauthorized');
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    admin.unmount();
    localStorage.clear();

    renderRoutes(routes, '/unauthorized');
    expect(await screen.findByRole('link', { name: 'Sign in with another account' })).toHaveAttribute('href', '/signIn');
  });
});
