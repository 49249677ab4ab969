import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BoxPanel } from '../components/box-panel';
import { movePlantBody } from '../../../../api/movement';
import { mergeSubGridbox, withoutSubGridbox } from '../../lib/sub-gridbox-list';
import { renderPage } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';
import { makeObservation, makeRoom, setOnline } from '../../../../testing/room-fixtures';
import { ActionQueueDatabase } from '../../../../offline/action-queue-store';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// The app's own outbox database (the hooks write it through api/action-queue).
const outbox = new ActionQueueDatabase();

const T = '2026-01-05T08:00:00.000Z';
const sub = (id: number, x: number, y: number, extra: Record<string, unknown> = {}) => ({
  Sub_gridboxID: id, ParentGridboxID: 2_100_002, CustomName: null, SubX: x, SubY: y, PlantID: id, plant_uid: `P-${id}`,
  Color: null, Status: null, Content: null, ImageName: null, display_name: `Sub-${x}-${y}`, deleted: false,
  CreatedDateTime: T, UpdatedDateTime: T, ...extra,
});

function boxApi(opts: { problems?: ReturnType<typeof makeObservation>[] } = {}) {
  const writes: Array<{ path: string; body: string }> = [];
  const box = makeRoom().grids[0]!.grid_boxes[1]!;
  let subs = [sub(1, 1, 1, { CustomName: 'Left' }), sub(2, 2, 1)];
  let problems = opts.problems ?? [];
  server.use(
    http.get(`${API}/get_unresolved_problems_for_gridbox`, () => HttpResponse.json({ status: 'success', GridBoxID: box.id, problems })),
    http.get(`${API}/get_problem_color_mappings`, () =>
      HttpResponse.json({ status: 'success', mappings: [{ id: 1, CompanyID: 3, Problem: 'Thrips', Color: '#eab308', Abbreviation: 'TH', updated_at: T }] }),
    ),
    http.get(`${API}/get_field_responses_by_gridbox`, () => HttpResponse.json({ status: 'success', GridBoxID: box.id, total: 0, responses: [] })),
    http.get(`${API}/get_field_responses_by_gridbox_date/stickytraps`, () => HttpResponse.json({ status: 'success', GridBoxID: box.id, responses: [] })),
    http.get(`${API}/get_unresolved_problems_for_grid_circles`, () => HttpResponse.json({ status: 'success', data: { GridID: 21, Boxes: [] } })),
    http.get(`${API}/get_unresolved_problems_for_room`, () => HttpResponse.json({ status: 'success', RoomID: 11, problems: [], summary: [] })),
    http.post(`${API}/manage_problem`, async ({ request }) => {
      const body = await request.text();
      writes.push({ path: 'manage_problem', body });
      const parsed = (body.startsWith('{') ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body))) as Record<string, string | number>;
      const id = Number(parsed.problemID);
      const action = String(parsed.action);
      const status = action === 'resolve' ? 'resolved' : action === 'dismiss' ? 'dismissed' : 'open';
      const problem = { ...makeObservation(id), Status: status, StatusChangedAt: T, StatusChangedBy: 7 };
      problems = status === 'open' ? [...problems, problem] : problems.filter((p) => p.ProblemID !== id);
      return HttpResponse.json({ status: 'success', message: 'Problem resolved.', action, problem });
    }),
    http.get(`${API}/get_sub_gridboxes`, () =>
      HttpResponse.json({
        status: 'success',
        parent_gridbox: { id: box.id, GridID: box.GridID, RoomID: 11, X: box.X, Y: box.Y, CustomName: box.CustomName, Color: null, Status: null, culled: false, display_name: 'Mother A' },
        total_count: subs.length,
        max_allowed: 100,
        sub_gridboxes: subs,
      }),
    ),
    http.get(`${API}/get_grid_templates`, () => HttpResponse.json({ status: 'success', templates: [] })),
    http.get(`${API}/get_plant_history_date`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
    http.post(`${API}/update_grid_box_name`, async ({ request }) => {
      const body = await request.text();
      writes.push({ path: 'update_grid_box_name', body });
      const name = new URLSearchParams(body).get('custom_name') ?? '';
      return HttpResponse.json({ status: 'success', message: 'Grid box renamed.', grid_box: { ...box, CustomName: name || null } });
    }),
    http.post(`${API}/update_culling_status`, async ({ request }) => {
      const body = await request.text();
      writes.push({ path: 'update_culling_status', body });
      return HttpResponse.json({
        status: 'success',
        message: 'Grid box culled.',
        grid_box: { ...box, culled: new URLSearchParams(body).get('culled') === '1', CulledDateTime: T, CulledBy: 7 },
      });
    }),
    http.delete(`${API}/delete_sub_gridbox`, async ({ request }) => {
      const body = (await request.json()) as { sub_gridbox_id: number };
      writes.push({ path: 'delete_sub_gridbox', body: JSON.stringify(body) });
      subs = subs.filter((s) => s.Sub_gridboxID !== body.sub_gridbox_id);
      return HttpResponse.json({ status: 'success', message: 'Sub-grid box deleted.', sub_gridbox_id: body.sub_gridbox_id, total_count: subs.length });
    }),
  );
  return { writes, box };
}

