import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import RoomPage from '../../map/components/room-page';
import UnresolvedRoomPage from '../components/unresolved-room-page';
import { renderRoutes } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { db } from '../../../../offline/db';
import { makeObservation, makeRoom } from '../../../../testing/room-fixtures';
import { stubCanvas } from '../../__tests__/canvas-stub';
import { gapFor, guttersFor } from '../../lib/map-geometry';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await db.offlineFormResponses.clear();
  await db.offlineFieldResponses.clear();
});
afterAll(() => server.close());

const T = '2026-01-05T08:00:00.000Z';
const field = (FieldID: number, FieldName: string, FieldType: string, extra: Record<string, unknown> = {}) => ({
  FieldID, TemplateID: 90, FieldName, FieldType, FieldOptions: [], IsRequired: false, IsActive: true, CSSClass: '', report_id: null, Position: FieldID, HideUntil: null, ...extra,
});
const template = (TemplateID: number, TemplateName: string, DefaultForType: string | null, fields: unknown[]) => ({
  TemplateID, TemplateName, CompanyID: 3, CreatedAt: T, UpdatedAt: T, FormCategory: DefaultForType ?? 'scouting', PageCSS: '', DefaultForType, DeletedAt: null, fields,
});

/** Everything the room page reads; calls this test does not care about answer 404. */
function roomApi(opts: { problems?: ReturnType<typeof makeObservation>[] } = {}) {
  const writes: Array<{ path: string; body: unknown }> = [];
  const room = makeRoom();
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room] })),
    http.get(`${API}/get_unresolved_problems_for_grid_circles`, () =>
      HttpResponse.json({
        status: 'success',
        data: {
          GridID: 21,
          Boxes: [
            { GridBoxID: 2_100_004, x: 4, y: 1, circles: [{ Problem: 'Thrips', count: 2, max_severity: 3, last_observed_at: T, Color: '#eab308', Abbreviation: 'TH' }] },
          ],
        },
      }),
    ),
    http.get(`${API}/get_unresolved_problems_for_room`, () =>
      HttpResponse.json({ status: 'success', RoomID: 11, problems: opts.problems ?? [], summary: [] }),
    ),
    http.get(`${API}/get_problem_color_mappings`, () => HttpResponse.json({ status: 'success', mappings: [] })),
    http.get(`${API}/get_form_templates`, () =>
      HttpResponse.json({
        status: 'success',
        templates: [
          template(90, 'Scouting', 'scouting', [field(1, 'Notes', 'text')]),
          template(91, 'Coordinates', 'multiselect', [field(5, 'Coordinates', 'coordinates', { TemplateID: 91 }), field(6, 'Stage', 'select', { TemplateID: 91, FieldOptions: ['Young', 'Flowering'], IsRequired: true })]),
        ],
      }),
    ),
    http.post(`${API}/submit_form_boxes`, async ({ request }) => {
      const body = await request.json();
      writes.push({ path: 'submit_form_boxes', body });
      return HttpResponse.json({ status: 'success', message: 'Form submitted for 2 grid boxes.', TemplateID: 91, response_ids: [1, 2], responses: [], observations_created: 0 });
    }),
    http.post(`${API}/manage_problems_by_type_room`, async ({ request }) => {
      const body = await request.json();
      writes.push({ path: 'manage_problems_by_type_room', body });
      return HttpResponse.json({ status: 'success', message: 'Problems resolved.', action: 'resolve', affected: 2, ProblemIDs: [41, 42] });
    }),
    http.all(`${API}/*`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
  );
  return { writes, room };
}

