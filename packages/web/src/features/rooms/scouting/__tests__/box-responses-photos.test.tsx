import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { FormResponse } from '@verdant/contract';
import { BoxResponses } from '../components/box-responses';
import { renderPage } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';

/** GET /image answers a Blob, which jsdom's XMLHttpRequest cannot build from a mock: the client function is replaced. */
const fetchImage = vi.hoisted(() => vi.fn<(url: string) => Promise<Blob>>());
vi.mock('../../../../api/rooms', async (original) => ({ ...(await original<typeof import('../../../../api/rooms')>()), fetchImage }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  fetchImage.mockReset().mockResolvedValue(new Blob([new Uint8Array([1])], { type: 'image/webp' }));
});

const T = '2026-03-02T12:00:00.000Z';
const box = makeRoom().grids[0]!.grid_boxes[1]!;
const url = (name: string) => `/api/image?key=company-3%2Fform-responses%2F${name}.webp`;
const response: FormResponse = {
  response_id: 41, TemplateID: 4, TemplateName: 'Leaf check', FormCategory: 'scouting', kind: 'box', RoomID: 11, GridID: 21, GridBoxID: box.id,
  Sub_gridboxID: null, x: 2, y: 1, SubmittedBy: 7, SubmittedByName: 'Ada Grower', SubmittedAt: T, ObservedAt: T, status: 'open',
  image_url: url('a'), thumb_url: url('a-thumb'), comment_count: 0,
  fieldResponses: [
    { field_response_id: 1, fieldID: 1, FieldName: 'Problem', FieldType: 'problem', inputData: 'Aphids' },
    { field_response_id: 2, fieldID: 2, FieldName: 'Top', FieldType: 'photo', inputData: url('a') },
    { field_response_id: 3, fieldID: 3, FieldName: 'Underside', FieldType: 'photo', inputData: url('b') },
  ],
  photos: [
    { image_url: url('a'), thumb_url: url('a-thumb'), FieldName: 'Top' },
    { image_url: url('b'), thumb_url: url('b-thumb'), FieldName: 'Underside' },
  ],
};

describe('BoxResponses photos', () => {
  it('shows each response’s photos as thumbnails instead of the word, and opens them full screen', async () => {
    signInAs({ companyId: 3, userId: 7 });
    server.use(http.get(`${API}/get_field_responses_by_gridbox`, () => HttpResponse.json({ status: 'success', GridBoxID: box.id, total: 1, responses: [response] })));
    const user = userEvent.setup();
    renderPage(<BoxResponses box={box} />);
    const list = await screen.findByRole('list', { name: 'Forms' });
    expect(within(list).getByText('Aphids')).toBeInTheDocument();
    expect(within(list).queryByText('Photo')).not.toBeInTheDocument();
    expect(within(list).queryByText('Top')).not.toBeInTheDocument();
    const photos = within(list).getByRole('list', { name: '2 photos' });
    const thumbs = within(photos).getAllByRole('button');
    expect(thumbs).toHaveLength(2);
    expect(thumbs[1]).toHaveAccessibleName(expect.stringMatching(/^Open photo 2 of 2: Underside photo from Leaf check, /));
    expect(fetchImage.mock.calls.map(([u]) => u).sort()).toEqual([url('a-thumb'), url('b-thumb')]);

    await user.click(thumbs[1]!);
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    expect(within(viewer).getByText('2 of 2')).toBeInTheDocument();
    expect(await within(viewer).findByRole('img', { name: /^Underside photo from Leaf check/ })).toHaveAttribute('src', 'blob:photo');
    expect(fetchImage).toHaveBeenCalledWith(url('b'));
  });
});
