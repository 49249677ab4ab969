import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiTokensMessages, type ApiToken } from '@verdant/contract';
import { ApiTokensCard } from '../components/api-tokens-card';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const token = (over: Partial<ApiToken> = {}): ApiToken => ({
  token_id: 7,
  name: 'Climate computer',
  scope: 'read',
  hint: 'vdt_1_7_',
  created_at: '2026-11-20T08:00:00.000Z',
  last_used_at: null,
  ...over,
});
const render = (companyId: number) => renderRoutes([{ path: '/dashboard/profile', element: <ApiTokensCard companyId={companyId} /> }], '/dashboard/profile');

describe('ApiTokensCard', () => {
  it('says what to do when there are no tokens', async () => {
    const companyID = 3;
    signInAs({ companyId: companyID });
    server.use(http.get(`${API}/get_api_tokens`, () => HttpResponse.json({ status: 'success', api_tokens: [] })));
    render(companyID);
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument();
    expect(screen.getByText(/Create one above for each script or tool/)).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    const companyID = 3;
    signInAs({ companyId: companyID });
    server.use(http.get(`${API}/get_api_tokens`, () => HttpResponse.error()));
    render(companyID);
    expect(await screen.findByText(apiTokensMessages.fetchFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('creates a token, shows it once with a copy button, then lists it', async () => {
    const companyID = 3;
    signInAs({ companyId: companyID });
    const made = token({ token_id: 8, name: 'Weekly export', scope: 'scouting', hint: `vdt_${companyID}_8_` });
    let list: ApiToken[] = [token()];
    let sent: unknown = null;
    server.use(
      http.get(`${API}/get_api_tokens`, () => HttpResponse.json({ status: 'success', api_tokens: list })),
      http.post(`${API}/create_api_token`, async ({ request }) => {
        sent = await request.json();
        list = [made, ...list];
        return HttpResponse.json({ status: 'success', message: apiTokensMessages.created, token: `vdt_${companyID}_8_${'s'.repeat(43)}`, api_token: made });
      }),
    );
    const user = userEvent.setup();
    render(companyID);
    expect(await screen.findByText('Climate computer')).toBeInTheDocument();
    expect(screen.getByText(/never used/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'Weekly export');
    await user.selectOptions(screen.getByLabelText(/What it may do/), 'scouting');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByLabelText('The new API token');
    expect(shown).toHaveTextContent(`vdt_${companyID}_8_${'s'.repeat(43)}`);
    expect(sent).toEqual({ company_id: companyID, name: 'Weekly export', scope: 'scouting' });
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(`vdt_${companyID}_8_${'s'.repeat(43)}`);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await screen.findByText('Weekly export')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('The new API token')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create token' })).toBeInTheDocument();
  });

  it('asks before revoking, then drops the token from the list', async () => {
    const companyID = 3;
    signInAs({ companyId: companyID });
    let list: ApiToken[] = [token({ last_used_at: '2026-11-28T10:15:00.000Z' })];
    let revoked: unknown = null;
    server.use(
      http.get(`${API}/get_api_tokens`, () => HttpResponse.json({ status: 'success', api_tokens: list })),
      http.post(`${API}/revoke_api_token`, async ({ request }) => {
        revoked = await request.json();
        list = [];
        return HttpResponse.json({ status: 'success', message: apiTokensMessages.revoked, token_id: 7 });
      }),
    );
    const user = userEvent.setup();
    render(companyID);
    expect(await screen.findByText(/last used/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke Climate computer' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke “Climate computer”?' });
    expect(dialog).toHaveTextContent('refused from now on');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoked).toEqual({ company_id: companyID, token_id: 7 }));
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument();
    expect(await screen.findByText(apiTokensMessages.revoked)).toBeInTheDocument();
  });

  it("shows the server's reason when a token cannot be created", async () => {
    const companyID = 3;
    signInAs({ companyId: companyID });
    server.use(
      http.get(`${API}/get_api_tokens`, () => HttpResponse.json({ status: 'success', api_tokens: [] })),
      http.post(`${API}/create_api_token`, () => HttpResponse.json({ status: 'error', error: 'conflict', message: apiTokensMessages.tooMany }, { status: 409 })),
    );
    const user = userEvent.setup();
    render(companyID);
    await user.type(await screen.findByLabelText(/^Name/), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(apiTokensMessages.tooMany)).toBeInTheDocument();
  });
});
