import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import NewPasswordPage from '../components/new-password-page';
import SignUpPage from '../components/sign-up-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('one-time tokens in links', () => {
  it('the new-password page takes the token out of the address and still uses it', async () => {
    let sentToken: string | null = null;
    server.use(
      http.post(`${API}/reset_password`, ({ request }) => {
        sentToken = new URL(request.url).searchParams.get('token');
        return HttpResponse.json({ status: 'success', message: 'Your password has been changed.' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/NewPassword', element: <NewPasswordPage /> }], '/NewPassword?token=reset-abc&lang=nl');

    await waitFor(() => expect(router.state.location.search).toBe('?lang=nl'));
    expect(router.state.historyAction).toBe('REPLACE');

    await user.type(await screen.findByLabelText(/^New password/), 'Tomato-greenhouse-42');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'Tomato-greenhouse-42');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(sentToken).toBe('reset-abc'));
  });

  it('the sign-up page takes the invitation token out of the address', async () => {
    server.use(
      http.get(`${API}/invitation_status`, () =>
        HttpResponse.json({ status: 'success', invitation: { state: 'valid', email: 'new@example.com', inviter_name: null, inviter_email: null, expires_at: null } }),
      ),
    );
    const { router } = renderRoutes([{ path: '/signUp', element: <SignUpPage /> }], '/signUp?invite_token=inv-123');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The form stays: the token lives on in the page.
    expect(await screen.findByLabelText(/^First name/)).toBeInTheDocument();
  });
});
