import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { usersMessages } from '@verdant/contract';
import { SprayLicenceForm } from '../components/spray-licence-form';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/**
 * POST /set_spray_licence as the server answers it (blank clears), recording each body, and GET /load_users
 * carrying the number on record — `stored` at first, then what was saved.
 */
function licenceApi(stored: string | null = null) {
  const bodies: unknown[] = [];
  let onRecord = stored;
  server.use(
    http.get(`${API}/load_users`, () => HttpResponse.json({
      status: 'success',
      users: [{
        user_id: 7, company_id: 3, first_name: 'Sam', last_name: 'Scout', email: 'sam@example.com', user_role: 'Regular',
        location: null, created_at: '2026-01-01T00:00:00.000Z', active: true, spray_licence_number: onRecord,
      }],
    })),
    http.post(`${API}/set_spray_licence`, async ({ request }) => {
      const body = (await request.json()) as { user_id: number; spray_licence_number: string | null };
      bodies.push(body);
      onRecord = body.spray_licence_number;
      return HttpResponse.json({ status: 'success', message: usersMessages.licenceSaved, user_id: body.user_id, spray_licence_number: body.spray_licence_number });
    }),
  );
  return bodies;
}

describe('SprayLicenceForm', () => {
  it('shows the number on record when the page opens', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    licenceApi('NL-GB-998877');
    renderPage(<SprayLicenceForm userId={7} companyId={3} />, '/dashboard/profile');
    expect(await screen.findByText('On record: NL-GB-998877')).toBeInTheDocument();
  });

  it('saves the licence number, shows it on record, and removes it when saved blank', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const bodies = licenceApi();
    const user = userEvent.setup();
    renderPage(<SprayLicenceForm userId={7} companyId={3} />, '/dashboard/profile');
    expect(await screen.findByText('No licence number on record.')).toBeInTheDocument();

    await user.type(await screen.findByLabelText('Licence number'), '  NL-GB-123456 ');
    await user.click(screen.getByRole('button', { name: 'Save licence number' }));
    expect(await screen.findByText('On record: NL-GB-123456')).toBeInTheDocument();
    expect(bodies).toEqual([{ user_id: 7, spray_licence_number: 'NL-GB-123456' }]);
    expect(screen.getByLabelText('Licence number')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove licence number' }));
    expect(await screen.findByText('No licence number on record.')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ user_id: 7, spray_licence_number: null });
  });

  it('refuses a number over 100 characters before sending, and shows a refusal from the server', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Regular' });
    const bodies = licenceApi();
    const user = userEvent.setup();
    renderPage(<SprayLicenceForm userId={7} companyId={3} />, '/dashboard/profile');
    const field = await screen.findByLabelText('Licence number');
    await user.click(field);
    await user.paste('X'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save licence number' }));
    expect(screen.getByText('At most 100 characters.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    server.use(http.post(`${API}/set_spray_licence`, () => HttpResponse.json({ status: 'error', message: 'spray_licence_number: must be at most 100 characters' }, { status: 400 })));
    await user.clear(field);
    await user.type(field, 'NL-1');
    await user.click(screen.getByRole('button', { name: 'Save licence number' }));
    expect(await screen.findByText(/must be at most 100 characters/)).toBeInTheDocument();
  });
});
