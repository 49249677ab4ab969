import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WithWelcome } from '../routes/welcome-gate';
import { armWelcome, welcomePending } from '../../lib/welcome';
import { renderRoutes } from '../../testing/render';
import { signInAs } from '../../testing/session';

afterEach(() => localStorage.clear());

const landing = () =>
  renderRoutes(
    [
      { path: '/dashboard/quickview', element: <WithWelcome><h1>Quick view</h1></WithWelcome> },
      { path: '/dashboard/rooms', element: <h1>Rooms</h1> },
    ],
    '/dashboard/quickview',
  );

describe('first sign-in welcome', () => {
  it('shows an admin the three set-up steps once; closing it forgets it for good', async () => {
    signInAs({ role: 'Admin', userId: 41 });
    armWelcome(41);
    const user = userEvent.setup();
    const first = landing();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Verdant' });
    const steps = Array.from(dialog.querySelectorAll('li')).map((li) => li.textContent);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toContain('Set up a room');
    expect(steps[1]).toContain('Invite your colleagues');
    expect(steps[2]).toContain('Choose the scouting form');
    await user.click(screen.getByRole('button', { name: "Got it, let's start" }));
    expect(welcomePending(41)).toBe(false);
    first.unmount();

    landing();
    expect(await screen.findByRole('heading', { name: 'Quick view' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("gives a scout the field steps, and a step's link leads there and dismisses", async () => {
    signInAs({ role: 'Regular', userId: 42 });
    armWelcome(42);
    const user = userEvent.setup();
    const { router } = landing();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Verdant' });
    expect(dialog.textContent).toContain('Scout a box');
    expect(dialog.textContent).toContain('Get ready for offline');
    await user.click(screen.getByRole('link', { name: 'Open a room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/rooms'));
    expect(welcomePending(42)).toBe(false);
  });

  it('shows nothing to a user whose sign-up did not happen here, nor for another user on the device', async () => {
    armWelcome(99);
    signInAs({ role: 'Admin', userId: 43 });
    landing();
    expect(await screen.findByRole('heading', { name: 'Quick view' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
