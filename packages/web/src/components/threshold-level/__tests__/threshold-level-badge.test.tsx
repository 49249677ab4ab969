import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RoomThresholdBadge } from '../threshold-level-badge';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const levels = () => {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/get_room_threshold_levels`, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('company_id') ?? '');
      return HttpResponse.json({ status: 'success', rooms: [{ room_id: 11, room_name: 'Bay 1', level: 'red', problems: ['Thrips'] }] });
    }),
  );
  return asked;
};

describe('RoomThresholdBadge', () => {
  it("says a room's level in words, and nothing for a green room", async () => {
    signInAs({ role: 'Regular' });
    const asked = levels();
    renderPage(
      <>
        <RoomThresholdBadge companyId={3} roomId={11} />
        <p>Room 12:</p>
        <RoomThresholdBadge companyId={3} roomId={12} />
      </>,
    );
    expect(await screen.findByText('Red: Thrips over threshold')).toBeInTheDocument();
    expect(screen.getAllByText(/over threshold/)).toHaveLength(1);
    expect(asked).toEqual(['3']);
  });

  it("is not asked for a consultant, who sees only the rooms shared with them", () => {
    signInAs({ role: 'Consultant' });
    const asked = levels();
    renderPage(<RoomThresholdBadge companyId={3} roomId={11} />);
    expect(screen.queryByText(/threshold/)).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
