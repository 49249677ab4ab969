import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsPage from '../settings-page';
import { renderPage } from '../../../../testing/render';
import { server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { companySettingsHandlers } from '../../../../testing/settings-handlers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('alerts for suspected problems (settings)', () => {
  it('switches to "above a confidence", refuses a confidence out of range and saves a good one', async () => {
    signInAs({ role: 'Admin' });
    const api = companySettingsHandlers();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<SettingsPage />, '/dashboard/settings');

    const mode = await screen.findByRole('combobox', { name: 'Alert' });
    await waitFor(() => expect(mode).toHaveValue('confirmed'));
    expect(screen.getByText(/alerts when someone confirms it on the scan/)).toBeInTheDocument();
    await user.selectOptions(mode, 'above');
    await waitFor(() => expect(api.state.suspected_alerts).toEqual({ mode: 'above', min_confidence: 0.8 }));
    expect(api.writes.at(-1)).toMatchObject({ path: '/set_company_suspected_alerts', body: '{"mode":"above"}' });

    const confidence = await screen.findByRole('textbox', { name: 'Confidence (%)' });
    expect(confidence).toHaveValue('80');
    await user.clear(confidence);
    await user.type(confidence, '120');
    expect(screen.getByText('Type a number from 0 to 100.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save confidence' })).toBeDisabled();
    await user.clear(confidence);
    await user.type(confidence, '65');
    await user.click(screen.getByRole('button', { name: 'Save confidence' }));
    await waitFor(() => expect(api.state.suspected_alerts).toEqual({ mode: 'above', min_confidence: 0.65 }));
    expect(api.writes.at(-1)).toMatchObject({ body: '{"mode":"above","min_confidence":0.65}' });
  });

  it('is read-only for a Regular user', async () => {
    signInAs({ role: 'Regular' });
    server.use(...companySettingsHandlers({ suspected_alerts: { mode: 'off', min_confidence: 0.8 } }).handlers);
    renderPage(<SettingsPage />, '/dashboard/settings');
    const mode = await screen.findByRole('combobox', { name: 'Alert' });
    await waitFor(() => expect(mode).toHaveValue('off'));
    expect(mode).toBeDisabled();
  });
});
