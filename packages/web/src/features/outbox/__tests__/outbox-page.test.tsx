import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import OutboxPage from '../components/outbox-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { ActionQueueDatabase, type QueuedAction } from '../../../offline/action-queue-store';
import { enqueueCreateRoom } from '../../../offline/create-room-queue';
import { db as offlineDb } from '../../../offline/db';
import { formQueue } from '../../../api/form-responses';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// The app's own action database (the page reads it through api/action-queue).
const database = new ActionQueueDatabase();

function row(seq: number, changes: Partial<QueuedAction>): QueuedAction {
  return {
    seq,
    companyId: 3,
    userId: 7,
    endpoint: 'updateGridBoxName',
    input: { GridBoxID: 5, custom_name: 'Mother 7', expected_custom_name: 'Bench' },
    label: 'Bench',
    target: { type: 'box', id: 5 },
    idempotencyKey: `key-${seq}`,
    createdAt: Date.parse('2026-03-02T08:00:00Z') + seq * 60_000,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    reason: null,
    conflict: false,
    sentAt: null,
    ...changes,
  };
}

let usersAnswered = 0;
/** The signed-in user's name has come back (the page keeps it for the history), and React has taken it in. */
async function nameLoaded() {
  await waitFor(() => expect(usersAnswered).toBeGreaterThan(0));
  await new Promise((r) => setTimeout(r, 50));
}

beforeEach(async () => {
  usersAnswered = 0;
  await database.actions.clear();
  await offlineDb.createRoomQueue.clear();
  await offlineDb.outboxHistory.clear();
  await offlineDb.offlineFormResponses.clear();
  await offlineDb.offlineFieldResponses.clear();
  signInAs({ userId: 7, companyId: 3 });
  // The signed-in user's name, which the history keeps for a discard or a choice.
  server.use(
    http.get(`${API}/load_users`, () => {
      usersAnswered += 1;
      return HttpResponse.json({
        status: 'success',
        users: [
          {
            user_id: 7, company_id: 3, first_name: 'Sam', last_name: 'Scout', email: 'sam@example.com', user_role: 'Regular',
            location: null, created_at: '2026-01-01T00:00:00.000Z', active: true, spray_licence_number: null,
          },
        ],
      });
    }),
  );
});

