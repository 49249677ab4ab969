import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import BatchesPage from '../components/batches-page';
import { downloadBatchQr } from '../../../api/batches';

// jsdom's XMLHttpRequest cannot hand MSW a binary body, so the PNG call itself is covered in api tests.
vi.mock('../../../api/batches', async (original) => ({
  ...(await original<typeof import('../../../api/batches')>()),
  downloadBatchQr: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
}));
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { BUILT_IN, makeBatch } from './fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function api() {
  const calls: { assign?: { query: string; body: Record<string, string> }; create?: Record<string, string>; qr: string[] } = { qr: [] };
  server.use(
    http.get(`${API}/get_batches`, () =>
      HttpResponse.json([makeBatch(), makeBatch({ BatchID: 2, BatchNumber: 'B-002', StrainName: 'Mint', BatchStatus: 'Planned' })]),
    ),
    http.get(`${API}/get_custom_batch_statuses`, () =>
      HttpResponse.json({ status: 'success', custom_statuses: [{ id: 1, status_name: 'Hardening', created_at: '2026-01-01T00:00:00Z' }], built_in_statuses: BUILT_IN }),
    ),
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [] })),
    http.get(`${API}/crops`, () => HttpResponse.json({ status: 'success', crops: [{ crop_id: 4, name: 'Tomato', eppo_code: 'LYPES', batch_count: 0 }] })),
    http.post(`${API}/assign_status_to_batches`, async ({ request }) => {
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      calls.assign = { query: new URL(request.url).search, body };
      return HttpResponse.json({ status: 'success', message: 'ok', batch_status: body.batch_status, batch_ids: [1, 2], changed: 2 });
    }),
    http.post(`${API}/create_batch`, async ({ request }) => {
      calls.create = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)]));
      return HttpResponse.json({ status: 'success', message: 'Batch created.', batch: makeBatch({ BatchID: 9, BatchNumber: calls.create.BatchNumber! }) });
    }),
    http.get(`${API}/batch_qr_url/:id`, ({ request, params }) => {
      calls.qr.push(`${String(params.id)}${new URL(request.url).search}`);
      return HttpResponse.json({ status: 'success', url: 'data:image/png;base64,AAAA', target_url: 'http://x/dashboard/batch-info/1', size: 256 });
    }),
  );
  return calls;
}

const render = () => renderRoutes([{ path: '/dashboard/batches', element: <BatchesPage /> }], '/dashboard/batches');

describe('BatchesPage', () => {
  it('changes the status of the selected batches with form batch_status and comma-joined batch_ids', async () => {
    signInAs({ companyId: 3 });
    const calls = api();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('checkbox', { name: 'Select batch B-001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select batch B-002' }));
    const bar = screen.getByRole('region', { name: 'Selected batches' });
    expect(within(bar).getByText('2 batches selected')).toBeInTheDocument();
    await user.selectOptions(within(bar).getByLabelText('New status'), 'Hardening');
    await user.click(within(bar).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(calls.assign).toBeDefined());
    expect(calls.assign!.query).toBe('?company_id=3');
    expect(calls.assign!.body).toEqual({ batch_status: 'Hardening', batch_ids: '1,2' });
    expect(await screen.findByText('2 batches are now Hardening.')).toBeInTheDocument();
  });

  it('filters by status and strain and says so when nothing matches', async () => {
    signInAs({ companyId: 3 });
    api();
    const user = userEvent.setup();
    render();
    await screen.findByText('B-001');
    await user.selectOptions(screen.getByLabelText('Strain'), 'Mint');
    expect(screen.queryByText('B-001')).not.toBeInTheDocument();
    expect(screen.getByText('B-002')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Ready');
    expect(screen.getByText('No batch matches these filters')).toBeInTheDocument();
  });

  it('refuses an end date before the start date as a field error and sends nothing', async () => {
    signInAs({ companyId: 3 });
    const calls = api();
    const user = userEvent.setup();
    render();
    await screen.findByText('B-001');
    await user.click(screen.getAllByRole('button', { name: 'New batch' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New batch' });
    await user.type(within(dialog).getByLabelText(/Batch number/), 'B-100');
    await user.type(within(dialog).getByLabelText('Start date'), '2026-03-10');
    await user.type(within(dialog).getByLabelText('End date'), '2026-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create batch' }));
    expect(within(dialog).getByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.create).toBeUndefined();

    await user.clear(within(dialog).getByLabelText('End date'));
    await user.type(within(dialog).getByLabelText('End date'), '2026-04-01');
    // The batch's crop, from the company's crop list (issue 22).
    await user.selectOptions(within(dialog).getByLabelText(/^Crop/), await within(dialog).findByRole('option', { name: 'Tomato (LYPES)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create batch' }));
    await waitFor(() => expect(calls.create).toBeDefined());
    expect(calls.create).toMatchObject({ BatchNumber: 'B-100', company_id: '3', StartDate: '2026-03-10', EndDate: '2026-04-01', BatchStatus: 'Planned', CropID: '4' });
  });

  it('shows the QR code at size 256 and downloads the PNG', async () => {
    signInAs({ companyId: 3 });
    const calls = api();
    const user = userEvent.setup();
    const created: string[] = [];
    URL.createObjectURL = (b: Blob) => (created.push(b.type), 'blob:x');
    URL.revokeObjectURL = () => undefined;
    render();
    await user.click(await screen.findByRole('button', { name: 'QR code of batch B-001' }));
    const dialog = screen.getByRole('dialog', { name: 'QR code of batch B-001' });
    expect(await within(dialog).findByRole('img', { name: 'QR code of batch B-001' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(calls.qr).toEqual(['1?company_id=3&size=256']);
    expect(within(dialog).getByText('http://x/dashboard/batch-info/1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(created).toEqual(['image/png']));
    expect(downloadBatchQr).toHaveBeenCalledWith(1, 3);
  });
});
