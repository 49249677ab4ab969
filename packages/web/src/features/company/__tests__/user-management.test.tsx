import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { usersMessages, type UserRole } from '@verdant/contract';
import CompanyPage from '../components/company-page';
import { UserManagement } from '../components/user-management';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function person(user_id: number, first_name: string, user_role: UserRole, active = true) {
  return {
    user_id,
    company_id: 3,
    first_name,
    last_name: 'Grower',
    email: `${first_name.toLowerCase()}@example.com`,
    user_role,
    location: null,
    created_at: '2025-03-01T10:00:00Z',
    active,
  };
}

/** A small users API: the list, and the two writes, which change it as the server would. */
function usersApi(people = [person(7, 'Me', 'Admin'), person(8, 'Ana', 'Regular'), person(9, 'Owner', 'SuperAdmin'), person(10, 'Gone', 'Regular', false)]) {
  const state = { people: people.map((p) => ({ ...p })), writes: [] as Array<{ path: string; body: unknown }> };
  const handlers = [
    http.get(`${API}/load_users`, () => HttpResponse.json({ status: 'success', users: state.people })),
    http.post(`${API}/update_user_role`, async ({ request }) => {
      const body = (await request.json()) as { user_id: number; user_role: UserRole };
      state.writes.push({ path: '/update_user_role', body });
      const user = state.people.find((p) => p.user_id === body.user_id)!;
      user.user_role = body.user_role;
      return HttpResponse.json({ status: 'success', message: usersMessages.roleChanged, user });
    }),
    http.post(`${API}/set_user_active`, async ({ request }) => {
      const body = (await request.json()) as { user_id: number; active: boolean };
      state.writes.push({ path: '/set_user_active', body });
      const user = state.people.find((p) => p.user_id === body.user_id)!;
      user.active = body.active;
      const message = body.active ? usersMessages.userActivated : usersMessages.userDeactivated;
      return HttpResponse.json({ status: 'success', message, user });
    }),
  ];
  return { state, handlers };
}

function row(name: RegExp) {
  return screen.getAllByTestId('company-user').find((li) => name.test(li.textContent ?? ''))!;
}

