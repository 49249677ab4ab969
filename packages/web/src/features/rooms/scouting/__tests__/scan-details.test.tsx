import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ScanDetailsToggle } from '../components/scan-details';
import { renderPage } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const details = {
  Name: 'Grid A', Scanned: true, ScannedDateTime: '2026-01-05T08:00:00.000Z', LastScannedBy: 9, LastScannedByName: 'Bo Picker',
  current_round: { round_id: 4, started_at: '2026-01-05T06:00:00.000Z', started_by: 7 },
  marks: [
    { mark_id: 41, scanned_at: '2026-01-05T07:00:00.000Z', user_id: 7, user_name: 'Ada Grower' },
    { mark_id: 42, scanned_at: '2026-01-05T08:00:00.000Z', user_id: 9, user_name: 'Bo Picker' },
  ],
  previous_rounds: [
    { round_id: 3, started_at: '2025-12-29T06:00:00.000Z', started_by: 7, last_mark: { mark_id: 30, scanned_at: '2025-12-30T09:00:00.000Z', user_id: 9, user_name: 'Bo Picker' } },
    { round_id: 2, started_at: '2025-12-22T06:00:00.000Z', started_by: 7, last_mark: null },
  ],
};

describe('ScanDetailsToggle', () => {
  it('loads the grid scan details only when opened and shows flag, marks of this round and earlier rounds', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const asked: string[] = [];
    server.use(
      http.get(`${API}/get_grid_scan_details`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ status: 'success', GridID: 21, ...details });
      }),
    );
    const user = userEvent.setup();
    renderPage(<ScanDetailsToggle kind="grid" id={21} name="Grid A" />);
    const toggle = await screen.findByRole('button', { name: 'Scouting details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(asked).toEqual([]);

    await user.click(toggle);
    const panel = await screen.findByRole('region', { name: 'Scouting of Grid A' });
    expect(asked).toEqual(['?grid_id=21']);
    expect(await within(panel).findByText('Scanned')).toBeInTheDocument();
    expect(within(panel).getAllByText(/by Bo Picker$/).length).toBeGreaterThanOrEqual(2);
    const marks = within(panel).getByRole('list', { name: 'Scan marks of this round' });
    expect(within(marks).getAllByRole('listitem')).toHaveLength(2);
    expect(marks).toHaveTextContent('by you');
    expect(marks).toHaveTextContent('by Bo Picker');
    const earlier = within(panel).getByRole('list', { name: 'Earlier rounds' });
    expect(within(earlier).getAllByRole('listitem')[1]).toHaveTextContent('not scanned');
    expect(screen.getByRole('button', { name: 'Hide scouting details' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says when the room details cannot be loaded (the call answers null on failure)', async () => {
    signInAs({ userId: 7, companyId: 3 });
    server.use(http.get(`${API}/get_room_scan_details`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })));
    const user = userEvent.setup();
    renderPage(<ScanDetailsToggle kind="room" id={11} name="Bay 1" />);
    await user.click(await screen.findByRole('button', { name: 'Scouting details' }));
    expect(await screen.findByText(/scouting details could not be loaded/)).toBeInTheDocument();
  });
});
