import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import ConsultantsPage from '../components/consultants-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const observation = {
  ProblemID: 5, Problem: 'Western flower thrips', Severity: 3, Status: 'open', RoomID: 11, RoomName: 'Propagation', GridID: 21, GridName: 'Grid A',
  GridBoxID: 2_100_001, BoxName: 'A1', ResponseID: 900, ObservedAt: '2026-11-24T08:00:00Z', ObservedBy: 8, ObservedByName: 'Ana Grower', Source: 'form_response', photos: [],
};

function consultantApi() {
  const state = { comments: [] as Array<Record<string, unknown>>, requests: [] as string[] };
  server.use(
    http.get(`${API}/get_consultant_rooms`, () => HttpResponse.json({ status: 'success', rooms: [{ room_id: 11, name: 'Propagation' }] })),
    http.get(`${API}/load_room_grids_boxes`, ({ request }) => {
      state.requests.push(request.url);
      return HttpResponse.json({ status: 'success', rooms: [makeRoom({ roomId: 11, name: 'Propagation', nx: 2, ny: 2 })] });
    }),
    http.get(`${API}/get_problem_observations`, ({ request }) => {
      state.requests.push(request.url);
      return HttpResponse.json({ status: 'success', total_count: 1, limit: 50, offset: 0, observations: [observation] });
    }),
    http.get(`${API}/get_comments`, () => HttpResponse.json({ status: 'success', ResponseID: 900, comments: state.comments })),
    http.post(`${API}/add_comment`, async ({ request }) => {
      const body = (await request.json()) as { ResponseID: number; UserID: number; CommentText: string };
      const comment = {
        CommentID: state.comments.length + 1, ResponseID: body.ResponseID, UserID: body.UserID, UserName: 'Iris Adviser', CommentText: body.CommentText,
        CreatedAt: '2026-11-25T10:00:00Z', UpdatedAt: '2026-11-25T10:00:00Z', edited: false,
      };
      state.comments.push(comment);
      return HttpResponse.json({ status: 'success', message: 'Comment added.', comment });
    }),
  );
  return state;
}

describe('consultants page (a signed-in consultant)', () => {
  it('lists only their rooms and opens one read only: its grids and observations', async () => {
    signInAs({ role: 'Consultant', userId: 41 });
    const api = consultantApi();
    const user = userEvent.setup();
    renderPage(<ConsultantsPage />);

    expect(await screen.findByRole('heading', { name: 'My rooms' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /Propagation/ }));

    expect(await screen.findByText('4 boxes')).toBeInTheDocument();
    const row = await screen.findByTestId('observation');
    expect(row).toHaveTextContent('Western flower thrips');
    expect(row).toHaveTextContent('Grid A · A1');
    // Every read names the room: a consultant never asks for the whole company.
    expect(api.requests.every((url) => new URL(url).searchParams.get('room_id') === '11')).toBe(true);
    // Read only: nothing to resolve, dismiss or scout; the one write is a comment.
    expect(within(row).queryByRole('button', { name: /resolve|dismiss/i })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back to my rooms' }));
    expect(await screen.findByRole('button', { name: /Propagation/ })).toBeInTheDocument();
  });

  it('adds a comment to an observation of their room', async () => {
    signInAs({ role: 'Consultant', userId: 41 });
    const api = consultantApi();
    const user = userEvent.setup();
    renderPage(<ConsultantsPage />);

    await user.click(await screen.findByRole('button', { name: /Propagation/ }));
    const row = await screen.findByTestId('observation');
    await user.click(within(row).getByRole('button', { name: 'Comments' }));
    expect(await within(row).findByText(/^No comments yet\./)).toBeInTheDocument();
    await user.click(within(row).getByLabelText('Add a comment'));
    await user.paste('Release Orius here this week.');
    await user.click(within(row).getByRole('button', { name: 'Add comment' }));
    expect(await within(row).findByText('Release Orius here this week.')).toBeInTheDocument();
    await waitFor(() => expect(api.comments).toMatchObject([{ ResponseID: 900, UserID: 41, CommentText: 'Release Orius here this week.' }]));
  });

  it('says what to do when no room is shared', async () => {
    signInAs({ role: 'Consultant', userId: 41 });
    server.use(http.get(`${API}/get_consultant_rooms`, () => HttpResponse.json({ status: 'success', rooms: [] })));
    renderPage(<ConsultantsPage />);
    expect(await screen.findByText('No rooms shared with you')).toBeInTheDocument();
  });
});
