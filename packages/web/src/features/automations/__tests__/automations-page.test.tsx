import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import AutomationsPage from '../components/automations-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { automationsApi, delivery, notification } from './automations-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function automation(name: RegExp) {
  return screen.getAllByTestId('automation').find((li) => name.test(li.textContent ?? ''))!;
}

const FIELD_AUTOMATIONS = [
  notification({ notification_id: 1, problem_type: 'Aphids', dead_deliveries: 2 }),
  notification({
    notification_id: 2,
    created_by: 9,
    trigger: 'field_keyword',
    template_name: 'Weekly scouting',
    field_name: 'Notes',
    keyword: 'thrips',
    method: 'slack;Microsoft Teams',
    methods: ['slack', 'Microsoft Teams'],
    email_recipient: '',
    email_recipients: [],
    slack_webhook_url: 'https://hooks.slack.com/…Xy12',
    teams_webhook_url: 'https://acme.webhook.office.com/…9aB0',
  }),
  notification({ notification_id: 3, kind: 'task', user_id: 9, trigger: null, triggered_by: 'task_assigned', created_by: 9 }),
  notification({ notification_id: 4, kind: 'template', trigger: null, template_name: 'Irrigation check', frequency: 'weekly', notification_time: '07:30' }),
  notification({ notification_id: 5, trigger: 'form_submitted', template_id: 4, template_name: 'Weekly scouting', form_category: 'Scouting' }),
  notification({ notification_id: 6, trigger: 'form_submitted', form_category: 'Harvest' }),
];