describe('UserManagement', () => {
  it('lists everyone; an Admin cannot change their own row, a SuperAdmin, or give the SuperAdmin role', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    server.use(...usersApi().handlers);
    renderPage(<UserManagement companyId={3} callerId={7} callerRole="Admin" />);

    await screen.findByText('ana@example.com');
    expect(within(row(/Me Grower/)).queryByRole('combobox')).toBeNull();
    expect(within(row(/Me Grower/)).queryByRole('button')).toBeNull();
    expect(within(row(/Owner/)).queryByRole('combobox')).toBeNull();
    expect(within(row(/Owner/)).getByText('Only a super admin can change this account.')).toBeInTheDocument();

    const role = screen.getByRole('combobox', { name: 'Role of Ana Grower' });
    expect(within(role).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['Regular', 'Admin']);
    expect(within(row(/Gone/)).getByText('Deactivated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate Gone Grower' })).toBeInTheDocument();
  });

  it("offers no role for a consultant: their rooms are chosen on the consultants page", async () => {
    signInAs({ role: 'Admin', userId: 7 });
    server.use(...usersApi([person(7, 'Me', 'Admin'), person(11, 'Iris', 'Consultant')]).handlers);
    renderPage(<UserManagement companyId={3} callerId={7} callerRole="Admin" />);

    await screen.findByText('iris@example.com');
    expect(within(row(/Iris Grower/)).queryByRole('combobox')).toBeNull();
    expect(within(row(/Iris Grower/)).getByText('Consultant')).toBeInTheDocument();
    expect(within(row(/Iris Grower/)).getByText('Their rooms are chosen on the Consultants page.')).toBeInTheDocument();
  });

  it('offers the SuperAdmin role to a SuperAdmin', async () => {
    signInAs({ role: 'SuperAdmin', userId: 9 });
    server.use(...usersApi().handlers);
    renderPage(<UserManagement companyId={3} callerId={9} callerRole="SuperAdmin" />);

    const role = await screen.findByRole('combobox', { name: 'Role of Ana Grower' });
    expect(within(role).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['Regular', 'Admin', 'SuperAdmin']);
    expect(screen.getByRole('combobox', { name: 'Role of Me Grower' })).toBeInTheDocument();
  });

  it("changes a role and shows the server's message", async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = usersApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<UserManagement companyId={3} callerId={7} callerRole="Admin" />);

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Ana Grower' }), 'Admin');

    expect(await screen.findByText('Role changed.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/update_user_role', body: { company_id: 3, user_id: 8, user_role: 'Admin' } }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Ana Grower' })).toHaveValue('Admin'));
  });

  it('asks before deactivating, saying the person is signed out everywhere at once', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    const api = usersApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    renderPage(<UserManagement companyId={3} callerId={7} callerRole="Admin" />);

    await user.click(await screen.findByRole('button', { name: 'Deactivate Ana Grower' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Ana Grower?' });
    expect(dialog).toHaveTextContent('signed out at once on every device');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.state.writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate Ana Grower' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate and sign out' }));

    expect(await screen.findByText('User deactivated. Their sessions end within seconds.')).toBeInTheDocument();
    expect(api.state.writes).toEqual([{ path: '/set_user_active', body: { company_id: 3, user_id: 8, active: false } }]);
    expect(await screen.findByRole('button', { name: 'Reactivate Ana Grower' })).toBeInTheDocument();
  });

  it("reactivates at once, and shows the server's refusal in the user's language", async () => {
    const tokens = signInAs({ role: 'Admin', userId: 7 });
    const api = usersApi();
    server.use(
      http.post(`${API}/set_user_active`, () =>
        HttpResponse.json({ status: 'error', message: usersMessages.superAdminDeactivate, error: 'forbidden' }, { status: 403 }),
      ),
      ...api.handlers,
      // A 403 is retried once after a refresh (spec-1 §4) before the refusal reaches the screen.
      http.post(`${API}/refresh_token`, () => HttpResponse.json({ status: 'success', access_token: tokens.accessToken, refresh_token: tokens.refreshToken })),
    );
    const user = userEvent.setup();
    renderPage(<UserManagement companyId={3} callerId={7} callerRole="Admin" />);

    await user.click(await screen.findByRole('button', { name: 'Reactivate Gone Grower' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a SuperAdmin can deactivate or reactivate a SuperAdmin.');
  });

  it('says what to do when nobody else is in the company', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    server.use(...usersApi([person(7, 'Me', 'Admin')]).handlers);
    renderPage(<UserManagement companyId={3} callerId={7} callerRole="Admin" />);
    expect(await screen.findByText('No colleagues yet')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    signInAs({ role: 'Admin', userId: 7 });
    server.use(http.get(`${API}/load_users`, () => HttpResponse.json({ status: 'error', message: 'Database unavailable' }, { status: 500 })));
    renderPage(<UserManagement companyId={3} callerId={7} callerRole="Admin" />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('CompanyPage for a Regular user', () => {
  it('lists active colleagues read-only, without management', async () => {
    signInAs({ role: 'Regular', userId: 8 });
    server.use(
      ...usersApi().handlers,
      http.get(`${API}/Load_company_by_id/3`, () =>
        HttpResponse.json({
          status: 'success',
          company: {
            company_id: 3,
            company_name: 'Green Ltd',
            company_type: null,
            contact_name: null,
            contact_email: null,
            contact_phone: null,
            created_at: '2025-01-01T00:00:00Z',
          },
        }),
      ),
    );
    renderPage(<CompanyPage />, '/dashboard/company');

    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
    expect(screen.queryByText('gone@example.com')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
  });
});