describe('OutboxPage', () => {
  it('says so when nothing waits', async () => {
    renderPage(<OutboxPage />);
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
  });

  it('lists actions oldest first with their state; a conflict says the target changed on the server', async () => {
    await database.actions.bulkAdd([
      row(1, { state: 'sent', sentAt: Date.now() }),
      row(2, {
        endpoint: 'manageProblem',
        input: { problemID: 9, action: 'resolve', userID: 7 },
        label: 'Thrips',
        state: 'refused',
        conflict: true,
        reason: 'This problem is not open, so it cannot be resolved or dismissed.',
      }),
      row(3, { endpoint: 'updateCullingStatus', input: { GridBoxID: 5, user_id: 7, culled: 1 }, label: '2,3' }),
    ]);
    renderPage(<OutboxPage />);
    const list = await screen.findByRole('list', { name: 'Changes on this device' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Rename box · Bench'),
      expect.stringContaining('Resolve problem · Thrips'),
      expect.stringContaining('Cull box · 2,3'),
    ]);
    expect(within(items[0]!).getByText('Sent')).toBeInTheDocument();
    expect(within(items[0]!).getByText('New name: Mother 7')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Changed on the server')).toBeInTheDocument();
    expect(
      within(items[1]!).getByText('Changed on the server after you made this change — This problem is not open, so it cannot be resolved or dismissed.'),
    ).toBeInTheDocument();
    expect(within(items[2]!).getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByText('Waiting: 1 · Refused: 1')).toBeInTheDocument();
  });

  it('names a scan made offline by its place', async () => {
    await database.actions.add(
      row(4, { endpoint: 'createScan', input: { company_id: 3, scan_type: 'box', grid_box_id: 5, captured_at: '2026-03-02T08:00:00Z' }, label: 'Bay 1 › Bench A › 2,3', target: undefined }),
    );
    renderPage(<OutboxPage />);
    const item = await within(await screen.findByRole('list', { name: 'Changes on this device' })).findByRole('listitem');
    expect(item).toHaveTextContent('Scan · Bay 1 › Bench A › 2,3');
    expect(within(item).getByText('Waiting')).toBeInTheDocument();
  });

  it('lists a room created offline as waiting, with the rest of the outbox', async () => {
    await enqueueCreateRoom(3, { name: 'Veg room 2' });
    renderPage(<OutboxPage />);
    const list = await screen.findByRole('list', { name: 'Changes on this device' });
    const item = await within(list).findByRole('listitem');
    expect(item).toHaveTextContent('Create room · Veg room 2');
    expect(within(item).getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByText('Waiting: 1 · Refused: 0')).toBeInTheDocument();
  });

  it('retries a refused action with its own key and shows it sent', async () => {
    await database.actions.add(row(1, { state: 'refused', reason: 'Service said no' }));
    const keys: Array<string | null> = [];
    server.use(
      http.post(`${API}/update_grid_box_name`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({
          status: 'success',
          message: 'Grid box renamed.',
          grid_box: { id: 5, GridID: 2, X: 2, Y: 3, Color: null, Status: null, Content: null, ImageName: null, CustomName: 'Mother 7', culled: false },
        });
      }),
    );
    renderPage(<OutboxPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(keys).toEqual(['key-1']);
  });

  it('discards only after confirming', async () => {
    await database.actions.add(row(1, {}));
    renderPage(<OutboxPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await database.actions.count()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard this change?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await database.actions.count()).toBe(0));
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
  });

  it('shows a conflict with both values; keep mine sends it again without the precondition, with its key', async () => {
    await database.actions.add(
      row(1, { state: 'refused', conflict: true, status: 409, theirs: 'Clone row', reason: 'This box was renamed by someone else meanwhile; it is now called "Clone row".' }),
    );
    const bodies: Array<{ key: string | null; body: string }> = [];
    server.use(
      http.post(`${API}/update_grid_box_name`, async ({ request }) => {
        bodies.push({ key: request.headers.get('idempotency-key'), body: await request.text() });
        return HttpResponse.json({
          status: 'success',
          message: 'Grid box renamed.',
          grid_box: { id: 5, GridID: 2, X: 2, Y: 3, Color: null, Status: null, Content: null, ImageName: null, CustomName: 'Mother 7', culled: false },
        });
      }),
    );
    renderPage(<OutboxPage />);
    const item = await within(await screen.findByRole('list', { name: 'Changes on this device' })).findByRole('listitem');
    expect(within(item).getByTestId('conflict-mine')).toHaveTextContent('Mother 7');
    expect(within(item).getByTestId('conflict-theirs')).toHaveTextContent('Clone row');
    expect(within(item).queryByRole('button', { name: 'Retry' })).toBeNull();
    await nameLoaded();
    await userEvent.click(within(item).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.key).toBe('key-1');
    expect(new URLSearchParams(bodies[0]!.body).has('expected_custom_name')).toBe(false);
    const history = await screen.findByRole('list', { name: "History of this device's changes" });
    expect(await within(history).findByText(/kept “Mother 7” over “Clone row”/)).toHaveTextContent('Sam Scout kept “Mother 7” over “Clone row”.');
    expect((await within(history).findAllByText('Sent')).length).toBeGreaterThan(0);
  });

  it('keep theirs drops the change unsent; the history says who chose', async () => {
    await database.actions.add(row(1, { state: 'refused', conflict: true, status: 409, theirs: '', reason: 'This box’s name was cleared by someone else meanwhile.' }));
    renderPage(<OutboxPage />);
    const item = await within(await screen.findByRole('list', { name: 'Changes on this device' })).findByRole('listitem');
    expect(within(item).getByTestId('conflict-theirs')).toHaveTextContent('(no name)');
    await nameLoaded();
    await userEvent.click(within(item).getByRole('button', { name: 'Keep theirs' }));
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: "History of this device's changes" });
    expect(await within(history).findByText('Kept theirs')).toBeInTheDocument();
    expect(await database.actions.count()).toBe(0);
  });

  it('a conflict the server cannot take over (a suspected problem) offers keep theirs only', async () => {
    await database.actions.add(
      row(1, { endpoint: 'manageProblem', input: { problemID: 9, action: 'resolve', userID: 7 }, label: 'Thrips', state: 'refused', conflict: true, status: 409, theirs: 'suspected', reason: 'This problem is not open.' }),
    );
    renderPage(<OutboxPage />);
    const item = await within(await screen.findByRole('list', { name: 'Changes on this device' })).findByRole('listitem');
    expect(within(item).getByTestId('conflict-mine')).toHaveTextContent('resolved');
    expect(within(item).getByTestId('conflict-theirs')).toHaveTextContent('suspected');
    expect(within(item).queryByRole('button', { name: 'Keep mine' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Keep theirs' })).toBeInTheDocument();
  });

  it('a resolve of a problem a colleague dismissed: keep mine reopens it, then resolves it, each with its own key', async () => {
    await database.actions.add(
      row(1, { endpoint: 'manageProblem', input: { problemID: 9, action: 'resolve', userID: 7 }, label: 'Thrips', state: 'refused', conflict: true, status: 409, theirs: 'dismissed', reason: 'This problem is not open.' }),
    );
    const sent: Array<{ key: string | null; action: string }> = [];
    server.use(
      http.post(`${API}/manage_problem`, async ({ request }) => {
        const body = (await request.json()) as { problemID: number; action: 'resolve' | 'reopen' };
        sent.push({ key: request.headers.get('idempotency-key'), action: body.action });
        const Status = body.action === 'reopen' ? 'open' : 'resolved';
        return HttpResponse.json({
          status: 'success',
          message: body.action === 'reopen' ? 'Problem reopened.' : 'Problem resolved.',
          action: body.action,
          problem: {
            ProblemID: 9, Problem: 'Thrips', PlantProblemID: null, Severity: 2, RoomID: 1, GridID: 2, GridBoxID: 5, Sub_gridboxID: null, BatchID: null, ResponseID: null,
            Source: 'scout', Notes: null, ObservedAt: '2026-03-01T08:00:00.000Z', ObservedBy: 7, ObservedByName: 'Sam Scout', Status, StatusChangedAt: null, StatusChangedBy: 7,
          },
        });
      }),
    );
    renderPage(<OutboxPage />);
    const item = await within(await screen.findByRole('list', { name: 'Changes on this device' })).findByRole('listitem');
    expect(within(item).getByTestId('conflict-theirs')).toHaveTextContent('dismissed');
    expect(within(item).getByText('Keep mine reopens the problem, then marks it resolved.')).toBeInTheDocument();
    await nameLoaded();
    await userEvent.click(within(item).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { key: 'key-1.reopen.1', action: 'reopen' },
      { key: 'key-1.mine.1', action: 'resolve' },
    ]);
    const history = await screen.findByRole('list', { name: "History of this device's changes" });
    expect(await within(history).findByText('Sam Scout kept “resolved” over “dismissed”.')).toBeInTheDocument();
    expect(await within(history).findByText('Reopened on the server first, so that yours applies.')).toBeInTheDocument();
    expect(await within(history).findByText('The server answered: Problem resolved.')).toBeInTheDocument();
    expect((await database.actions.toArray()).map((a) => a.state)).toEqual(['sent']);
  });

  it('history: an empty state, then a discard by name, restored within the day with the same key', async () => {
    renderPage(<OutboxPage />);
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
    await nameLoaded();
    await database.actions.add(row(1, {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard this change?' })).getByRole('button', { name: 'Discard' }));
    const history = await screen.findByRole('list', { name: "History of this device's changes" });
    expect(await within(history).findByText(/^Discarded by /)).toHaveTextContent(/^Discarded by Sam Scout\.$/);
    server.use(http.post(`${API}/update_grid_box_name`, () => HttpResponse.json({ status: 'error', message: 'offline for this test' }, { status: 503 })));
    await userEvent.click(within(history).getByRole('button', { name: 'Restore' }));
    await waitFor(async () => expect((await database.actions.toArray()).map((a) => a.idempotencyKey)).toEqual(['key-1']));
    expect(await within(history).findByText('Restored')).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Restore' })).toBeNull();
    // The restore has finished (its toast is the last thing it does) before the page is taken down.
    expect(await screen.findByText('The change is back in the outbox.')).toBeInTheDocument();
  });

  it('a discarded form submission stays restorable for a day: restore puts it back in the queue with its key and photo', async () => {
    // The server is down: the submission waits in the queue (and again after its restore).
    server.use(http.post(`${API}/submit_form`, () => HttpResponse.json({ status: 'error', message: 'Server unavailable' }, { status: 503 })));
    await formQueue().submitFormResponse({
      kind: 'box', GridBoxID: 11, submittedBy: 7, templateID: 1, label: 'Scouting · A1',
      fieldResponses: [{ fieldID: 5, inputData: 'two thrips' }],
      photos: [{ fieldID: 9, file: new Blob(['leaf'], { type: 'image/jpeg' }), name: 'leaf.jpg' }],
    });
    const [queued] = await formQueue().list(7);
    renderPage(<OutboxPage />);
    await nameLoaded();
    const list = await screen.findByRole('list', { name: 'Changes on this device' });
    expect(await within(list).findByText('1 answers, 1 photo')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    expect(dialog).toHaveTextContent('They stay on this device for a day, so you can restore them from the history.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: "History of this device's changes" });
    expect(await within(history).findByText('Discarded by Sam Scout.')).toBeInTheDocument();
    await userEvent.click(within(history).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('The change is back in the outbox.')).toBeInTheDocument();
    const back = await formQueue().list(7);
    expect(back.map((e) => [e.item.idempotencyKey, e.answers, e.photos])).toEqual([[queued!.item.idempotencyKey, 1, 1]]);
    expect(await within(history).findByText('Put back in the outbox by Sam Scout.')).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});
