import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AutomationsPage from '../components/automations-page';
import { renderPage } from '../../../testing/render';
import { server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { automationsApi, delivery, notification } from './automations-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const DEAD = delivery({
  delivery_id: 2,
  notification_id: 1,
  channel: 'slack',
  target: 'https://hooks.slack.com/…Xy12',
  status: 'dead',
  attempts: 5,
  last_error: 'Slack answered 500',
  answer: null,
  sent_at: null,
});

describe('Delivery log', () => {
  it('filters by status, and an Admin retries a dead letter', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = automationsApi({
      notifications: [notification({ notification_id: 1, problem_type: 'Aphids', dead_deliveries: 1 })],
      deliveries: [delivery({ delivery_id: 1 }), DEAD],
    });
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    const log = within(await screen.findByRole('list', { name: 'Delivery log' }));
    expect(log.getAllByTestId('delivery')).toHaveLength(2);
    expect(log.getAllByTestId('delivery')[0]).toHaveTextContent('Problem observed: Aphids in Room 1');
    expect(log.getAllByTestId('delivery')[0]).toHaveTextContent('Answer: 250 2.0.0 queued');

    await user.selectOptions(screen.getByLabelText('Status'), 'dead');
    await waitFor(() => expect(screen.getAllByTestId('delivery')).toHaveLength(1));
    expect(api.state.deliveryQueries.at(-1)?.get('status')).toBe('dead');
    const dead = screen.getByTestId('delivery');
    expect(dead).toHaveTextContent('Dead letter');
    expect(dead).toHaveTextContent('Error: Slack answered 500');
    expect(dead).toHaveTextContent('5 attempts');

    await user.click(within(dead).getByRole('button', { name: 'Retry the delivery to https://hooks.slack.com/…Xy12' }));
    expect(await screen.findByText('Delivery queued again.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/retry_notification_delivery', body: { company_id: 3, delivery_id: 2 } }]);
    expect(await screen.findByText('No dead letters')).toBeInTheDocument();
  });

  it('pages go by 20', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const many = Array.from({ length: 24 }, (_, i) => delivery({ delivery_id: 10 + i, notification_id: 5 }));
    const api = automationsApi({ deliveries: [DEAD, ...many] });
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    expect(await screen.findByText('1–20 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('21–25 of 25')).toBeInTheDocument();
    expect(api.state.deliveryQueries.at(-1)?.get('page')).toBe('2');
  });

  it("an automation's dead-letter badge shows only its dead letters", async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = automationsApi({
      notifications: [notification({ notification_id: 1, problem_type: 'Aphids', dead_deliveries: 1 })],
      deliveries: [DEAD, delivery({ delivery_id: 3, notification_id: 5, status: 'dead' }), delivery({ delivery_id: 4, notification_id: 1 })],
    });
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<AutomationsPage />);

    expect(await screen.findByText('1–3 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show dead letters of “Aphids is observed”' }));
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    const q = api.state.deliveryQueries.at(-1)!;
    expect([q.get('notification_id'), q.get('status'), q.get('page')]).toEqual(['1', 'dead', '1']);
    expect(screen.getByText('Only “Aphids is observed”')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show every automation' }));
    expect(await screen.findByText('1–2 of 2')).toBeInTheDocument();
    expect(api.state.deliveryQueries.at(-1)?.get('notification_id')).toBeNull();
  });

  it('follows a delivery still on its way until it is sent', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = automationsApi({ deliveries: [delivery({ delivery_id: 1, status: 'pending', answer: null, sent_at: null, attempts: 0 })] });
    server.use(...api.handlers);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPage(<AutomationsPage />);
      expect(await screen.findByText('Waiting', { selector: 'span' })).toBeInTheDocument();
      api.state.deliveries[0] = { ...api.state.deliveries[0]!, status: 'sent', attempts: 1, answer: '250 ok', sent_at: '2026-11-25T09:00:05Z' };
      await vi.advanceTimersByTimeAsync(5000);
      expect(await screen.findByText('Answer: 250 ok')).toBeInTheDocument();
      expect(within(screen.getByTestId('delivery')).getByText('Sent')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