describe('BoxPanel', () => {
  it('renames a box (form GridBoxID, custom_name), an empty name included', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const api = boxApi();
    const user = userEvent.setup();
    renderPage(<BoxPanel box={api.box} gridName="Grid A" onClose={() => {}} onStartMove={() => {}} />);

    const name = await screen.findByLabelText('Box name');
    expect(name).toHaveValue('Mother A');
    await user.clear(name);
    await user.type(name, 'Mother B');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Box renamed to "Mother B".')).toBeInTheDocument();

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Box name cleared.')).toBeInTheDocument();
    expect(api.writes).toEqual([
      { path: 'update_grid_box_name', body: `GridBoxID=${api.box.id}&custom_name=Mother+B` },
      { path: 'update_grid_box_name', body: `GridBoxID=${api.box.id}&custom_name=` },
    ]);
  });

  it('culls a box only after confirming (form GridBoxID, user_id, culled=1), then Undo restores it (culled=0)', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const api = boxApi();
    const user = userEvent.setup();
    renderPage(<BoxPanel box={api.box} gridName="Grid A" onClose={() => {}} onStartMove={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Cull this box' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cull box Mother A?' });
    expect(api.writes).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Cull box' }));
    expect(await screen.findByText('Box culled.')).toBeInTheDocument();
    expect(api.writes).toEqual([{ path: 'update_culling_status', body: `GridBoxID=${api.box.id}&user_id=7&culled=1` }]);
    expect(screen.getByText('Mother A was culled.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Box restored.')).toBeInTheDocument();
    expect(api.writes[1]).toEqual({ path: 'update_culling_status', body: `GridBoxID=${api.box.id}&user_id=7&culled=0` });
  });

  it('lists sub-boxes by display name with total and max, an empty history on 404, and deletes after confirming', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const api = boxApi();
    const user = userEvent.setup();
    renderPage(<BoxPanel box={api.box} gridName="Grid A" onClose={() => {}} onStartMove={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Sub-boxes and plants' });
    expect(within(list).getByText('Left')).toBeInTheDocument();
    expect(within(list).getByText('Sub-2-1')).toBeInTheDocument();
    expect(screen.getByText('2 of at most 100 sub-boxes')).toBeInTheDocument();
    expect(await screen.findByText('Nothing has happened to this box yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Sub-2-1' }));
    await user.click(await screen.findByRole('button', { name: 'Delete sub-box' }));
    await waitFor(() => expect(screen.getByText('1 of at most 100 sub-boxes')).toBeInTheDocument());
    expect(api.writes).toEqual([{ path: 'delete_sub_gridbox', body: '{"sub_gridbox_id":2}' }]);
  });
});

describe('BoxPanel open problems', () => {
  it('lists the open problems and resolves, then reopens, one (manage_problem with problemID, action, userID)', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const api = boxApi({ problems: [makeObservation(41), makeObservation(42, { Problem: 'Aphids', Severity: 1 })] });
    const user = userEvent.setup();
    renderPage(<BoxPanel box={api.box} gridName="Grid A" onClose={() => {}} onStartMove={() => {}} />);

    const open = await screen.findByRole('list', { name: 'Open problems of this box' });
    expect(within(open).getByText('Thrips')).toBeInTheDocument();
    expect(within(open).getByText(/severity 3 · seen .* by Erin Grower/)).toBeInTheDocument();
    expect(screen.getByText('No forms filled in for this box yet. Use "Fill in a form" to record what you see.')).toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: 'Resolve Thrips' }));
    expect(await screen.findByText('Thrips resolved.')).toBeInTheDocument();
    await waitFor(() => expect(within(open).queryByText('Thrips')).not.toBeInTheDocument());
    const closed = screen.getByRole('list', { name: 'Closed just now' });
    expect(within(closed).getByText('Thrips · resolved')).toBeInTheDocument();

    await user.click(within(closed).getByRole('button', { name: 'Reopen Thrips' }));
    expect(await screen.findByText('Thrips reopened.')).toBeInTheDocument();
    await waitFor(() => expect(within(open).getByText('Thrips')).toBeInTheDocument());
    expect(api.writes.map((w) => [w.path, JSON.parse(w.body)])).toEqual([
      ['manage_problem', { problemID: 41, action: 'resolve', userID: 7 }],
      ['manage_problem', { problemID: 41, action: 'reopen', userID: 7 }],
    ]);
  });

  it('says what to do when the box has no open problems', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const api = boxApi();
    renderPage(<BoxPanel box={api.box} gridName="Grid A" onClose={() => {}} onStartMove={() => {}} />);
    expect(await screen.findByText('No open problems in this box. Fill in a form to record one.')).toBeInTheDocument();
    expect(await screen.findByText(/No sticky-trap counts for this box in the last 8 weeks/)).toBeInTheDocument();
  });
});

