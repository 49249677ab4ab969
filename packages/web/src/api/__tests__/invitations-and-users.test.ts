import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { getPendingInvitations } from '../invitations';
import { updateThreshold } from '../users';
import { loadCompanyById } from '../company';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const invitation = {
  invitation_id: 1,
  company_id: 3,
  email: 'ana@example.com',
  role: 'Regular',
  invited_by: 7,
  created_at: '2025-03-01T10:00:00Z',
  expires_at: '2025-03-08T10:00:00Z',
};

describe('getPendingInvitations', () => {
  it('needs a company id', async () => {
    await expect(getPendingInvitations(undefined)).rejects.toThrow('Missing required parameter: companyID');
  });

  it('accepts an array answer', async () => {
    server.use(http.get(`${API}/pending_invitations`, () => HttpResponse.json([invitation])));
    await expect(getPendingInvitations(3)).resolves.toEqual([invitation]);
  });

  it('turns a status-error answer into its message', async () => {
    server.use(
      http.get(`${API}/pending_invitations`, () => HttpResponse.json({ status: 'error', message: 'Nope', error: 'forbidden' })),
    );
    await expect(getPendingInvitations(3)).rejects.toThrow(/^Nope$/);
  });

  it("answers 'Unexpected response from server' for any other shape", async () => {
    server.use(http.get(`${API}/pending_invitations`, () => HttpResponse.json({ invitations: [] })));
    await expect(getPendingInvitations(3)).rejects.toThrow(/^Unexpected response from server$/);
  });
});

describe('updateThreshold', () => {
  it('posts JSON user_id and threshold', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/threshold`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 'success', message: 'Saved' });
      }),
    );
    await expect(updateThreshold(7, 4.5)).resolves.toBe(true);
    expect(body).toEqual({ user_id: 7, threshold: 4.5 });
  });

  it("only logs 'An error occurred while updating the threshold' on failure", async () => {
    server.use(http.post(`${API}/threshold`, () => HttpResponse.json({ status: 'error', message: 'x', error: 'x' }, { status: 400 })));
    await expect(updateThreshold(7, 4.5)).resolves.toBe(false);
    expect(console.error).toHaveBeenCalledWith('An error occurred while updating the threshold', 'x');
  });
});

describe('callEndpoint', () => {
  it('fills path parameters and parses the answer with the contract schema', async () => {
    server.use(
      http.get(`${API}/Load_company_by_id/:companyID`, ({ params }) =>
        HttpResponse.json({
          status: 'success',
          company: {
            company_id: Number(params.companyID),
            company_name: 'Green Acres',
            company_type: null,
            contact_name: null,
            contact_email: null,
            contact_phone: null,
            created_at: '2025-01-01T00:00:00Z',
          },
        }),
      ),
    );
    await expect(loadCompanyById(3)).resolves.toMatchObject({ company_id: 3, company_name: 'Green Acres' });
  });

  it("rejects with the server's message, else the transport message", async () => {
    server.use(
      http.get(`${API}/Load_company_by_id/:companyID`, () =>
        HttpResponse.json({ status: 'error', message: 'Company not found', error: 'not_found' }, { status: 404 }),
      ),
    );
    await expect(loadCompanyById(3)).rejects.toThrow(/^Company not found$/);
    server.use(http.get(`${API}/Load_company_by_id/:companyID`, () => HttpResponse.error()));
    await expect(loadCompanyById(3)).rejects.toThrow(/^Network Error$/);
  });
});