describe('AutomationsPage', () => {
  it('lists what sets each automation off, where it goes (webhooks masked), and says what to do when nothing was sent', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    server.use(...automationsApi({ notifications: FIELD_AUTOMATIONS }).handlers);
    renderPage(<AutomationsPage />);

    expect(await screen.findByText('Aphids is observed')).toBeInTheDocument();
    expect(automation(/Aphids/)).toHaveTextContent('ana@example.com');
    expect(within(automation(/Aphids/)).getByRole('button', { name: 'Show dead letters of “Aphids is observed”' })).toHaveTextContent('2 dead letters');

    const keyword = automation(/thrips/);
    expect(keyword).toHaveTextContent('“Notes” of “Weekly scouting” is answered with “thrips”');
    expect(keyword).toHaveTextContent('Slackhttps://hooks.slack.com/…Xy12');
    expect(keyword).toHaveTextContent('Microsoft Teamshttps://acme.webhook.office.com/…9aB0');
    expect(await screen.findByText('A task is assigned to Ana Grower')).toBeInTheDocument();
    expect(automation(/Irrigation/)).toHaveTextContent('Reminder to fill in “Irrigation check”, every Monday at 07:30');
    // One form's automation carries that form's category too: the form is named.
    expect(screen.getByText('The form “Weekly scouting” is submitted')).toBeInTheDocument();
    expect(screen.getByText('A form of category “Harvest” is submitted')).toBeInTheDocument();

    expect(await screen.findByText('Nothing sent yet')).toBeInTheDocument();
    expect(screen.getByText(/Use “Send a test” on an automation/)).toBeInTheDocument();
  });

  it('with no automations yet, says how to make one', async () => {
    signInAs({ role: 'Regular', userId: 9 });
    server.use(...automationsApi().handlers);
    renderPage(<AutomationsPage />);

    expect(await screen.findByText('No automations yet')).toBeInTheDocument();
    expect(screen.getByText(/Choose “New automation” to be told by e-mail, Slack or Teams/)).toBeInTheDocument();
  });

  it('creates an e-mail automation for one problem, refusing it first without a recipient (spec-2 §5)', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = automationsApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    await user.click(await screen.findByRole('button', { name: 'New automation' }));
    const form = await screen.findByRole('form', { name: 'New automation' });
    await user.selectOptions(within(form).getByLabelText('When'), 'problem_observed');
    await user.selectOptions(within(form).getByLabelText('Problem'), 'Aphids');
    await user.click(within(form).getByRole('button', { name: 'Create automation' }));

    expect(within(form).getByLabelText('E-mail recipients')).toHaveAccessibleDescription(
      expect.stringContaining('An email recipient is required for email notifications.'),
    );
    expect(api.state.writes).toEqual([]);

    await user.click(within(form).getByLabelText('E-mail recipients'));
    await user.paste('ana@example.com; bo@example.com');
    await user.click(within(form).getByRole('button', { name: 'Create automation' }));

    expect(await screen.findByText('Notification created.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([
      {
        path: '/Create_new_notification',
        body: { user_id: '7', method: 'email', email_recipient: 'ana@example.com;bo@example.com', trigger: 'problem_observed', problem_type: 'Aphids', is_automation: '1' },
      },
    ]);
    expect(screen.queryByRole('form', { name: 'New automation' })).toBeNull();
    expect(await screen.findByText('Aphids is observed')).toBeInTheDocument();
  });

  it('Slack needs a Slack URL and Teams a Teams URL; a webhook the server refuses is shown under its field', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = automationsApi();
    server.use(
      http.post(`${API}/Create_new_notification`, () =>
        HttpResponse.json({ status: 'error', message: 'slack_webhook_url: hooks.example.com is not a Slack webhook host', field: 'slack_webhook_url' }, { status: 400 }),
      ),
      ...api.handlers,
    );
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    await user.click(await screen.findByRole('button', { name: 'New automation' }));
    const form = await screen.findByRole('form', { name: 'New automation' });
    await user.click(within(form).getByLabelText('E-mail'));
    await user.click(within(form).getByLabelText('Slack'));
    await user.click(within(form).getByLabelText('Microsoft Teams'));
    await user.click(within(form).getByRole('button', { name: 'Create automation' }));

    expect(within(form).getByText('A Slack webhook URL is required for Slack notifications.')).toBeInTheDocument();
    expect(within(form).getByText('A Teams webhook URL is required for Microsoft Teams notifications.')).toBeInTheDocument();

    await user.click(within(form).getByLabelText('Microsoft Teams'));
    await user.click(within(form).getByLabelText('Slack webhook URL'));
    await user.paste('https://hooks.example.com/services/x');
    await user.click(within(form).getByRole('button', { name: 'Create automation' }));

    expect(await within(form).findByText('slack_webhook_url: hooks.example.com is not a Slack webhook host')).toHaveAttribute(
      'id',
      `${within(form).getByLabelText('Slack webhook URL').id}-error`,
    );
  });

  it('a task notification is made for the chosen colleague through create_task_notification', async () => {
    signInAs({ role: 'Regular', userId: 9 });
    const api = automationsApi();
    let sent: unknown;
    server.use(
      ...api.handlers,
      http.post(`${API}/create_task_notification`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'success', message: 'Notification created.', notification: notification({ notification_id: 50, kind: 'task', user_id: 9 }) });
      }),
    );
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    await user.click(await screen.findByRole('button', { name: 'New automation' }));
    const form = await screen.findByRole('form', { name: 'New automation' });
    await user.click(within(form).getByLabelText("News of someone's tasks"));
    expect(within(form).getByLabelText('Whose tasks')).toHaveDisplayValue('Ana Grower (you)');
    await user.selectOptions(within(form).getByLabelText('When'), 'task_status_changed');
    await user.click(within(form).getByLabelText('E-mail recipients'));
    await user.paste('ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Create automation' }));

    await waitFor(() =>
      expect(sent).toEqual({ user_id: 9, triggered_by: 'task_status_changed', method: 'email', email_recipient: 'ana@example.com' }),
    );
  });

  it('deletes only after confirming', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = automationsApi({ notifications: [FIELD_AUTOMATIONS[0]!] });
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    await user.click(await screen.findByRole('button', { name: 'Delete “Aphids is observed”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this automation?' });
    expect(dialog).toHaveTextContent('“Aphids is observed” will send nothing more. Its delivery log stays.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.state.writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete “Aphids is observed”' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete automation' }));

    expect(await screen.findByText('Notification deleted.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/delete_notification', body: { notification_id: 1, user_id: 7 } }]);
    expect(await screen.findByText('No automations yet')).toBeInTheDocument();
  });

  it('"Send a test" shows what was sent and the channel\'s answer, per channel', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = automationsApi({ notifications: FIELD_AUTOMATIONS });
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    await user.click(await screen.findByRole('button', { name: /^Send a test of ““Notes”/ }));
    const dialog = screen.getByRole('dialog', { name: 'Send a test' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Channel' }), 'teams');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));

    expect(await within(dialog).findByText('Microsoft Teams did not accept it')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('HTTP status 400');
    expect(dialog).toHaveTextContent("The channel's answer: Bad payload");
    expect(dialog).toHaveTextContent('Verdant test notification');
    expect(dialog).toHaveTextContent('This is a test of: Any problem is observed');
    expect(api.state.writes).toEqual([{ path: '/send_test_notification', body: { company_id: 3, notification_id: 2, channel: 'teams' } }]);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Channel' }), 'slack');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    expect(await within(dialog).findByText('Delivered to Slack')).toBeInTheDocument();
    expect(dialog).toHaveTextContent("The channel's answer: ok");
  });

  it('a Regular user may not test or delete a colleague\'s automation, nor retry a dead letter', async () => {
    signInAs({ role: 'Regular', userId: 9 });
    server.use(
      ...automationsApi({
        notifications: FIELD_AUTOMATIONS,
        deliveries: [delivery({ delivery_id: 1, status: 'dead', attempts: 5, last_error: 'connect ETIMEDOUT', answer: null, sent_at: null })],
      }).handlers,
    );
    renderPage(<AutomationsPage />);

    await screen.findByText('Aphids is observed');
    expect(within(automation(/Aphids/)).queryByRole('button', { name: /Send a test|Delete/ })).toBeNull();
    expect(automation(/Aphids/)).toHaveTextContent('only they or an Admin can test or delete it');
    expect(within(automation(/thrips/)).getByRole('button', { name: /^Delete/ })).toBeInTheDocument();

    const row = await screen.findByTestId('delivery');
    expect(row).toHaveTextContent('Error: connect ETIMEDOUT');
    expect(within(row).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(row).toHaveTextContent('An Admin can retry it.');
  });
});
