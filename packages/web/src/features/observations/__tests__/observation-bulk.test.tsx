import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bulkMessages, bulkRefusals, type ObservationListItem } from '@verdant/contract';
import ObservationsPage from '../components/observations-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-03-02T12:00:00.000Z';
const obs = (id: number, more: Partial<ObservationListItem> = {}): ObservationListItem => ({
  ProblemID: id, Problem: 'Western flower thrips', Severity: 3, Status: 'open', RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Bench A',
  GridBoxID: 301, BoxName: `${id},4`, ResponseID: null, ObservedAt: T, ObservedBy: 7, ObservedByName: 'Ada Grower', Source: 'form', photos: [], ...more,
});

/** The list as the server holds it, changed by the bulk calls and put back by the undo. */
function api(opts: { refuse?: number } = {}) {
  let rows = [obs(1), obs(2), obs(3)];
  let before = rows;
  const sent: Array<{ path: string; body: Record<string, unknown>; key: string | null }> = [];
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [] })),
    http.get(`${API}/get_problem_color_mappings`, () => HttpResponse.json({ status: 'success', mappings: [] })),
    http.get(`${API}/get_problem_observations`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      return HttpResponse.json({ status: 'success', total_count: rows.length, limit: Number(q.get('limit')), offset: 0, observations: rows });
    }),
    http.post(`${API}/bulk/observations`, async ({ request }) => {
      const body = (await request.json()) as { observation_ids: number[]; action: string; problem?: string };
      sent.push({ path: 'observations', body, key: request.headers.get('Idempotency-Key') });
      if (opts.refuse) return HttpResponse.json({ status: 'error', message: bulkRefusals.observationNotOpen(opts.refuse, 'resolved'), error: 'conflict' }, { status: 409 });
      before = rows;
      rows = rows.map((r) =>
        body.observation_ids.includes(r.ProblemID) ? (body.action === 'resolve' ? { ...r, Status: 'resolved' } : { ...r, Problem: body.problem! }) : r,
      );
      const change = { change_id: 8, kind: 'observations', action: body.action, count: body.observation_ids.length, ids: body.observation_ids, created_at: T, undone_at: null };
      return HttpResponse.json({ status: 'success', message: bulkMessages.observationsChanged, change });
    }),
    http.post(`${API}/bulk/undo`, async ({ request }) => {
      sent.push({ path: 'undo', body: (await request.json()) as Record<string, unknown>, key: request.headers.get('Idempotency-Key') });
      rows = before;
      const change = { change_id: 8, kind: 'observations', action: 'resolve', count: 2, ids: [1, 3], created_at: T, undone_at: T };
      return HttpResponse.json({ status: 'success', message: bulkMessages.undone, change });
    }),
    // The problem views the change refreshes (the room map's lists) are not on this page.
    http.all(`${API}/*`, () => HttpResponse.json({ status: 'error', message: 'Not found', error: 'not_found' }, { status: 404 })),
  );
  return { sent };
}

const list = () => screen.getByRole('list', { name: 'Observations' });

async function chooseFirstAndLast(user: ReturnType<typeof userEvent.setup>) {
  renderRoutes([{ path: '/dashboard/observations', element: <ObservationsPage /> }], '/dashboard/observations');
  await user.click(await screen.findByRole('button', { name: 'Select observations' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Western flower thrips (Bay 1 › Bench A › 1,4)' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Western flower thrips (Bay 1 › Bench A › 3,4)' }));
  expect(screen.getByText('2 observations selected')).toBeInTheDocument();
}

describe('changing many observations at once', () => {
  it('resolves the ticked observations in one keyed request, and undoes it', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const { sent } = api();
    const user = userEvent.setup();
    await chooseFirstAndLast(user);
    await user.click(screen.getByRole('button', { name: 'Resolve 2 observations' }));
    expect(await screen.findByText('Changed 2 observations.', { selector: 'p' })).toBeInTheDocument();
    expect(sent[0]).toEqual({ path: 'observations', body: { company_id: 3, observation_ids: [1, 3], action: 'resolve' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await within(list()).findAllByText('Resolved')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone: the observations are back as they were.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ path: 'undo', body: { company_id: 3, change_id: 8 } });
  }, 30_000);

  it('moves the ticked observations to another problem in one request', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const { sent } = api();
    const user = userEvent.setup();
    await chooseFirstAndLast(user);
    await user.type(screen.getByLabelText('Another problem'), 'Onion thrips');
    await user.click(screen.getByRole('button', { name: 'Move 2 to this problem' }));
    expect(await within(list()).findAllByText('Onion thrips')).toHaveLength(2);
    expect(sent[0]!.body).toEqual({ company_id: 3, observation_ids: [1, 3], action: 'reassign', problem: 'Onion thrips' });
  }, 30_000);

  it("shows the server's refusal naming the observation; nothing changes", async () => {
    signInAs({ userId: 7, companyId: 3 });
    api({ refuse: 3 });
    const user = userEvent.setup();
    await chooseFirstAndLast(user);
    await user.click(screen.getByRole('button', { name: 'Resolve 2 observations' }));
    expect(await screen.findByText('Observation 3 is resolved, not open; nothing was changed.')).toBeInTheDocument();
    expect(within(list()).queryAllByText('Resolved')).toHaveLength(0);
  }, 30_000);
});
