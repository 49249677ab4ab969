import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ScoutingOverdueCard } from '../components/scouting-overdue-card';
import { renderPage } from '../../../testing/render';
import { server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { coverageRow, scoutingCoverageHandlers } from '../../../testing/scouting-coverage-handlers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('ScoutingOverdueCard', () => {
  it('lists the overdue rooms, most overdue boxes first, each opening its map', async () => {
    signInAs({ role: 'Regular' });
    server.use(
      ...scoutingCoverageHandlers({
        rooms: [
          coverageRow({ RoomID: 1, Name: 'Bay 1' }),
          coverageRow({ RoomID: 2, Name: 'Bay 2', boxes_overdue: 3, overdue: true }),
          coverageRow({ RoomID: 3, Name: 'Bay 3', boxes_overdue: 8, overdue: true }),
        ],
      }).handlers,
    );
    renderPage(<ScoutingOverdueCard companyId={3} />, '/dashboard/overview');
    const first = await screen.findByRole('link', { name: 'Bay 3: 8 of 10 boxes overdue' });
    expect(first).toHaveAttribute('href', '/dashboard/rooms/3');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links.slice(0, 2)).toEqual(['Bay 3: 8 of 10 boxes overdue', 'Bay 2: 3 of 10 boxes overdue']);
    expect(screen.queryByText(/Bay 1/)).not.toBeInTheDocument();
  });

  it('says every room is on time, or leads to the settings when no frequency is set', async () => {
    signInAs({ role: 'Regular' });
    server.use(...scoutingCoverageHandlers({ rooms: [coverageRow({ RoomID: 1 })] }).handlers);
    const { unmount } = renderPage(<ScoutingOverdueCard companyId={3} />, '/dashboard/overview');
    expect(await screen.findByText('Every room is scouted within its frequency.')).toBeInTheDocument();
    unmount();

    server.use(...scoutingCoverageHandlers({ rooms: [coverageRow({ RoomID: 1, due_every_days: null })] }).handlers);
    renderPage(<ScoutingOverdueCard companyId={3} />, '/dashboard/overview');
    expect(await screen.findByRole('link', { name: 'Open the settings' })).toHaveAttribute('href', '/dashboard/settings');
  });
});
