import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ActionThreshold, Notification } from '@verdant/contract';
import ThresholdsPage from '../components/thresholds-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-11-26T08:00:00.000Z';
const threshold = (patch: Partial<ActionThreshold> & { threshold_id: number }): ActionThreshold => ({
  problem: 'Thrips', room_id: null, room_name: null, crop_status: null, metric: 'count', window_hours: 24, amber: 2, red: 4,
  notification_id: null, create_task: false, assign_to: null, assign_to_name: null, level: 'green', created_at: T, updated_at: T, ...patch,
});
/** An automation to alert through: a problem-observed one with e-mail and Slack. */
const automation: Notification = {
  notification_id: 5, company_id: 3, user_id: 7, created_by: 7, kind: 'automation', method: 'email;slack', methods: ['email', 'slack'],
  trigger: 'problem_observed', problem_type: 'Thrips', email_recipient: 'ana@example.com', email_recipients: ['ana@example.com'],
  weekly_report: 0, report_duration_weeks: null, form_category: null, template_id: null, template_name: null, form_field_id: null,
  field_name: null, keyword: null, is_automation: 1, triggered_by: null, frequency: null, notification_time: null,
  slack_webhook_url: 'https://hooks.slack.com/…Xy12', teams_webhook_url: null, webhook_url: null, previous_secret_valid_until: null,
  created_at: T, dead_deliveries: 0,
};
const user = (user_id: number, first_name: string) => ({
  user_id, company_id: 3, first_name, last_name: 'Grower', email: `${first_name.toLowerCase()}@example.com`, user_role: 'Regular',
  location: null, created_at: '2025-01-01T00:00:00Z', active: true,
});

function thresholdsApi(initial: ActionThreshold[]) {
  const state = { thresholds: [...initial], saved: [] as Record<string, unknown>[], deleted: [] as string[] };
  server.use(
    http.get(`${API}/get_action_thresholds`, () => HttpResponse.json({ status: 'success', thresholds: state.thresholds })),
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [makeRoom({ nx: 2, ny: 1 })] })),
    http.get(`${API}/load_users`, () => HttpResponse.json({ status: 'success', users: [user(7, 'Ada'), user(9, 'Ben')] })),
    http.get(`${API}/get_notifications`, () =>
      HttpResponse.json({ status: 'success', notifications: [automation] }),
    ),
    http.post(`${API}/save_action_threshold`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.saved.push({ ...body, company_id: new URL(request.url).searchParams.get('company_id') });
      if (Number(body.red) === 99) {
        return HttpResponse.json({ status: 'error', message: 'The company has no task form to make the task with: add one under Forms first.', error: 'bad_request', field: 'create_task' }, { status: 400 });
      }
      const made = threshold({
        threshold_id: 50 + state.saved.length, problem: String(body.problem), amber: Number(body.amber), red: Number(body.red),
        window_hours: Number(body.window_hours), create_task: body.create_task === 1, assign_to: (body.assign_to as number | undefined) ?? null,
        assign_to_name: body.assign_to === 9 ? 'Ben Grower' : null,
      });
      state.thresholds = [...state.thresholds.filter((x) => x.threshold_id !== body.threshold_id), made];
      return HttpResponse.json({ status: 'success', message: 'Threshold saved.', threshold: made });
    }),
    http.delete(`${API}/delete_action_threshold`, async ({ request }) => {
      const url = new URL(request.url);
      const body = (await request.json().catch(() => ({}))) as { threshold_id?: number };
      const id = Number(url.searchParams.get('threshold_id') ?? body.threshold_id);
      state.deleted.push(String(id));
      state.thresholds = state.thresholds.filter((x) => x.threshold_id !== id);
      return HttpResponse.json({ status: 'success', message: 'Threshold deleted.', threshold_id: id });
    }),
  );
  return state;
}

