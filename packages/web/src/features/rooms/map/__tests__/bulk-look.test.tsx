import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bulkMessages, bulkRefusals, MAX_SUBMIT_BOXES, type BulkChange, type RoomWithGrids } from '@verdant/contract';
import RoomPage from '../components/room-page';
import { SelectionBar } from '../components/selection-bar';
import { renderPage, renderRoutes } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeRoom } from '../../../../testing/room-fixtures';
import { stubCanvas } from '../../__tests__/canvas-stub';
import { gapFor, guttersFor } from '../../lib/map-geometry';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-01-05T08:00:00.000Z';

/** The room as the server holds it (changed by the bulk calls), and the calls made with their Idempotency-Keys. */
function roomApi(opts: { refuse?: number } = {}) {
  let room: RoomWithGrids = makeRoom();
  let before: RoomWithGrids | null = null;
  const calls: Array<{ path: string; body: Record<string, unknown>; key: string }> = [];
  const change = (ids: number[], undone = false): BulkChange => ({
    change_id: 41, kind: 'grid_boxes', action: 'update', count: ids.length, ids, created_at: T, undone_at: undone ? T : null,
  });
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
    http.post(`${API}/bulk/grid_boxes`, async ({ request }) => {
      const body = (await request.json()) as { GridBoxIDs: number[]; Status?: string | null; Color?: string | null };
      calls.push({ path: 'grid_boxes', body, key: request.headers.get('Idempotency-Key') ?? '' });
      if (opts.refuse) return HttpResponse.json({ status: 'error', message: bulkRefusals.boxMissing(opts.refuse), error: 'not_found' }, { status: 404 });
      before = room;
      const chosen = new Set(body.GridBoxIDs);
      room = {
        ...room,
        grids: room.grids.map((g) => ({
          ...g,
          grid_boxes: g.grid_boxes.map((b) =>
            chosen.has(b.id) ? { ...b, ...(body.Status !== undefined ? { Status: body.Status } : {}), ...(body.Color !== undefined ? { Color: body.Color } : {}) } : b,
          ),
        })),
      };
      return HttpResponse.json({ status: 'success', message: bulkMessages.boxesChanged, change: change(body.GridBoxIDs) });
    }),
    http.post(`${API}/bulk/undo`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ path: 'undo', body, key: request.headers.get('Idempotency-Key') ?? '' });
      room = before ?? room;
      return HttpResponse.json({ status: 'success', message: bulkMessages.undone, change: change([], true) });
    }),
    http.all(`${API}/*`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
  );
  return { calls };
}

async function chooseTwoBoxes(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Select boxes' }));
  const map = screen.getByRole('application', { name: 'Grid A, 10 columns by 20 rows' });
  const overlay = map.querySelectorAll('canvas')[1]!;
  const cell = Number(map.dataset.cell);
  const gap = gapFor(cell);
  const { left, top } = guttersFor(20);
  const at = (x: number, y: number) => ({ clientX: left + gap + (x - 1) * (cell + gap) + cell / 2, clientY: top + gap + (y - 1) * (cell + gap) + cell / 2 });
  fireEvent.click(overlay, at(4, 1));
  fireEvent.click(overlay, at(5, 2));
  expect(screen.getByText('2 boxes selected')).toBeInTheDocument();
}

describe('changing many boxes from the room map', () => {
  it('sets the status of the chosen boxes in one keyed request, shows it under the map, and undoes it', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    const api = roomApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], '/dashboard/rooms/11');
    await chooseTwoBoxes(user);

    await user.click(screen.getByRole('button', { name: 'Set status or colour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change 2 boxes' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 boxes' }));
    expect(within(dialog).getByText('Type the status to set, or choose Keep or Clear.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.click(within(dialog).getByLabelText('New status'));
    await user.paste('Flowering');
    await user.click(within(dialog).getByRole('radio', { name: 'Set', checked: false }));
    await user.click(within(dialog).getByRole('button', { name: '#DC2626' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 boxes' }));

    expect(await screen.findByText('Changed 2 boxes.', { selector: 'p' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({ company_id: 3, GridBoxIDs: [2_100_004, 2_100_015], Status: 'Flowering', Color: '#DC2626' });
    expect(api.calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const legend = await screen.findByRole('list', { name: 'Box statuses' });
    expect(legend).toHaveTextContent('Flowering · 2 boxes');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone: the boxes are back as they were.')).toBeInTheDocument();
    expect(api.calls[1]).toMatchObject({ path: 'undo', body: { company_id: 3, change_id: 41 } });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Box statuses' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  }, 30_000);

  it("shows the server's refusal naming the box, and changes nothing", async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    roomApi({ refuse: 2_100_004 });
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], '/dashboard/rooms/11');
    await chooseTwoBoxes(user);
    await user.click(screen.getByRole('button', { name: 'Set status or colour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change 2 boxes' });
    await user.click(within(dialog).getAllByRole('radio', { name: 'Clear' })[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 boxes' }));
    expect(await within(dialog).findByText('Grid box 2100004 not found; nothing was changed.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Box statuses' })).not.toBeInTheDocument();
  }, 30_000);

  it('past the form limit, a form and a treatment are held back and said why; a status or colour change still goes', async () => {
    const noop = () => undefined;
    renderPage(
      <SelectionBar mode="Area" onMode={noop} count={MAX_SUBMIT_BOXES + 1} onClear={noop} onFill={noop} onTreat={noop} onLook={noop} applied={null} onUndo={noop} undoing={false} online onDone={noop} />,
    );
    expect(await screen.findByRole('button', { name: `Fill in a form for ${MAX_SUBMIT_BOXES + 1} boxes` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Apply a treatment to ${MAX_SUBMIT_BOXES + 1} boxes` })).toBeDisabled();
    expect(screen.getByText(`At most ${MAX_SUBMIT_BOXES} boxes can share one form. Submit these first, then select more.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set status or colour' })).toBeEnabled();
  });
});
