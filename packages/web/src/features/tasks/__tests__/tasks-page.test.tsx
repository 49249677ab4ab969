import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import TasksPage from '../components/tasks-page';
import { sentFrequency, todayWeekday, weekdaysProblem } from '../components/template-form';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { setOnline } from '../../../testing/room-fixtures';
import { ActionQueueDatabase } from '../../../offline/action-queue-store';
import { makeTask, tasksApi, template } from './tasks-fixtures';

const outbox = new ActionQueueDatabase();
const ME = { user_id: 7, first_name: 'Me', last_name: 'Grower' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await outbox.actions.clear();
});
afterAll(() => server.close());

const column = (status: 'open' | 'in_progress' | 'done') => screen.getByTestId(`task-column-${status}`);

describe('TasksPage', () => {
  it('shows my tasks by status, each column with its empty state, and all tasks on the second tab', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi([
      makeTask(1, 'Check the irrigation', { assignee: ME }),
      makeTask(2, 'Sticky traps row 4', { assignee: ME, status: 'in_progress' }),
      makeTask(3, 'Someone else’s job'),
    ]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<TasksPage />);

    expect(await within(await screen.findByTestId('task-column-open')).findByText('Check the irrigation')).toBeInTheDocument();
    expect(await within(column('in_progress')).findByText('Sticky traps row 4')).toBeInTheDocument();
    expect(await within(column('done')).findByText('Nothing here for you.')).toBeInTheDocument();
    expect(screen.queryByText('Someone else’s job')).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'All tasks' }));
    expect(await within(column('open')).findByText('Someone else’s job')).toBeInTheDocument();
    expect(within(column('open')).getByRole('heading', { name: 'Open (2)' })).toBeInTheDocument();
    expect(within(column('open')).getAllByText('Unassigned')).toHaveLength(1);
  });

  it('moves a task to Done from its card: one request with an Idempotency-Key, the card changes column', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi([makeTask(1, 'Check the irrigation', { assignee: ME })]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<TasksPage />);

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of Check the irrigation' }), 'done');

    expect(await within(column('done')).findByText('Check the irrigation')).toBeInTheDocument();
    await waitFor(() => expect(within(column('open')).queryByText('Check the irrigation')).toBeNull());
    await waitFor(() => expect(api.state.writes).toHaveLength(1));
    expect(api.state.writes).toEqual([
      { path: '/update_task_fields', query: { response_id: '1' }, body: { status: 'done' }, key: expect.any(String) },
    ]);
  });

  async function openTask(title: string) {
    const user = userEvent.setup();
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'All tasks' }));
    await user.click(await screen.findByRole('button', { name: `Open ${title}` }));
    return { user, dialog: await screen.findByRole('dialog', { name: title }) };
  }

  it('assigns an opened task to an active colleague; the board shows who has it', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi([makeTask(1, 'Check the irrigation')]);
    server.use(...api.handlers);
    const { user, dialog } = await openTask('Check the irrigation');

    const assignee = within(dialog).getByRole('combobox', { name: 'Assigned to' });
    await waitFor(() => expect(assignee).toBeEnabled());
    // Deactivated colleagues are not offered.
    expect(within(assignee).getAllByRole('option').map((o) => o.textContent)).toEqual(['Nobody', 'Me Grower', 'Ana Grower']);
    await user.selectOptions(assignee, '8');
    await waitFor(() => expect(api.state.writes.at(-1)).toMatchObject({ path: '/update_task_fields', query: { response_id: '1' }, body: { assignee_id: 8 } }));
    expect(await within(column('open')).findByText('Assigned to Ana Grower')).toBeInTheDocument();

    await user.selectOptions(assignee, '');
    await waitFor(() => expect(api.state.writes.at(-1)).toMatchObject({ path: '/update_task_fields', body: { unassign: 1 } }));
  });

  it("edits an opened task's title and description; a blank title is not sent", async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi([makeTask(1, 'Check the irrigation')]);
    server.use(...api.handlers);
    const { user, dialog } = await openTask('Check the irrigation');

    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save title and description' }));
    expect(within(dialog).getByText('Enter a title.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([]);
    await user.type(title, 'Check the drippers');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Rows 1 to 4');
    await user.click(within(dialog).getByRole('button', { name: 'Save title and description' }));
    await waitFor(() =>
      expect(api.state.writes).toEqual([
        { path: '/update_task_description_title', query: {}, body: { submission_id: 1, title: 'Check the drippers', description: 'Rows 1 to 4' }, key: expect.any(String) },
      ]),
    );
    expect(await within(column('open')).findByText('Check the drippers')).toBeInTheDocument();
  });

  it('comments on an opened task', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi([makeTask(1, 'Check the irrigation')]);
    server.use(...api.handlers);
    const { user, dialog } = await openTask('Check the irrigation');

    const comments = within(dialog).getByRole('region', { name: 'Comments' });
    expect(await within(comments).findByText(/^No comments yet\./)).toBeInTheDocument();
    await user.click(within(comments).getByRole('button', { name: 'Add comment' }));
    expect(within(comments).getByText('Write a comment first.')).toBeInTheDocument();
    await user.type(within(comments).getByRole('textbox', { name: 'Add a comment' }), 'Done on the left side');
    await user.click(within(comments).getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(api.state.writes.at(-1)).toMatchObject({ path: '/add_comment', body: { ResponseID: 1, UserID: 7, CommentText: 'Done on the left side' } }),
    );
    expect(await within(comments).findByText('Me Grower')).toBeInTheDocument();
    expect(within(comments).getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
  });

  it('deletes a task only after confirming', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi([makeTask(1, 'Check the irrigation', { assignee: ME })]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Open Check the irrigation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check the irrigation' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete task' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this task?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.state.writes).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete task' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this task?' })).getByRole('button', { name: 'Delete task' }));
    expect(await screen.findByText('Task deleted.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/delete_task', query: {}, body: { task_id: 1 }, key: null }]);
    await waitFor(() => expect(screen.queryByText('Check the irrigation')).toBeNull());
  });

  it("hides delete from someone who neither created the task nor is an Admin", async () => {
    signInAs({ userId: 8, companyId: 3, role: 'Regular' });
    const api = tasksApi([makeTask(1, 'Check the irrigation', { assignee: { user_id: 8, first_name: 'Ana', last_name: 'Grower' } })]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Open Check the irrigation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check the irrigation' });
    expect(within(dialog).queryByRole('button', { name: 'Delete task' })).toBeNull();
  });

  it('creates a task by filling in the task form, assigned to a colleague', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi([]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'All tasks' }));
    expect(await within(column('open')).findByText('No tasks here.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    const assign = await within(dialog).findByRole('combobox', { name: 'Assign to (optional)' });
    await waitFor(() => expect(assign).toBeEnabled());
    await user.selectOptions(assign, '8');
    await user.type(within(dialog).getByRole('textbox', { name: /What needs doing/ }), 'Prune the mothers');
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));

    expect(await screen.findByText('Task created.')).toBeInTheDocument();
    await waitFor(() => expect(api.state.writes.map((w) => w.path)).toEqual(['/submit_form', '/update_task_fields']));
    expect(api.state.writes[0]).toMatchObject({ body: { submittedBy: 7, templateID: 4, fieldResponses: [{ fieldID: 40, inputData: 'Prune the mothers' }] } });
    expect(api.state.writes[1]).toMatchObject({ query: { response_id: '900' }, body: { assignee_id: 8 } });
    expect(await within(column('open')).findByText('Prune the mothers')).toBeInTheDocument();
  });

  it('changes a status offline: kept in the outbox, the card moves at once, nothing sent', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi([makeTask(1, 'Check the irrigation', { assignee: ME })]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<TasksPage />);
    const select = await screen.findByRole('combobox', { name: 'Status of Check the irrigation' });
    const restore = setOnline(false);
    window.dispatchEvent(new Event('offline'));
    try {
      await user.selectOptions(select, 'in_progress');
      expect(await within(column('in_progress')).findByText('Check the irrigation')).toBeInTheDocument();
      expect(await screen.findByText('Saved on this device; it is sent when the connection is back.')).toBeInTheDocument();
      expect(api.state.writes).toEqual([]);
      const queued = await outbox.actions.toArray();
      expect(queued.map((a) => [a.endpoint, a.input, a.state])).toEqual([['updateTaskFields', { response_id: 1, status: 'in_progress' }, 'waiting']]);
      expect(queued[0]?.label).toBe('Task “Check the irrigation”: In progress');
    } finally {
      restore();
      window.dispatchEvent(new Event('online'));
    }
  });

  it('lists recurring tasks; an Admin deletes one after confirming', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    const api = tasksApi([], { templates: [template(20, 'Weekly scouting round'), template(21, 'Clean the benches', { frequency: 'daily', weekdays: [] })] });
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Recurring' }));
    expect(await screen.findByText('Weekly scouting round')).toBeInTheDocument();
    expect(screen.getByText(/On chosen weekdays \(Mon, Wed\) at 07:30/)).toBeInTheDocument();
    expect(screen.getByText(/Every day at 07:30/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Weekly scouting round' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this recurring task?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Recurring task deleted.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/delete_task_template', query: { id: '20' }, body: null, key: null }]);
    await waitFor(() => expect(screen.queryByText('Weekly scouting round')).toBeNull());
  });

  it('an Admin adds a recurring task on chosen weekdays; a Regular user only reads the list', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    const api = tasksApi([]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    const view = renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Recurring' }));
    expect(await screen.findByText('No recurring tasks yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New recurring task' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Spray check');
    // "Every week" starts on today's weekday; several days may be chosen.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeats' }), 'weekly');
    const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    const today = screen.getByRole('button', { name: names[todayWeekday() - 1] });
    expect(today).toHaveAttribute('aria-pressed', 'true');
    await user.click(today);
    await user.click(screen.getByRole('button', { name: 'Save recurring task' }));
    expect(screen.getByText('Choose at least one day.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tue' }));
    await user.click(screen.getByRole('button', { name: 'Fri' }));
    await user.click(screen.getByRole('button', { name: 'Save recurring task' }));
    expect(await screen.findByText('Recurring task saved.')).toBeInTheDocument();
    expect(api.state.writes[0]?.body).toMatchObject({ company_id: '3', title: 'Spray check', frequency: 'weekdays', weekdays: '[2,5]', time_of_day: '08:00' });
    expect(await screen.findByText('Spray check')).toBeInTheDocument();
    view.unmount();

    signInAs({ userId: 8, companyId: 3, role: 'Regular' });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Recurring' }));
    expect(await screen.findByText('Spray check')).toBeInTheDocument();
    expect(screen.getByText('Only an Admin can add or delete recurring tasks.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New recurring task' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Spray check' })).toBeNull();
  });
});

describe('TasksPage, more', () => {
  it('flags a task in a treated area while its re-entry interval runs: "No entry until" and the moment', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const until = new Date(Date.now() + 6 * 3_600_000).toISOString();
    const ended = new Date(Date.now() - 3_600_000).toISOString();
    const api = tasksApi([
      makeTask(1, 'Prune bay 2', { assignee: ME, no_entry_until: until }),
      makeTask(2, 'Scout bay 3', { assignee: ME, no_entry_until: ended }),
      makeTask(3, 'Clean bay 2', { assignee: ME, status: 'done', no_entry_until: until }),
      makeTask(4, 'Order pots', { assignee: ME }),
    ]);
    server.use(...api.handlers);
    renderPage(<TasksPage />);
    const cardOf = async (title: string) => (await screen.findByText(title)).closest('article') as HTMLElement;
    const flagged = within(await cardOf('Prune bay 2')).getByTestId('task-no-entry');
    expect(flagged).toHaveTextContent(/^No entry until .+/);
    expect(within(flagged).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute('datetime', until);
    for (const title of ['Scout bay 3', 'Clean bay 2', 'Order pots']) expect(within(await cardOf(title)).queryByTestId('task-no-entry')).toBeNull();
  });

  it("a change the server refuses puts the task back and says the server's reason", async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi([makeTask(1, 'Check the irrigation', { assignee: ME })]);
    server.use(
      http.post(`${API}/update_task_fields`, () => HttpResponse.json({ status: 'error', message: 'Task not found' }, { status: 404 })),
      ...api.handlers,
    );
    const user = userEvent.setup();
    renderPage(<TasksPage />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of Check the irrigation' }), 'done');

    expect(await screen.findByText('Task not found')).toBeInTheDocument();
    await waitFor(() => expect(within(column('open')).getByText('Check the irrigation')).toBeInTheDocument());
    expect(within(column('done')).queryByText('Check the irrigation')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status of Check the irrigation' })).toHaveValue('open');
  });

  it('pages a long column: 51 open tasks, the 51st on page 2', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const api = tasksApi(Array.from({ length: 51 }, (_, i) => makeTask(i + 1, `Task number ${i + 1}`)));
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'All tasks' }));
    const open = await screen.findByTestId('task-column-open');
    expect(await within(open).findByRole('heading', { name: 'Open (51)' })).toBeInTheDocument();
    expect(await within(open).findAllByTestId('task-card')).toHaveLength(50);
    expect(within(open).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(open).getByRole('button', { name: 'Next' }));
    expect(await within(open).findByText('Task number 51')).toBeInTheDocument();
    expect(within(open).getAllByTestId('task-card')).toHaveLength(1);
    expect(within(open).getByText('Page 2')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('an Admin changes a recurring task: the same automation is sent back with its id', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    const api = tasksApi([], { templates: [template(20, 'Weekly scouting round', { frequency: 'weekly', weekdays: [1] })] });
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Recurring' }));
    await user.click(await screen.findByRole('button', { name: 'Change Weekly scouting round' }));
    const title = screen.getByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Weekly scouting round');
    expect(screen.getByRole('combobox', { name: 'Repeats' })).toHaveValue('weekly');
    // Several days may be on: Monday off, Thursday on.
    await user.click(screen.getByRole('button', { name: 'Mon' }));
    await user.click(screen.getByRole('button', { name: 'Thu' }));
    await user.clear(title);
    await user.type(title, 'Weekly scouting, all rooms');
    await user.click(screen.getByRole('button', { name: 'Save recurring task' }));
    expect(await screen.findByText('Recurring task saved.')).toBeInTheDocument();
    expect(api.state.writes[0]?.body).toMatchObject({ task_template_id: '20', title: 'Weekly scouting, all rooms', frequency: 'weekly', weekdays: '[4]' });
    expect(await screen.findByText('Weekly scouting, all rooms')).toBeInTheDocument();
    expect(screen.getByText(/Every week \(Thu\) at 07:30/)).toBeInTheDocument();
  });
});

describe('weekdaysProblem', () => {
  it('every week needs a day or more (several become the server\'s chosen weekdays); daily needs none', () => {
    expect(weekdaysProblem('daily', [])).toBeNull();
    expect(weekdaysProblem('weekly', [])).toBe('weekdaysRequired');
    expect(weekdaysProblem('weekly', [1, 2])).toBeNull();
    expect(weekdaysProblem('weekly', [3])).toBeNull();
    expect(weekdaysProblem('weekdays', [])).toBe('weekdaysRequired');
    expect(sentFrequency('weekly', [3])).toBe('weekly');
    expect(sentFrequency('weekly', [1, 5])).toBe('weekdays');
    expect(sentFrequency('daily', [])).toBe('daily');
  });

  it("preselects today's weekday (ISO: Monday 1 … Sunday 7)", () => {
    expect(todayWeekday(new Date(2026, 10, 29))).toBe(7);
    expect(todayWeekday(new Date(2026, 10, 30))).toBe(1);
  });
});