describe('ThresholdsPage', () => {
  it('explains what a threshold does when there is none; an Admin is told what to fix, then saves one that makes a task', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = thresholdsApi([]);
    renderPage(<ThresholdsPage />);
    expect(await screen.findByText('No thresholds yet')).toBeInTheDocument();
    expect(screen.getByText(/A threshold watches one problem/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Automations' })).toHaveAttribute('href', '/dashboard/automations');

    await userEvent.click(screen.getByRole('button', { name: 'New threshold' }));
    const form = await screen.findByRole('form', { name: 'New threshold' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save threshold' }));
    expect(within(form).getByText('Name the problem to watch.')).toBeInTheDocument();
    expect(within(form).getAllByText('Enter a number above 0.')).toHaveLength(2);
    expect(within(form).getByLabelText(/Problem/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(within(form).getByLabelText(/Problem/), 'Thrips');
    await userEvent.type(within(form).getByLabelText(/Amber at/), '4');
    await userEvent.type(within(form).getByLabelText(/Red at/), '2');
    await userEvent.click(within(form).getByRole('switch', { name: 'Make a task when crossed' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save threshold' }));
    expect(within(form).getByText('Red must be at least the amber level.')).toBeInTheDocument();
    expect(within(form).getByText('Choose who gets the task.')).toBeInTheDocument();
    expect(api.saved).toEqual([]);

    await userEvent.clear(within(form).getByLabelText(/Amber at/));
    await userEvent.type(within(form).getByLabelText(/Amber at/), '2');
    await userEvent.clear(within(form).getByLabelText(/Red at/));
    await userEvent.type(within(form).getByLabelText(/Red at/), '4');
    await userEvent.selectOptions(within(form).getByLabelText(/Task for/), 'Ben Grower');
    await userEvent.selectOptions(within(form).getByLabelText('Alert through'), 'When Thrips is observed (e-mail, Slack)');
    await userEvent.click(within(form).getByRole('button', { name: 'Save threshold' }));

    expect(await screen.findByText('Threshold saved.')).toBeInTheDocument();
    expect(api.saved).toEqual([
      expect.objectContaining({ company_id: '3', problem: 'Thrips', metric: 'count', window_hours: 24, amber: 2, red: 4, notification_id: 5, create_task: 1, assign_to: 9 }),
    ]);
    const row = await screen.findByTestId('threshold');
    expect(row).toHaveTextContent('Amber at 2 observations in 24 h, red at 4');
    expect(row).toHaveTextContent('a task for Ben Grower');
    expect(within(row).getByText('Green: under threshold')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('puts a server refusal beside the field it names', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    thresholdsApi([]);
    renderPage(<ThresholdsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New threshold' }));
    const form = await screen.findByRole('form', { name: 'New threshold' });
    await userEvent.type(within(form).getByLabelText(/Problem/), 'Aphids');
    await userEvent.type(within(form).getByLabelText(/Amber at/), '1');
    await userEvent.type(within(form).getByLabelText(/Red at/), '99');
    await userEvent.click(within(form).getByRole('button', { name: 'Save threshold' }));
    expect(await within(form).findByText('The company has no task form to make the task with: add one under Forms first.')).toBeInTheDocument();
  });

  it('shows each level in words; a Regular user reads without edit or delete', async () => {
    signInAs({ role: 'Regular', userId: 9 });
    thresholdsApi([
      threshold({ threshold_id: 1, problem: 'Aphids', level: 'red', room_id: 11, room_name: 'Bay 1', notification_id: 5 }),
      threshold({ threshold_id: 2, problem: 'Mildew', metric: 'severity', amber: 3, red: 5, window_hours: 168, level: 'amber', crop_status: 'Flowering' }),
    ]);
    renderPage(<ThresholdsPage />);
    const [aphids, mildew] = await screen.findAllByTestId('threshold');
    expect(aphids).toHaveTextContent('Red: over the red level');
    expect(aphids).toHaveTextContent('Bay 1');
    expect(aphids).toHaveTextContent('Alerts through automation #5');
    expect(mildew).toHaveTextContent('Amber: over the amber level');
    expect(mildew).toHaveTextContent('Amber at severity 3 within 168 h, red at 5');
    expect(mildew).toHaveTextContent('All rooms · crop Flowering');
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New threshold' })).not.toBeInTheDocument();
    expect(screen.getByText('Only an Admin can add, change or delete thresholds.')).toBeInTheDocument();
  });

  it('an Admin changes a threshold in the form filled from it, and deletes one after confirming', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = thresholdsApi([threshold({ threshold_id: 1, problem: 'Aphids' }), threshold({ threshold_id: 2, problem: 'Mildew' })]);
    renderPage(<ThresholdsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the Aphids threshold' }));
    const form = await screen.findByRole('form', { name: 'Change the Aphids threshold' });
    expect(within(form).getByLabelText(/Amber at/)).toHaveValue('2');
    await userEvent.clear(within(form).getByLabelText(/Red at/));
    await userEvent.type(within(form).getByLabelText(/Red at/), '6');
    await userEvent.click(within(form).getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(api.saved).toEqual([expect.objectContaining({ threshold_id: 1, problem: 'Aphids', red: 6 })]));

    await userEvent.click(await screen.findByRole('button', { name: 'Delete the Mildew threshold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this threshold?' });
    expect(dialog).toHaveTextContent('The Mildew threshold stops alerting and badging rooms.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete threshold' }));
    expect(await screen.findByText('Threshold deleted.')).toBeInTheDocument();
    expect(api.deleted).toEqual(['2']);
    await waitFor(() => expect(screen.queryByText('Mildew')).not.toBeInTheDocument());
  });
});
