import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BatchTimelineCard } from '../components/batch-timeline-card';
import { buildTimeline } from '../lib/timeline';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeBatch } from './fixtures';

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

const url = (name: string) => `/api/image?key=company-3%2Fform-responses%2F${name}.webp`;
const response = (id: number, at: string, photos: number) => ({
  response_id: id, template_id: 4, template_name: 'Leaf check', kind: 'box', status: 'open', room_id: 11, grid_id: 21, grid_box_id: 301,
  batch_id: null, submitted_by: 7, submitted_at: at, observed_at: at,
  photos: Array.from({ length: photos }, (_, i) => ({ image_url: url(`${id}-${i}`), thumb_url: url(`${id}-${i}-thumb`), FieldName: 'Leaf' })),
});

describe('Batch timeline photos', () => {
  it('adds an event with thumbnails for each response with photos, in time order', async () => {
    signInAs({ companyId: 3, userId: 7 });
    const batch = makeBatch();
    const seen: string[] = [];
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [] })),
      http.get(`${API}/get_batch_form_responses`, ({ request }) => {
        seen.push(new URL(request.url).searchParams.get('batch_id') ?? '');
        return HttpResponse.json({ status: 'success', responses: [response(7, '2026-02-10T09:00:00.000Z', 2), response(8, '2026-02-11T09:00:00.000Z', 0)] });
      }),
    );
    const user = userEvent.setup();
    renderPage(<BatchTimelineCard companyId={3} batch={batch} statusTimeline={[]} moves={[]} problems={[]} />);
    const event = (await screen.findByText('2 photos taken: Leaf check')).closest('li')!;
    expect(seen).toEqual([String(batch.BatchID)]);
    expect(screen.queryByText(/photo taken/)).not.toBeInTheDocument();
    const thumbs = within(event).getAllByRole('button');
    expect(thumbs).toHaveLength(2);
    await user.click(thumbs[0]!);
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    expect(within(viewer).getByText('1 of 2')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('2 of 2')).toBeInTheDocument();
  });

  it('builds photo events only for responses that have photos', () => {
    const batch = makeBatch({ CreatedAt: '2026-01-01T00:00:00.000Z' });
    const events = buildTimeline({ batch, statusTimeline: [], moves: [], problems: [], responses: [response(7, '2026-02-10T09:00:00.000Z', 1), response(8, '2026-02-11T09:00:00.000Z', 0)] });
    expect(events.map((e) => e.kind)).toEqual(['photos', 'created']);
    expect(events[0]).toMatchObject({ kind: 'photos', responseId: 7, form: 'Leaf check', at: '2026-02-10T09:00:00.000Z' });
  });
});
