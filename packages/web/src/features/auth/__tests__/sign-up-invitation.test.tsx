import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { InvitationStatus } from '@verdant/contract';
import SignUpPage from '../components/sign-up-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const none = { email: null, inviter_name: null, inviter_email: null, expires_at: null };

function answer(invitation: InvitationStatus, seen: string[] = []) {
  server.use(
    http.get(`${API}/invitation_status`, ({ request }) => {
      seen.push(new URL(request.url).searchParams.get('invite_token') ?? '');
      return HttpResponse.json({ status: 'success', invitation });
    }),
  );
}

const open = () => renderRoutes([{ path: '/signUp', element: <SignUpPage /> }, { path: '/signIn', element: <p>Sign-in page</p> }], '/signUp?invite_token=tok-1');

describe('sign-up from an invitation link', () => {
  it('pre-fills the invited e-mail read-only, names the inviter, and signs up with it', async () => {
    const seen: string[] = [];
    answer({ ...none, state: 'valid', email: 'ana@example.com', inviter_name: 'Marta Ruiz', expires_at: '2026-12-01T00:00:00.000Z' }, seen);
    let sent: FormData | null = null;
    server.use(
      http.post(`${API}/Create_new_user`, async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ status: 'error', message: 'This invitation has expired.' }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    open();
    const email = await screen.findByLabelText(/^E-mail address/);
    expect(email).toHaveValue('ana@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(seen).toEqual(['tok-1']);
    expect(screen.getByText(/Marta Ruiz invited you/)).toBeInTheDocument();

    await user.type(email, 'other@example.com');
    expect(email).toHaveValue('ana@example.com');
    await user.type(screen.getByLabelText(/^First name/), 'Ana');
    await user.type(screen.getByLabelText(/^Last name/), 'Lopez');
    await user.type(screen.getByLabelText(/^New password/), 'Tomato-greenhouse-42');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'Tomato-greenhouse-42');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent!.get('email')).toBe('ana@example.com');
    expect(sent!.get('invite_token')).toBe('tok-1');
  });

  it('says a used invitation was used and leads to sign-in, without the form', async () => {
    answer({ ...none, state: 'used' });
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'This invitation was already used' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First name/)).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Sign in' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signIn'));
  });

  it('says an expired invitation expired and whom to ask, with a mail link', async () => {
    answer({ ...none, state: 'expired', inviter_name: 'Marta Ruiz', inviter_email: 'marta@example.com' });
    open();
    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Marta Ruiz' })).toHaveAttribute('href', 'mailto:marta@example.com');
    expect(screen.getByText(/or your company admin for a new one/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First name/)).not.toBeInTheDocument();
  });

  it('says an unknown link does not work', async () => {
    answer({ ...none, state: 'unknown' });
    open();
    expect(await screen.findByRole('heading', { name: 'This invitation link does not work' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First name/)).not.toBeInTheDocument();
  });

  it('still offers the form, e-mail editable, when the state cannot be read', async () => {
    server.use(http.get(`${API}/invitation_status`, () => HttpResponse.json({ status: 'error', message: 'Server busy' }, { status: 503 })));
    open();
    const email = await screen.findByLabelText(/^E-mail address/, {}, { timeout: 4000 });
    expect(email).not.toHaveAttribute('readonly');
  });
});
