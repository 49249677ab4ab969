import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsPage from '../settings-page';
import { renderPage } from '../../../../testing/render';
import { server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { companySettingsHandlers } from '../../../../testing/settings-handlers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('SettingsPage', () => {
  it("renders the company's values", async () => {
    signInAs({ role: 'Admin' });
    server.use(...companySettingsHandlers({ ai_model: 'pestDetection', offline_mode: 1, auto_refresh: 0 }).handlers);
    renderPage(<SettingsPage />, '/dashboard/settings');

    expect(await screen.findByRole('switch', { name: 'Offline mode' })).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByRole('switch', { name: 'Auto-refresh' })).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(screen.getByLabelText('Scan model')).toHaveValue('pestDetection'));
    expect(screen.getByLabelText('Sticky-trap display')).toHaveValue(1);
    const order = screen.getByRole('list', { name: 'Tile order' });
    expect(within(order).getAllByRole('listitem')[0]).toHaveTextContent('Quick view');
  });

  it('saves a change and confirms it', async () => {
    signInAs({ role: 'Admin' });
    const api = companySettingsHandlers();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<SettingsPage />, '/dashboard/settings');

    const autoRefresh = await screen.findByRole('switch', { name: 'Auto-refresh' });
    await user.click(autoRefresh);

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    await waitFor(() => expect(autoRefresh).toHaveAttribute('aria-checked', 'true'));
    expect(api.state.auto_refresh).toBe(1);
    expect(api.writes).toEqual([{ path: '/set_company_auto_refresh', query: '?company_id=3', body: '{"auto_refresh":1}' }]);
  });

  it('reorders tiles with the keyboard-reachable buttons and saves the order', async () => {
    signInAs({ role: 'SuperAdmin' });
    const api = companySettingsHandlers();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<SettingsPage />, '/dashboard/settings');

    await user.click(await screen.findByRole('button', { name: 'Move Scan now up' }));
    await user.click(screen.getByRole('button', { name: 'Save tile settings' }));

    await waitFor(() => expect(api.state.grid_order.slice(0, 2)).toEqual(['scanNow', 'quickview']));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
  });

  it('offers every model the server lists, an ONNX classifier included, and saves the choice', async () => {
    signInAs({ role: 'Admin' });
    const api = companySettingsHandlers();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<SettingsPage />, '/dashboard/settings');

    const model = await screen.findByLabelText('Scan model');
    await waitFor(() => expect(within(model).getByRole('option', { name: 'greenhouse-v2' })).toBeInTheDocument());
    await user.selectOptions(model, 'greenhouse-v2');

    await waitFor(() => expect(api.state.ai_model).toBe('greenhouse-v2'));
    expect(await screen.findByText('ONNX classifier: greenhouse-v2')).toBeInTheDocument();
  });

  it("sets the company's time zone", async () => {
    signInAs({ role: 'Admin' });
    const api = companySettingsHandlers();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<SettingsPage />, '/dashboard/settings');

    const zone = await screen.findByRole('combobox', { name: 'Company time zone' });
    await waitFor(() => expect(zone).toHaveValue('UTC'));
    await user.selectOptions(zone, 'Europe/Amsterdam');

    expect(await screen.findByText('Time zone saved.')).toBeInTheDocument();
    expect(api.state.time_zone).toBe('Europe/Amsterdam');
    expect(api.writes.at(-1)).toEqual({ path: '/set_company_time_zone', query: '?company_id=3', body: '{"time_zone":"Europe/Amsterdam"}' });
  });

  it('is read-only for a Regular user', async () => {
    signInAs({ role: 'Regular' });
    server.use(...companySettingsHandlers().handlers);
    renderPage(<SettingsPage />, '/dashboard/settings');

    expect(await screen.findByText(/Only administrators can change these settings/)).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Auto-refresh' })).toBeDisabled();
    expect(screen.getByLabelText('Scan model')).toBeDisabled();
    expect(await screen.findByRole('combobox', { name: 'Company time zone' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save tile settings' })).not.toBeInTheDocument();
  });
});
