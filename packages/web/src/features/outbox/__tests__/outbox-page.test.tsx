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

beforeEach(async () => {
  await database.actions.clear();
  await offlineDb.createRoomQueue.clear();
  signInAs({ userId: 7, companyId: 3 });
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
});
