import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ObservationListItem } from '@verdant/contract';
import ObservationsPage from '../components/observations-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-03-02T12:00:00.000Z';
const suspected: ObservationListItem = {
  ProblemID: 9, Problem: 'Powdery mildew', Severity: 2, Status: 'suspected', RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Bench A',
  GridBoxID: 301, BoxName: '2,4', ResponseID: null, ObservedAt: T, ObservedBy: 7, ObservedByName: 'Ada Grower', Source: 'scan', Confidence: 0.824, photos: [],
};

describe('a suspected problem in the observations list (issue 18)', () => {
  it('shows it apart: its status, its confidence, and where to confirm or reject it instead of resolve', async () => {
    signInAs({ companyId: 3 });
    const asked: string[] = [];
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [] })),
      http.get(`${API}/get_problem_color_mappings`, () => HttpResponse.json({ status: 'success', mappings: [] })),
      http.get(`${API}/get_problem_observations`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('status') ?? '');
        return HttpResponse.json({ status: 'success', total_count: 1, limit: 50, offset: 0, observations: [suspected] });
      }),
    );
    renderRoutes([{ path: '/dashboard/observations', element: <ObservationsPage /> }], '/dashboard/observations?status=suspected');

    expect(await screen.findByText('82% confidence')).toBeInTheDocument();
    expect(screen.getAllByText('Suspected').length).toBeGreaterThan(0);
    expect(screen.getByText(/not yet confirmed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review Powdery mildew on its scan' })).toHaveAttribute('href', '/dashboard/scanHistory');
    expect(screen.queryByRole('button', { name: 'Resolve Powdery mildew' })).not.toBeInTheDocument();
    expect(asked).toContain('suspected');
  });
});
