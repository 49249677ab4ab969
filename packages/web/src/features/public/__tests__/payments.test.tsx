import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../../../testing/render';
import { publicRoutes } from '../routes';

const NOTICE = 'Online billing is not configured for this installation.';

describe('payment pages', () => {
  it('offers the plans with the honest not-configured notice and no checkout', async () => {
    renderRoutes(publicRoutes, '/Payments');
    await screen.findByRole('heading', { level: 1, name: 'Choose a plan' });
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(NOTICE);
    expect(notice).toHaveTextContent('Contact us to set up a subscription.');
    expect(within(notice).getByRole('link', { name: /Contact us about a subscription/ })).toHaveAttribute('href', '/contact-us');

    expect(screen.getByRole('heading', { level: 3, name: 'Grower monthly' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the yearly plan' })).toHaveAttribute('href', '/YearPayment');
    expect(screen.getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', '/contact-us?plan=enterprise');
    expect(screen.getByRole('link', { name: 'Ask for the monthly plan' })).toHaveAttribute('href', '/contact-us?plan=monthly');
    expect(screen.queryByLabelText(/card/i)).not.toBeInTheDocument();
  });

  it('shows the yearly plan with the same notice', async () => {
    renderRoutes(publicRoutes, '/YearPayment');
    await screen.findByRole('heading', { level: 1, name: 'Grower yearly plan' });
    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);
    expect(screen.getByRole('link', { name: 'Contact us about the yearly plan' })).toHaveAttribute('href', '/contact-us?plan=yearly');
    expect(screen.getByRole('link', { name: 'Back to all plans' })).toHaveAttribute('href', '/Payments');
  });

  it('says after "payment" that nothing was charged and links back', async () => {
    renderRoutes(publicRoutes, '/PostPayment');
    await screen.findByRole('heading', { level: 1, name: 'Billing is handled by our sales team' });
    expect(screen.getByText(/nothing has been charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});
