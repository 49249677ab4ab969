import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Comment, ObservationListItem, RoomWithGrids } from '@verdant/contract';
import ObservationsPage from '../components/observations-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-03-02T12:00:00.000Z';
const room = (id: number, name: string): RoomWithGrids =>
  ({ RoomID: id, CompanyID: 3, Name: name, Description: '', CreatedDateTime: T, UpdatedDateTime: T, Scanned: false, ScannedDateTime: null, LastScannedBy: null, WhiteboardImage: null, StartScroll: 0, grids: [] }) as unknown as RoomWithGrids;

const obs = (id: number, more: Partial<ObservationListItem> = {}): ObservationListItem => ({
  ProblemID: id, Problem: 'Western flower thrips', Severity: 3, Status: 'open', RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Bench A',
  GridBoxID: 301, BoxName: '2,4', ResponseID: 500 + id, ObservedAt: T, ObservedBy: 7, ObservedByName: 'Ada Grower', Source: 'form', photos: [], ...more,
});

const comment = (id: number, userId: number, text: string): Comment => ({
  CommentID: id, ResponseID: 501, UserID: userId, UserName: userId === 7 ? 'Ada Grower' : 'Bo Scout', CommentText: text, CreatedAt: T, UpdatedAt: T, edited: false,
});

function api(total = 2) {
  const queries: Array<Record<string, string>> = [];
  const managed: unknown[] = [];
  const commentCalls: Array<{ method: string; body: unknown }> = [];
  let rows = [obs(1), obs(2, { Problem: 'Powdery mildew', Status: 'resolved', ResponseID: null, BoxName: 'Mother bench' })].slice(0, total);
  let comments = [comment(1, 7, 'Saw adults on the sticky card'), comment(2, 8, 'Released swirskii')];
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room(11, 'Bay 1'), room(12, 'Bay 2')] })),
    http.get(`${API}/get_problem_color_mappings`, () =>
      HttpResponse.json({ status: 'success', mappings: [{ id: 1, CompanyID: 3, Problem: 'Western flower thrips', Color: '#F57C00', Abbreviation: 'WFT', updated_at: T }] }),
    ),
    http.get(`${API}/get_problem_observations`, ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(q);
      return HttpResponse.json({ status: 'success', total_count: rows.length, limit: Number(q.limit), offset: Number(q.offset), observations: rows });
    }),
    http.post(`${API}/manage_problem`, async ({ request }) => {
      const body = (await request.json()) as { problemID: number; action: string; userID: number };
      managed.push(body);
      const status = body.action === 'resolve' ? 'resolved' : body.action === 'dismiss' ? 'dismissed' : 'open';
      rows = rows.map((r) => (r.ProblemID === body.problemID ? { ...r, Status: status } : r));
      const r = rows.find((x) => x.ProblemID === body.problemID)!;
      return HttpResponse.json({
        status: 'success', message: 'Problem resolved.', action: body.action,
        problem: { ...r, PlantProblemID: null, Sub_gridboxID: null, BatchID: null, Notes: null, StatusChangedAt: T, StatusChangedBy: body.userID },
      });
    }),
    http.get(`${API}/get_field_responses`, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('response_id'));
      return HttpResponse.json({
        status: 'success', response_id: id,
        fieldResponses: [
          { field_response_id: 1, fieldID: 1, FieldName: 'Pest seen', FieldType: 'problem', inputData: 'Western flower thrips' },
          { field_response_id: 2, fieldID: 2, FieldName: 'Stages', FieldType: 'multi-select', inputData: '["adults","larvae"]' },
          { field_response_id: 3, fieldID: 3, FieldName: 'Treated', FieldType: 'checkbox', inputData: '1' },
        ],
        response: {
          response_id: id, TemplateID: 4, TemplateName: 'Weekly scouting', FormCategory: 'scouting', kind: 'box', RoomID: 11, GridID: 21, GridBoxID: 301, Sub_gridboxID: null,
          x: 2, y: 4, SubmittedBy: 7, SubmittedByName: 'Ada Grower', SubmittedAt: T, ObservedAt: T, status: 'open', image_url: null, thumb_url: null, comment_count: 2, photos: [],
        },
      });
    }),
    http.get(`${API}/get_comments`, () => HttpResponse.json({ status: 'success', ResponseID: 501, comments })),
    http.post(`${API}/add_comment`, async ({ request }) => {
      const body = (await request.json()) as { CommentText: string; UserID: number };
      commentCalls.push({ method: 'add', body });
      const made = comment(10, body.UserID, body.CommentText);
      comments = [...comments, made];
      return HttpResponse.json({ status: 'success', message: 'Comment added.', comment: made });
    }),
    http.put(`${API}/edit_comment`, async ({ request }) => {
      const body = (await request.json()) as { CommentID: number; CommentText: string };
      commentCalls.push({ method: 'edit', body });
      const edited = { ...comments.find((c) => c.CommentID === body.CommentID)!, CommentText: body.CommentText, edited: true };
      return HttpResponse.json({ status: 'success', message: 'Comment updated.', comment: edited });
    }),
    http.delete(`${API}/delete_comment`, async ({ request }) => {
      const body = (await request.json()) as { CommentID: number };
      commentCalls.push({ method: 'delete', body });
      return HttpResponse.json({ status: 'success', message: 'Comment deleted.', CommentID: body.CommentID });
    }),
  );
  return { queries, managed, commentCalls };
}

const render = (path = '/dashboard/observations') => renderRoutes([{ path: '/dashboard/observations', element: <ObservationsPage /> }], path);

