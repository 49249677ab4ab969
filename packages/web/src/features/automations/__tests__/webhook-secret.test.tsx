import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AutomationsPage from '../components/automations-page';
import { renderPage } from '../../../testing/render';
import { server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { automationsApi, notification, ROTATED_SECRET, WEBHOOK_SECRET } from './automations-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const SIGNED = notification({
  notification_id: 8,
  problem_type: 'Thrips',
  method: 'webhook',
  methods: ['webhook'],
  email_recipient: '',
  email_recipients: [],
  webhook_url: 'https://hooks.example.org/…dant',
});
const EMAIL = notification({ notification_id: 9, problem_type: 'Aphids' });

function row(name: RegExp) {
  return screen.getAllByTestId('automation').find((li) => name.test(li.textContent ?? ''))!;
}

describe('signed webhooks on the automations page', () => {
  it('creating a webhook automation needs its URL, then shows the signing secret once, with copy', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = automationsApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    await user.click(await screen.findByRole('button', { name: 'New automation' }));
    const form = await screen.findByRole('form', { name: 'New automation' });
    await user.click(within(form).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Webhook (signed)' }));
    await user.click(within(form).getByRole('button', { name: 'Create automation' }));
    expect(within(form).getByLabelText('Webhook URL')).toHaveAccessibleDescription(expect.stringContaining('A webhook URL is required for webhook notifications.'));
    expect(api.state.writes).toEqual([]);

    await user.click(within(form).getByLabelText('Webhook URL'));
    await user.paste('https://hooks.example.org/verdant');
    await user.click(within(form).getByRole('button', { name: 'Create automation' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByTestId('webhook-secret')).toHaveTextContent(WEBHOOK_SECRET);
    expect(within(dialog).getByText(/it is shown only this once/)).toBeInTheDocument();
    expect(api.state.writes).toEqual([
      { path: '/Create_new_notification', body: { user_id: '7', method: 'webhook', webhook_url: 'https://hooks.example.org/verdant', trigger: 'problem_observed', is_automation: '1' } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(WEBHOOK_SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Signing secret' })).toBeNull());
    expect(screen.queryByRole('form', { name: 'New automation' })).toBeNull();
    expect(await screen.findByText('Any problem is observed')).toBeInTheDocument();
    expect(row(/Any problem/)).toHaveTextContent('Webhook (signed)https://hooks.example.org/…dant');
    expect(screen.queryByText(WEBHOOK_SECRET)).toBeNull();
  });

  it('"Rotate secret" asks first, then shows the new secret once and until when the old one still signs', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = automationsApi({ notifications: [SIGNED, EMAIL] });
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    expect(await screen.findByText('Thrips is observed')).toBeInTheDocument();
    expect(within(row(/Aphids/)).queryByRole('button', { name: /Rotate/ })).toBeNull();

    await user.click(within(row(/Thrips/)).getByRole('button', { name: 'Rotate the signing secret of “Thrips is observed”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(confirm).toHaveTextContent('keeps signing for a day');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.state.writes).toEqual([]);

    await user.click(within(row(/Thrips/)).getByRole('button', { name: 'Rotate the signing secret of “Thrips is observed”' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Rotate the signing secret?' })).getByRole('button', { name: 'Rotate secret' }));

    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent(ROTATED_SECRET);
    expect(within(shown).getByText(/The previous secret still signs until/)).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/rotate_webhook_secret', body: { company_id: 3, notification_id: 8 } }]);
    expect(await screen.findByText('Webhook secret rotated. The previous secret still signs for a day.')).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(await within(row(/Thrips/)).findByText(/The previous signing secret still signs until/)).toBeInTheDocument();
  });
});