describe('room map scouting', () => {
  it('shows the legend of the problems present and links to the open problems', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    roomApi({ problems: [makeObservation(41), makeObservation(42)] });
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], '/dashboard/rooms/11');
    const legend = await screen.findByRole('list', { name: 'Problems in this room' });
    expect(within(legend).getByText(/Thrips/)).toBeInTheDocument();
    expect(within(legend).getByText('(1 box)')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '2 open problems: manage' })).toHaveAttribute('href', '/dashboard/rooms/unresolvedRoom/11');
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Show problems' }));
    expect(screen.queryByRole('list', { name: 'Problems in this room' })).not.toBeInTheDocument();
  });

  it('selects boxes by tapping and submits one form for all of them (GridBoxIDs as strings, numeric fieldID)', async () => {
    signInAs({ userId: 7, companyId: 3 });
    stubCanvas();
    const api = roomApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/rooms/:roomID', element: <RoomPage /> }], '/dashboard/rooms/11');
    await user.click(await screen.findByRole('button', { name: 'Select boxes' }));
    const map = screen.getByRole('application', { name: 'Grid A, 10 columns by 20 rows' });
    const overlay = map.querySelectorAll('canvas')[1]!;
    // The centre of box X, Y: past the label gutters, at the fitted box size the map reports.
    const cell = Number(map.dataset.cell);
    const gap = gapFor(cell);
    const { left, top } = guttersFor(20);
    const at = (x: number, y: number) => ({ clientX: left + gap + (x - 1) * (cell + gap) + cell / 2, clientY: top + gap + (y - 1) * (cell + gap) + cell / 2 });
    fireEvent.click(overlay, at(1, 1));
    fireEvent.click(overlay, at(5, 2));
    expect(screen.getByText('2 boxes selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fill in a form for 2 boxes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Form for 2 boxes' });
    expect(await within(dialog).findByLabelText('Form')).toHaveDisplayValue('Coordinates (default)');
    expect(within(dialog).getByRole('textbox', { name: /^Coordinates/ })).toHaveValue('1,1; 5,2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Stage/ }), 'Flowering');
    await user.click(within(dialog).getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(api.writes).toEqual([
      {
        path: 'submit_form_boxes',
        body: expect.objectContaining({
          GridBoxIDs: ['2100001', '2100015'],
          submittedBy: 7,
          templateID: 91,
          fieldResponses: [
            { fieldID: 5, inputData: '1,1; 5,2' },
            { fieldID: 6, inputData: 'Flowering' },
          ],
        }),
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selecting boxes' })).not.toBeInTheDocument());
  });
});

describe('unresolved room page', () => {
  it('groups open problems by type and grid and resolves a type in the room after confirming how many change', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const api = roomApi({
      problems: [makeObservation(41), makeObservation(42, { GridBoxID: 2_100_003 }), makeObservation(43, { Problem: 'Aphids', Severity: 1 })],
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/rooms/unresolvedRoom/:roomID', element: <UnresolvedRoomPage /> }], '/dashboard/rooms/unresolvedRoom/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open problems in Bay 1' })).toBeInTheDocument();
    const thrips = screen.getByRole('region', { name: 'Thrips' });
    expect(within(thrips).getByText(/2 observations · severity 3/)).toBeInTheDocument();
    expect(within(thrips).getByText('2 observations · 2 boxes with problems')).toBeInTheDocument();

    await user.click(within(thrips).getByRole('button', { name: 'Resolve Thrips in Bay 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resolve 2 observations?' });
    expect(confirm).toHaveTextContent('This resolves 2 open observations: Thrips in Bay 1.');
    expect(api.writes).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Resolve 2' }));
    expect(await screen.findByText('2 observations resolved.')).toBeInTheDocument();
    expect(api.writes).toEqual([{ path: 'manage_problems_by_type_room', body: { roomID: 11, problemType: 'Thrips', action: 'resolve', userID: 7 } }]);
  });

  it('says so when the room has nothing open', async () => {
    signInAs({ userId: 7, companyId: 3 });
    roomApi();
    renderRoutes([{ path: '/dashboard/rooms/unresolvedRoom/:roomID', element: <UnresolvedRoomPage /> }], '/dashboard/rooms/unresolvedRoom/11');
    expect(await screen.findByText('No open problems in this room')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the map' })).toHaveAttribute('href', '/dashboard/rooms/11');
  });
});

describe('unresolved-problem client functions', () => {
  it("need their ids: 'Gridbox ID is required' and 'Room ID is required'", async () => {
    const { getUnresolvedProblemsForGridbox, getUnresolvedProblemsForRoom } = await import('../../../../api/unresolved-problems');
    await expect(getUnresolvedProblemsForGridbox(undefined)).rejects.toThrow('Gridbox ID is required');
    await expect(getUnresolvedProblemsForRoom(null)).rejects.toThrow('Room ID is required');
  });
});