describe('BoxPanel offline (through the outbox)', () => {
  let restore: (() => void) | null = null;
  afterEach(async () => {
    restore?.();
    restore = null;
    window.dispatchEvent(new Event('online'));
    await outbox.actions.clear();
  });
  const goOffline = () => {
    restore = setOnline(false);
    window.dispatchEvent(new Event('offline'));
  };

  it('culls a box offline after confirming: queued on the device, nothing sent', async () => {
    signInAs({ userId: 7, companyId: 3 });
    await outbox.actions.clear();
    const api = boxApi();
    const user = userEvent.setup();
    renderPage(<BoxPanel box={api.box} gridName="Grid A" onClose={() => {}} onStartMove={() => {}} />);
    await screen.findByRole('button', { name: 'Cull this box' });
    goOffline();

    const cull = await screen.findByRole('button', { name: 'Cull this box' });
    expect(cull).toBeEnabled();
    await user.click(cull);
    await user.click(within(await screen.findByRole('dialog', { name: 'Cull box Mother A?' })).getByRole('button', { name: 'Cull box' }));
    expect(await screen.findByText('Saved on this device. It will be sent when the connection returns.')).toBeInTheDocument();
    expect(api.writes).toEqual([]);
    const queued = await outbox.actions.toArray();
    expect(queued.map((a) => [a.endpoint, a.input, a.state])).toEqual([
      ['updateCullingStatus', { GridBoxID: api.box.id, user_id: 7, culled: 1 }, 'waiting'],
    ]);
  });

  it('resolves an open problem offline from the box sheet: queued, it leaves the open list, nothing sent', async () => {
    signInAs({ userId: 7, companyId: 3 });
    await outbox.actions.clear();
    const api = boxApi({ problems: [makeObservation(41), makeObservation(42, { Problem: 'Aphids', Severity: 1 })] });
    const user = userEvent.setup();
    renderPage(<BoxPanel box={api.box} gridName="Grid A" onClose={() => {}} onStartMove={() => {}} />);
    const open = await screen.findByRole('list', { name: 'Open problems of this box' });
    goOffline();
    // Still readable offline: the device's copy of the list.
    expect(await screen.findByText(/Box details come from this device's last copy/)).toBeInTheDocument();
    expect(within(open).getByText('Thrips')).toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: 'Resolve Thrips' }));
    expect(await screen.findByText('Saved on this device. It will be sent when the connection returns.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Open problems of this box' })).queryByText('Thrips')).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Closed just now' })).getByText('Thrips · resolved')).toBeInTheDocument();
    expect(api.writes).toEqual([]);
    const queued = await outbox.actions.toArray();
    expect(queued.map((a) => [a.endpoint, a.input, a.state])).toEqual([['manageProblem', { problemID: 41, action: 'resolve', userID: 7 }, 'waiting']]);
  });
});

describe('client rules', () => {
  it('sends move reason and notes only when they are not blank after trimming', () => {
    expect(movePlantBody({ plantUid: 'P-1', targetParentGridboxId: 5, userId: 7, reason: '  ', notes: '' })).toEqual({
      plant_uid: 'P-1', target_parent_gridbox_id: 5, user_id: 7,
    });
    expect(
      movePlantBody({ plantUid: 'P-1', targetParentGridboxId: 5, userId: 7, targetPosition: { subx: 1, suby: 2 }, reason: ' split ', notes: 'n' }),
    ).toEqual({ plant_uid: 'P-1', target_parent_gridbox_id: 5, user_id: 7, target_position: { subx: 1, suby: 2 }, movement_reason: 'split', notes: 'n' });
  });

  it('sub-box list: a delete lowers the total but never below 0; an update merges only sent fields', () => {
    const list = { total_count: 0, max_allowed: 100, sub_gridboxes: [sub(1, 1, 1)] };
    expect(withoutSubGridbox(list, 1).total_count).toBe(0);
    expect(withoutSubGridbox({ ...list, total_count: 1 }, 1)).toMatchObject({ total_count: 0, sub_gridboxes: [] });
    const merged = mergeSubGridbox(list, 1, { CustomName: 'X', Color: undefined });
    expect(merged.sub_gridboxes[0]).toMatchObject({ CustomName: 'X', SubX: 1, Color: null });
  });
});
