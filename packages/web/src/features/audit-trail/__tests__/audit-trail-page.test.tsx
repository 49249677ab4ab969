import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AuditEvent } from '@verdant/contract';
import AuditTrailPage, { changedKeys } from '../components/audit-trail-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-03-02T12:00:00.000Z';
const ev = (id: number, more: Partial<AuditEvent> = {}): AuditEvent => ({
  id, CompanyID: 3, UserID: 8, UserName: 'Bo Admin', EventTitle: 'Batch harvested', Action: 'batch.harvest', EntityType: 'batch', EntityID: '5',
  RoomID: null, BatchID: 5, response_id: null, before: { status: 'Active' }, after: { status: 'Harvested' }, CreatedAt: T, editable: false, ...more,
});
const myNote = ev(2, { UserID: 7, UserName: 'Ada Grower', EventTitle: 'Released swirskii', Action: 'note', EntityType: 'audit_note', EntityID: null, RoomID: 11, BatchID: null, before: null, after: { EventTitle: 'Released swirskii' }, editable: true });

function api(initial: AuditEvent[] = [myNote, ev(1)]) {
  let events = initial;
  const queries: Array<Record<string, string>> = [];
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  server.use(
    http.get(`${API}/get_audit_events`, ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(q);
      const list = q.entity_type ? events.filter((e) => e.EntityType === q.entity_type) : events;
      return HttpResponse.json({ status: 'success', events: list, total_count: list.length });
    }),
    http.post(`${API}/add_audit_event`, async ({ request }) => {
      const body = (await request.json()) as { EventTitle: string };
      calls.push({ method: 'add', url: request.url, body });
      const made = { ...myNote, id: 9, EventTitle: body.EventTitle };
      events = [made, ...events];
      return HttpResponse.json({ status: 'success', message: 'Audit event added.', event: made });
    }),
    http.put(`${API}/update_audit_event/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { EventTitle: string };
      calls.push({ method: 'edit', url: String(params.id), body });
      events = events.map((e) => (e.id === Number(params.id) ? { ...e, EventTitle: body.EventTitle } : e));
      return HttpResponse.json({ status: 'success', message: 'Audit event updated.', event: events.find((e) => e.id === Number(params.id)) });
    }),
    http.delete(`${API}/delete_audit_event/:id`, ({ params }) => {
      calls.push({ method: 'delete', url: String(params.id) });
      events = events.filter((e) => e.id !== Number(params.id));
      return HttpResponse.json({ status: 'success', message: 'Audit event deleted.', id: Number(params.id) });
    }),
  );
  return { queries, calls };
}

const render = () => renderRoutes([{ path: '/dashboard/audittrail', element: <AuditTrailPage /> }], '/dashboard/audittrail');

describe('AuditTrailPage', () => {
  it('lists events with who, place and an expandable diff, and filters by kind', async () => {
    signInAs({ role: 'Admin', userId: 7, companyId: 3 });
    const { queries } = api();
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Audit events' });
    const [note, harvest] = within(list).getAllByRole('listitem');
    expect(note).toHaveTextContent('Released swirskii');
    expect(within(note!).getByRole('link', { name: 'Room 11' })).toHaveAttribute('href', '/dashboard/rooms/11');
    expect(harvest).toHaveTextContent('Batch harvested');
    expect(harvest).toHaveTextContent(/Bo Admin/);
    expect(within(harvest!).queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(within(harvest!).getByRole('button', { name: 'Show changes' }));
    expect(within(harvest!).getByRole('table')).toHaveTextContent(/status.*Active.*Harvested/);
    expect(queries[0]).toEqual({ company_id: '3', limit: '100', offset: '0' });

    await user.selectOptions(screen.getByLabelText('Kind'), 'Notes');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ entity_type: 'audit_note' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('adds, edits and deletes (after confirming) your own note', async () => {
    signInAs({ role: 'Admin', userId: 7, companyId: 3 });
    const { calls } = api();
    const user = userEvent.setup();
    render();
    await screen.findByRole('list', { name: 'Audit events' });
    await user.type(screen.getByLabelText('Note'), 'Checked sticky cards');
    await user.click(screen.getByRole('button', { name: 'Add a note' }));
    await waitFor(() => expect(calls[0]).toMatchObject({ method: 'add', body: { CompanyID: 3, UserID: 7, EventTitle: 'Checked sticky cards', RoomID: null, BatchID: null } }));
    expect(await screen.findByText('Checked sticky cards')).toBeInTheDocument();

    const row = screen.getByText('Released swirskii').closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const input = within(row).getByLabelText('Note title');
    await user.clear(input);
    await user.type(input, 'Released swirskii in bay 1');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'edit', url: '2', body: { EventTitle: 'Released swirskii in bay 1' } }));

    const edited = (await screen.findByText('Released swirskii in bay 1')).closest('li')!;
    await user.click(within(edited).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'delete', url: '2' }));
    await waitFor(() => expect(screen.queryByText('Released swirskii in bay 1')).toBeNull());
  });

  it('shows an empty state, and an admins-only notice to Regular users', async () => {
    signInAs({ role: 'Admin', companyId: 3 });
    api([]);
    const { unmount } = render();
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
    unmount();
    signInAs({ role: 'Regular', companyId: 3 });
    render();
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a note' })).toBeInTheDocument();
  });

  it('diffs only the keys that changed', () => {
    expect(changedKeys({ a: 1, b: 2 }, { a: 1, b: 3, c: 4 })).toEqual(['b', 'c']);
    expect(changedKeys(null, null)).toEqual([]);
  });
});
