import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { consultantsMessages, type Consultant } from '@verdant/contract';
import ConsultantsPage from '../components/consultants-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const rooms = [makeRoom({ roomId: 11, name: 'Propagation', nx: 1, ny: 1 }), makeRoom({ roomId: 12, gridId: 22, name: 'Flower Room', nx: 1, ny: 1 })];
const roomName = (id: number) => rooms.find((r) => r.RoomID === id)!.Name;

function consultant(id: number, name: string, roomIds: number[], state: Consultant['state'] = 'active'): Consultant {
  return {
    consultant_id: id, email: `${name.split(' ')[0]!.toLowerCase()}@advice.example`, name, state, user_id: state === 'active' ? 40 + id : null,
    rooms: roomIds.map((room_id) => ({ room_id, name: roomName(room_id) })), invited_by: 7, created_at: '2026-11-20T09:00:00Z',
  };
}

/** The consultants API as the server behaves: the list, and the three writes changing it. */
function consultantsApi(initial: Consultant[] = []) {
  const state = { list: initial.map((c) => ({ ...c })), writes: [] as Array<{ path: string; body: Record<string, unknown> }> };
  const handlers = [
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms })),
    http.get(`${API}/get_consultants`, () => HttpResponse.json({ status: 'success', consultants: state.list })),
    http.post(`${API}/invite_consultant`, async ({ request }) => {
      const body = (await request.json()) as { email: string; name: string; room_ids: number[] };
      state.writes.push({ path: '/invite_consultant', body });
      const created = { ...consultant(state.list.length + 1, body.name, body.room_ids, 'invited'), email: body.email };
      state.list.push(created);
      return HttpResponse.json({ status: 'success', message: consultantsMessages.invited, invite_token: 'tok-123', consultant: created });
    }),
    http.post(`${API}/update_consultant_rooms`, async ({ request }) => {
      const body = (await request.json()) as { consultant_id: number; room_ids: number[] };
      state.writes.push({ path: '/update_consultant_rooms', body });
      const c = state.list.find((x) => x.consultant_id === body.consultant_id)!;
      c.rooms = body.room_ids.map((room_id) => ({ room_id, name: roomName(room_id) }));
      return HttpResponse.json({ status: 'success', message: consultantsMessages.roomsChanged, consultant: c });
    }),
    http.post(`${API}/revoke_consultant`, async ({ request }) => {
      const body = (await request.json()) as { consultant_id: number };
      state.writes.push({ path: '/revoke_consultant', body });
      state.list = state.list.filter((x) => x.consultant_id !== body.consultant_id);
      return HttpResponse.json({ status: 'success', message: consultantsMessages.revoked, consultant_id: body.consultant_id });
    }),
  ];
  return { state, handlers };
}

describe('consultants page (Admin)', () => {
  it('says what to do when there are no consultants, and asks for a room before inviting', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = consultantsApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<ConsultantsPage />);

    expect(await screen.findByText('No consultants yet')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Name/));
    await user.paste('Iris Adviser');
    await user.click(screen.getByLabelText(/^E-mail address/));
    await user.paste('iris@advice.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Choose at least one room.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([]);
  });

  it('invites a consultant with the rooms ticked and lists them', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = consultantsApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<ConsultantsPage />);

    await user.click(await screen.findByLabelText(/^Name/));
    await user.paste('Iris Adviser');
    await user.click(screen.getByLabelText(/^E-mail address/));
    await user.paste('iris@advice.example');
    await user.click(await screen.findByRole('checkbox', { name: 'Flower Room' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to iris@advice.example.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/invite_consultant', body: { company_id: 3, email: 'iris@advice.example', name: 'Iris Adviser', room_ids: [12] } }]);
    expect(screen.getByText(/signUp\?invite_token=tok-123/)).toBeInTheDocument();
    const row = await screen.findByTestId('consultant');
    expect(row).toHaveTextContent('Iris Adviser');
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(within(row).getByRole('list', { name: 'Rooms of Iris Adviser' })).getByText('Flower Room')).toBeInTheDocument();
  });

  it("shows the server's refusal of an address", async () => {
    const tokens = signInAs({ role: 'Admin', userId: 7 });
    server.use(
      http.post(`${API}/invite_consultant`, () => HttpResponse.json({ status: 'error', message: consultantsMessages.staffEmail, error: 'conflict' }, { status: 409 })),
      http.post(`${API}/refresh_token`, () => HttpResponse.json({ status: 'success', access_token: tokens.accessToken, refresh_token: tokens.refreshToken })),
      ...consultantsApi().handlers,
    );
    const user = userEvent.setup();
    renderPage(<ConsultantsPage />);
    await user.click(await screen.findByLabelText(/^Name/));
    await user.paste('Ana');
    await user.click(screen.getByLabelText(/^E-mail address/));
    await user.paste('ana@example.com');
    await user.click(await screen.findByRole('checkbox', { name: 'Propagation' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(consultantsMessages.staffEmail)).toBeInTheDocument();
  });

  it("changes a consultant's rooms", async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = consultantsApi([consultant(1, 'Iris Adviser', [11])]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<ConsultantsPage />);

    await user.click(await screen.findByRole('button', { name: 'Change rooms' }));
    const dialog = screen.getByRole('dialog', { name: 'Rooms of Iris Adviser' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Propagation' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Flower Room' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save rooms' }));

    expect(await screen.findByText('Rooms of Iris Adviser changed.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/update_consultant_rooms', body: { company_id: 3, consultant_id: 1, room_ids: [11, 12] } }]);
    const list = screen.getByRole('list', { name: 'Rooms of Iris Adviser' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Propagation', 'Flower Room']));
  });

  it('asks before revoking, saying the consultant is signed out at once', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = consultantsApi([consultant(1, 'Iris Adviser', [11])]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<ConsultantsPage />);

    await user.click(await screen.findByRole('button', { name: 'Revoke access' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke access for Iris Adviser?' });
    expect(dialog).toHaveTextContent('signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.state.writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke access' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke access for Iris Adviser?' })).getByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByText('Access for Iris Adviser revoked.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/revoke_consultant', body: { company_id: 3, consultant_id: 1 } }]);
    expect(await screen.findByText('No consultants yet')).toBeInTheDocument();
  });

  it('tells a Regular user that only administrators manage consultants', async () => {
    signInAs({ role: 'Regular', userId: 8 });
    renderPage(<ConsultantsPage />);
    expect(await screen.findByText('Only administrators invite consultants and choose their rooms.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });
});
