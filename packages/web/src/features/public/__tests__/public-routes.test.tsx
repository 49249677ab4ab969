import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../../testing/render';
import { publicRoutes } from '../routes';

const H1: Array<[path: string, h1: RegExp]> = [
  ['/', /Scout, track and plan your crop/],
  ['/camera', /Automated cameras and on-the-spot plant scans/],
  ['/reporting', /Reports and trends you can act on/],
  ['/inventory', /Crop batches, plants and trays in one place/],
  ['/forecasting', /Harvest planning from the batches you already track/],
  ['/ai-smart-glasses', /Hands-free capture with smart glasses/],
  ['/ipm-scouting', /Integrated pest management/],
  ['/about-us', /Software for the people who grow the plants/],
  ['/contact-us', /Contact us/],
  ['/Payments', /Choose a plan/],
  ['/YearPayment', /Grower yearly plan/],
  ['/PostPayment', /Billing is handled by our sales team/],
  ['/unauthorized', /You do not have access to this page/],
  ['/404', /Page not found/],
];

describe('public routes', () => {
  it.each(H1)('%s renders one h1 inside the page landmarks', async (path, h1) => {
    renderRoutes(publicRoutes, path);
    expect(await screen.findByRole('heading', { level: 1, name: h1 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    await waitFor(() => expect(document.title).toMatch(/ · Verdant$/));
  });

  it('links the header to the feature pages and to sign-in', async () => {
    renderRoutes(publicRoutes, '/');
    await screen.findByRole('heading', { level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Features' });
    for (const name of ['Camera', 'IPM scouting', 'Reporting', 'Inventory', 'Forecasting', 'Smart glasses']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('banner')).getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/signIn');
  });

  it('opens and closes the phone menu', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(publicRoutes, '/');
    await screen.findByRole('heading', { level: 1 });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Site menu' });
    await user.click(within(menu).getByRole('link', { name: 'About us' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Software for the people/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about-us');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('describes video capture as it exists, without promising what does not', async () => {
    renderRoutes(publicRoutes, '/ai-smart-glasses');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Upcoming')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'What exists today' })).toBeInTheDocument();
    expect(screen.getByText(/A frame is taken every 1 to 10 seconds \(2 by default, at most 30 per recording\)/)).toBeInTheDocument();
    expect(screen.getByText(/its own upload token/)).toBeInTheDocument();
    expect(screen.getByText(/There is no voice input and no app that runs on the glasses themselves/)).toBeInTheDocument();
  });

  it('names the default AI model on the camera page', async () => {
    renderRoutes(publicRoutes, '/camera');
    expect(await screen.findByText(/“Plant disease recognition” unless you choose another/)).toBeInTheDocument();
  });

  it('invites to contact for an account (sign-up is by invitation)', async () => {
    renderRoutes(publicRoutes, '/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('link', { name: 'Contact us to get an account' })[0]).toHaveAttribute('href', '/contact-us');
    expect(screen.getByText(/Accounts are by invitation/)).toBeInTheDocument();
  });

  it('shows the page in the chosen language', async () => {
    const user = userEvent.setup();
    renderRoutes(publicRoutes, '/404');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await user.selectOptions(screen.getByRole('combobox'), 'nl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox'), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
