import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ThresholdsCard } from '../components/thresholds-card';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('ThresholdsCard', () => {
  it('lists the rooms over a threshold, red first, the level in words, each opening its map', async () => {
    signInAs({ role: 'Regular' });
    server.use(
      http.get(`${API}/get_room_threshold_levels`, () =>
        HttpResponse.json({
          status: 'success',
          rooms: [
            { room_id: 1, room_name: 'Bay 1', level: 'amber', problems: ['Aphids'] },
            { room_id: 2, room_name: 'Bay 2', level: 'red', problems: ['Thrips', 'Whitefly'] },
          ],
        }),
      ),
    );
    renderPage(<ThresholdsCard companyId={3} />, '/dashboard/overview');
    const red = await screen.findByRole('link', { name: /Bay 2/ });
    expect(red).toHaveTextContent('Red: Thrips, Whitefly over thresholds');
    expect(red).toHaveAttribute('href', '/dashboard/rooms/2');
    expect(screen.getAllByRole('link').map((a) => a.textContent).slice(0, 2)).toEqual([
      'Bay 2Red: Thrips, Whitefly over thresholds',
      'Bay 1Amber: Aphids over threshold',
    ]);
  });

  it('says no room is over a threshold, and leads to the thresholds', async () => {
    signInAs({ role: 'Regular' });
    renderPage(<ThresholdsCard companyId={3} />, '/dashboard/overview');
    expect(await screen.findByText('No room is over a threshold')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Thresholds' })).toHaveAttribute('href', '/dashboard/thresholds');
  });
});
