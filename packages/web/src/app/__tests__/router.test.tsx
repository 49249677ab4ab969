import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createAppRoutes } from '../router';
import { renderRoutes } from '../../testing/render';
import { server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { companySettingsHandlers } from '../../testing/settings-handlers';

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('routes', () => {
  it("shows exactly 'Page Not Found: …' for an unknown /dashboard path", async () => {
    signInAs({ role: 'Regular' });
    server.use(...companySettingsHandlers().handlers);
    renderRoutes(createAppRoutes([]), '/dashboard/no-such-screen');
    expect(
      await screen.findByText('Page Not Found: The page you are looking for does not exist.', { exact: true }),
    ).toBeInTheDocument();
  });

  it('sends a visitor without a session from /dashboard to /signIn', async () => {
    const { router } = renderRoutes(createAppRoutes([]), '/dashboard/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('redirects /login to /signIn', async () => {
    const { router } = renderRoutes(createAppRoutes([]), '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
  });

  it('sends an unknown public path to the role home when signed in, else to /404', async () => {
    signInAs({ role: 'Admin' });
    server.use(...companySettingsHandlers().handlers);
    const admin = renderRoutes(createAppRoutes([]), '/no-such-page');
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/dashboard'));
    admin.unmount();

    signInAs({ role: 'Regular' });
    const regular = renderRoutes(createAppRoutes([]), '/no-such-page');
    await waitFor(() => expect(regular.router.state.location.pathname).toBe('/dashboard/quickview'));
    regular.unmount();

    localStorage.clear();
    const visitor = renderRoutes(createAppRoutes([]), '/no-such-page');
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