describe('ObservationsPage', () => {
  it('lists observations with place, severity and who/when, and builds the query from the filters', async () => {
    signInAs({ role: 'Regular', companyId: 3 });
    const { queries } = api();
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Observations' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Western flower thrips');
    expect(first).toHaveTextContent('Bay 1 › Bench A › 2,4');
    expect(first).toHaveTextContent('Severity 3');
    expect(first).toHaveTextContent(/Seen by Ada Grower/);
    expect(queries[0]).toEqual({ company_id: '3', limit: '50', offset: '0' });
    expect(screen.getByText('1–2 of 2 observations')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Open');
    await waitFor(() => expect(queries.at(-1)).toEqual({ company_id: '3', status: 'open', limit: '50', offset: '0' }));
    await waitFor(() => expect(screen.getByLabelText('Room')).toHaveTextContent('Bay 2'));
    await user.selectOptions(screen.getByLabelText('Room'), 'Bay 2');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: 'open', room_id: '12' }));
    await user.type(screen.getByLabelText('Problem'), 'thrips');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ room_id: '12', problem: 'thrips' }));
    expect(queries.filter((q) => q.problem && q.problem !== 'thrips')).toEqual([]);
    await user.type(screen.getByLabelText('From date'), '2026-03-01');
    await user.type(screen.getByLabelText('To date'), '2026-03-05');
    await waitFor(() => expect(queries.at(-1)).toEqual({ company_id: '3', status: 'open', room_id: '12', problem: 'thrips', start_date: '2026-03-01', end_date: '2026-03-05', limit: '50', offset: '0' }));
  });

  it('pages with offset from the address', async () => {
    signInAs({ role: 'Regular', companyId: 3 });
    const { queries } = api();
    render('/dashboard/observations?page=2&status=resolved');
    await waitFor(() => expect(queries[0]).toEqual({ company_id: '3', status: 'resolved', limit: '50', offset: '100' }));
  });

  it('resolves an open observation through manage_problem and reopens a closed one', async () => {
    signInAs({ role: 'Regular', companyId: 3, userId: 7 });
    const { managed } = api();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Resolve Western flower thrips' }));
    await waitFor(() => expect(managed).toEqual([{ problemID: 1, action: 'resolve', userID: 7 }]));
    expect(await screen.findByRole('button', { name: 'Reopen Western flower thrips' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen Powdery mildew' }));
    await waitFor(() => expect(managed.at(-1)).toEqual({ problemID: 2, action: 'reopen', userID: 7 }));
  });

  it('shows the form answers and comments: add appends, edit replaces the text, delete removes after confirming', async () => {
    signInAs({ role: 'Regular', companyId: 3, userId: 7 });
    const { commentCalls } = api();
    const user = userEvent.setup();
    render();
    const row = (await screen.findAllByRole('listitem'))[0]!;
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    expect(await within(row).findByText('Form: Weekly scouting')).toBeInTheDocument();
    expect(within(row).getByText('adults, larvae')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    const comments = await within(row).findByRole('list', { name: 'Comments' });
    const texts = () => within(comments).getAllByRole('listitem').map((li) => li.querySelector('p.mt-1')?.textContent);
    expect(texts()).toEqual(['Saw adults on the sticky card', 'Released swirskii']);
    // A regular user edits and deletes only their own comment.
    const [mine, theirs] = within(comments).getAllByRole('listitem');
    expect(within(theirs!).queryByRole('button')).not.toBeInTheDocument();

    await user.type(within(row).getByLabelText('Add a comment'), 'Treated the whole bench');
    await user.click(within(row).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(texts()).toEqual(['Saw adults on the sticky card', 'Released swirskii', 'Treated the whole bench']));
    expect(commentCalls[0]).toEqual({ method: 'add', body: { ResponseID: 501, UserID: 7, CommentText: 'Treated the whole bench' } });

    await user.click(within(mine!).getByRole('button', { name: 'Edit your comment' }));
    const box = within(mine!).getByLabelText('Edit your comment');
    await user.clear(box);
    await user.type(box, 'Saw many adults');
    await user.click(within(mine!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(texts()).toEqual(['Saw many adults', 'Released swirskii', 'Treated the whole bench']));
    expect(within(comments).getAllByRole('listitem')[0]).toHaveTextContent('edited');
    expect(commentCalls[1]).toEqual({ method: 'edit', body: { CommentID: 1, UserID: 7, CommentText: 'Saw many adults' } });

    await user.click(within(within(comments).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(dialog).toHaveTextContent('will be removed for everyone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(texts()).toEqual(['Released swirskii', 'Treated the whole bench']));
    expect(commentCalls[2]).toEqual({ method: 'delete', body: { CommentID: 1, UserID: 7 } });
  });

  it('lets an admin delete anyone’s comment but edit only their own', async () => {
    signInAs({ role: 'Admin', companyId: 3, userId: 7 });
    api();
    const user = userEvent.setup();
    render();
    const row = (await screen.findAllByRole('listitem'))[0]!;
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const comments = await within(row).findByRole('list', { name: 'Comments' });
    const theirs = within(comments).getAllByRole('listitem')[1]!;
    expect(within(theirs).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Edit your comment' })).not.toBeInTheDocument();
  });

  it('says what to do when nothing was observed yet', async () => {
    signInAs({ role: 'Regular', companyId: 3 });
    api(0);
    render();
    expect(await screen.findByText('No observations yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to rooms' })).toHaveAttribute('href', '/dashboard/rooms');
  });
});
