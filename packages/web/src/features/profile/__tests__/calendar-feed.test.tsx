import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { calendarFeedMessages } from '@verdant/contract';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const companyId = 3;
const address = (n: number) => `https://verdant.example/api/calendar_feed/vcal_3_7_${String(n).repeat(43)}.ics`;
const render = () => renderRoutes([{ path: '/dashboard/profile', element: <CalendarFeedCard companyId={companyId} /> }], '/dashboard/profile');

describe('CalendarFeedCard', () => {
  it('turns the feed on, shows the address with a copy button', async () => {
    signInAs({ companyId });
    let url: string | null = null;
    server.use(
      http.get(`${API}/get_calendar_feed`, () => HttpResponse.json({ status: 'success', feed: { url, created_at: url ? '2026-11-29T08:00:00.000Z' : null } })),
      http.post(`${API}/regenerate_calendar_feed`, () => {
        url = address(1);
        return HttpResponse.json({ status: 'success', message: calendarFeedMessages.regenerated, feed: { url, created_at: '2026-11-29T08:00:00.000Z' } });
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Turn on calendar feed' }));
    expect(await screen.findByLabelText('Calendar feed address')).toHaveTextContent(address(1));
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(address(1));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('asks before making a new address, then shows it', async () => {
    signInAs({ companyId });
    let n = 1;
    server.use(
      http.get(`${API}/get_calendar_feed`, () => HttpResponse.json({ status: 'success', feed: { url: address(n), created_at: '2026-11-29T08:00:00.000Z' } })),
      http.post(`${API}/regenerate_calendar_feed`, () => {
        n = 2;
        return HttpResponse.json({ status: 'success', message: calendarFeedMessages.regenerated, feed: { url: address(2), created_at: '2026-11-29T09:00:00.000Z' } });
      }),
    );
    const user = userEvent.setup();
    render();
    expect(await screen.findByLabelText('Calendar feed address')).toHaveTextContent(address(1));
    await user.click(screen.getByRole('button', { name: 'New address' }));
    const dialog = screen.getByRole('dialog', { name: 'Make a new address?' });
    expect(dialog).toHaveTextContent('stop updating');
    await user.click(within(dialog).getByRole('button', { name: 'New address' }));
    await waitFor(() => expect(screen.getByLabelText('Calendar feed address')).toHaveTextContent(address(2)));
    expect(await screen.findByText(calendarFeedMessages.regenerated)).toBeInTheDocument();
  });

  it('asks before turning the feed off, then says it is off', async () => {
    signInAs({ companyId });
    server.use(
      http.get(`${API}/get_calendar_feed`, () => HttpResponse.json({ status: 'success', feed: { url: address(1), created_at: '2026-11-29T08:00:00.000Z' } })),
      http.post(`${API}/revoke_calendar_feed`, () => HttpResponse.json({ status: 'success', message: calendarFeedMessages.revoked, feed: { url: null, created_at: null } })),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Turn the calendar feed off?' })).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(/Your calendar feed is off/)).toBeInTheDocument();
  });

  it('shows an error with a retry when the feed cannot be loaded', async () => {
    signInAs({ companyId });
    server.use(http.get(`${API}/get_calendar_feed`, () => HttpResponse.error()));
    render();
    expect(await screen.findByText(calendarFeedMessages.fetchFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
