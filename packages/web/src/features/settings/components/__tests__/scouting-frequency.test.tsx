import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ScoutingFrequencyCard, parseDays } from '../scouting-frequency-card';
import { renderPage } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';
import { scoutingCoverageHandlers } from '../../../../testing/scouting-coverage-handlers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('days field', () => {
  it('reads the days field: empty or 0 clears, 1–365 sets, anything else is refused', () => {
    expect(parseDays('')).toBe(0);
    expect(parseDays(' 7 ')).toBe(7);
    expect(parseDays('365')).toBe(365);
    expect(parseDays('366')).toBeNull();
    expect(parseDays('2.5')).toBeNull();
    expect(parseDays('-1')).toBeNull();
  });
});

describe('scouting frequency setting', () => {
  it('saves the company interval and a room’s own, and clears the room’s', async () => {
    signInAs({ role: 'Admin' });
    const api = scoutingCoverageHandlers();
    server.use(...api.handlers, http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [makeRoom({ roomId: 11, name: 'Bay 1' })] })));
    const user = userEvent.setup();
    renderPage(<ScoutingFrequencyCard companyId={3} readOnly={false} />, '/dashboard/settings');

    const days = await screen.findByLabelText('Every room, every … days');
    await user.type(days, '400');
    await user.click(screen.getByRole('button', { name: 'Save frequency' }));
    expect(await screen.findByText('Enter a whole number of days from 0 to 365.')).toBeInTheDocument();
    expect(api.writes).toEqual([]);

    await user.clear(days);
    await user.type(days, '7');
    await user.click(screen.getByRole('button', { name: 'Save frequency' }));
    expect(await screen.findByText('Scouting frequency saved.')).toBeInTheDocument();
    expect(api.writes).toEqual([{ company_id: 3, due_every_days: 7 }]);

    expect(screen.getByText('No room has its own frequency: every room follows the one above.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Give a room its own frequency' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: /Room/ }), 'Bay 1');
    await user.type(screen.getByRole('spinbutton', { name: /Days/ }), '3');
    const saves = screen.getAllByRole('button', { name: 'Save frequency' });
    await user.click(saves[saves.length - 1]!);
    expect(await screen.findByText('Room 11: every 3 days')).toBeInTheDocument();
    expect(api.writes[1]).toEqual({ company_id: 3, room_id: 11, due_every_days: 3 });

    await user.click(screen.getByRole('button', { name: "Remove Room 11's own frequency" }));
    await waitFor(() => expect(api.writes[2]).toEqual({ company_id: 3, room_id: 11, due_every_days: 0 }));
    expect(await screen.findByText('Scouting frequency cleared.')).toBeInTheDocument();
  });

  it('is read-only for a Regular user', async () => {
    signInAs({ role: 'Regular' });
    server.use(...scoutingCoverageHandlers({ due_every_days: 5 }).handlers);
    renderPage(<ScoutingFrequencyCard companyId={3} readOnly />, '/dashboard/settings');
    await waitFor(() => expect(screen.getByLabelText('Every room, every … days')).toHaveValue(5));
    expect(screen.getByLabelText('Every room, every … days')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save frequency' })).not.toBeInTheDocument();
  });
});
