import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ObservationListItem } from '@verdant/contract';
import ObservationsPage from '../components/observations-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

/** GET /image answers a Blob, which jsdom's XMLHttpRequest cannot build from a mock: the client function is replaced. */
const fetchImage = vi.hoisted(() => vi.fn<(url: string) => Promise<Blob>>());
vi.mock('../../../api/rooms', async (original) => ({ ...(await original<typeof import('../../../api/rooms')>()), fetchImage }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  fetchImage.mockReset().mockResolvedValue(new Blob([new Uint8Array([1])], { type: 'image/webp' }));
});

const T = '2026-03-02T12:00:00.000Z';
const url = (name: string) => `/api/image?key=company-3%2Fform-responses%2F${name}.webp`;
const obs = (id: number, more: Partial<ObservationListItem> = {}): ObservationListItem => ({
  ProblemID: id, Problem: 'Aphids', Severity: 2, Status: 'open', RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Bench A',
  GridBoxID: 301, BoxName: '2,4', ResponseID: 500 + id, ObservedAt: T, ObservedBy: 7, ObservedByName: 'Ada Grower', Source: 'form', photos: [], ...more,
});

describe('Observations photos', () => {
  it('shows the thumbnails of the response an observation came from and opens the viewer', async () => {
    signInAs({ companyId: 3, userId: 7 });
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [] })),
      http.get(`${API}/get_problem_color_mappings`, () => HttpResponse.json({ status: 'success', mappings: [] })),
      http.get(`${API}/get_problem_observations`, () =>
        HttpResponse.json({
          status: 'success', total_count: 2, limit: 50, offset: 0,
          observations: [obs(1, { photos: [{ image_url: url('a'), thumb_url: url('a-thumb'), FieldName: 'Leaf' }] }), obs(2, { Problem: 'Thrips' })],
        }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/observations', element: <ObservationsPage /> }], '/dashboard/observations');
    const thumb = await screen.findByRole('button', { name: /^Open photo 1 of 1: Leaf photo from Aphids, / });
    expect(screen.getAllByRole('list', { name: '1 photo' })).toHaveLength(1);
    expect(fetchImage).toHaveBeenCalledWith(url('a-thumb'));
    await user.click(thumb);
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    expect(within(viewer).getByText('1 of 1')).toBeInTheDocument();
    expect(await within(viewer).findByRole('img', { name: /^Leaf photo from Aphids/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Photo viewer' })).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();
  });
});
