import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { bulkMessages, bulkRefusals, type Task } from '@verdant/contract';
import TasksPage from '../components/tasks-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeTask, tasksApi } from './tasks-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-01-05T08:00:00.000Z';
const column = (status: 'open' | 'in_progress' | 'done') => screen.getByTestId(`task-column-${status}`);

/** The fixtures' task API plus the bulk calls, changing its tasks (and putting them back on undo). */
function bulkApi(tasks: Task[], opts: { refuse?: number } = {}) {
  const api = tasksApi(tasks);
  const sent: Array<{ path: string; body: Record<string, unknown>; key: string | null }> = [];
  let before: Task[] = [];
  server.use(
    ...api.handlers,
    http.post(`${API}/bulk/tasks`, async ({ request }) => {
      const body = (await request.json()) as { task_ids: number[]; action: string; assignee_id?: number };
      sent.push({ path: 'tasks', body, key: request.headers.get('Idempotency-Key') });
      if (opts.refuse) return HttpResponse.json({ status: 'error', message: bulkRefusals.taskMissing(opts.refuse), error: 'not_found' }, { status: 404 });
      before = api.state.tasks.map((t) => ({ ...t }));
      for (const task of api.state.tasks.filter((t) => body.task_ids.includes(t.response_id))) {
        if (body.action === 'close') task.status = 'done';
        else {
          const u = api.state.users.find((x) => x.user_id === body.assignee_id)!;
          Object.assign(task, { assignee: { user_id: u.user_id, first_name: u.first_name, last_name: u.last_name }, first_name: u.first_name, last_name: u.last_name });
        }
      }
      const change = { change_id: 5, kind: 'tasks', action: body.action, count: body.task_ids.length, ids: body.task_ids, created_at: T, undone_at: null };
      return HttpResponse.json({ status: 'success', message: bulkMessages.tasksChanged, change });
    }),
    http.post(`${API}/bulk/undo`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: 'undo', body, key: request.headers.get('Idempotency-Key') });
      api.state.tasks = before;
      const change = { change_id: 5, kind: 'tasks', action: 'close', count: 2, ids: [1, 2], created_at: T, undone_at: T };
      return HttpResponse.json({ status: 'success', message: bulkMessages.undone, change });
    }),
  );
  return { api, sent };
}

async function chooseTwo(user: ReturnType<typeof userEvent.setup>) {
  renderPage(<TasksPage />);
  await user.click(await screen.findByRole('button', { name: 'All tasks' }));
  await within(column('open')).findByText('Check the irrigation');
  await user.click(screen.getByRole('button', { name: 'Select tasks' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select “Check the irrigation”' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select “Sticky traps row 4”' }));
  expect(screen.getByText('2 tasks selected')).toBeInTheDocument();
}

describe('changing many tasks at once', () => {
  it('assigns the ticked tasks to one person in one keyed request, closes others after asking, and undoes the close', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    const { sent } = bulkApi([makeTask(1, 'Check the irrigation'), makeTask(2, 'Sticky traps row 4'), makeTask(3, 'Prune bay 2')]);
    const user = userEvent.setup();
    await chooseTwo(user);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Assign to' }), '8');
    await user.click(screen.getByRole('button', { name: 'Assign 2 tasks' }));
    expect(await screen.findByText('Changed 2 tasks.', { selector: 'p' })).toBeInTheDocument();
    expect(sent[0]).toEqual({ path: 'tasks', body: { company_id: 3, task_ids: [1, 2], action: 'assign', assignee_id: 8 }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await waitFor(() => expect(within(column('open')).getAllByText(/Assigned to Ana/)).toHaveLength(2));
    expect(screen.getByText('0 tasks selected')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select “Check the irrigation”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Prune bay 2”' }));
    await user.click(screen.getByRole('button', { name: 'Close 2 tasks' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close 2 tasks?' });
    await user.click(within(confirm).getByRole('button', { name: 'Close 2 tasks' }));
    expect(await within(column('done')).findByText('Prune bay 2')).toBeInTheDocument();
    expect(sent[1]!.body).toEqual({ company_id: 3, task_ids: [1, 3], action: 'close' });

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone: the tasks are back as they were.')).toBeInTheDocument();
    expect(sent[2]).toMatchObject({ path: 'undo', body: { company_id: 3, change_id: 5 } });
    expect(await within(column('open')).findByText('Prune bay 2')).toBeInTheDocument();
  }, 30_000);

  it("shows the server's refusal naming the task; nothing changes", async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    bulkApi([makeTask(1, 'Check the irrigation'), makeTask(2, 'Sticky traps row 4')], { refuse: 2 });
    const user = userEvent.setup();
    await chooseTwo(user);
    await user.click(screen.getByRole('button', { name: 'Close 2 tasks' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Close 2 tasks?' })).getByRole('button', { name: 'Close 2 tasks' }));
    expect(await screen.findByText('Task 2 not found; nothing was changed.')).toBeInTheDocument();
    expect(within(column('open')).getByText('Check the irrigation')).toBeInTheDocument();
  }, 30_000);
});
