import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import TransferPage from '../components/transfer-page';
import { renderRoutes } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-01-05T08:00:00.000Z';
const preview = {
  format: 'csv', lines_read: 3, create: { rooms: ['Hall 2'], grids: [{ room: 'Hall 2', grid: 'G', columns: 1, rows: 1 }], boxes: 1 },
  change: 1, unchanged: 0, refused: 1, truncated: false,
  lines: [
    { line: 2, action: 'change', room: 'Hall 1', grid: 'A', column: 1, row: 1, detail: 'status: Seedling → Flowering' },
    { line: 3, action: 'create', room: 'Hall 2', grid: 'G', column: 1, row: 1, detail: '' },
    { line: 4, action: 'refuse', room: 'Hall 1', grid: 'A', column: 1, row: 2, detail: 'box_name starts with = + - or @ (a spreadsheet formula).' },
  ],
  refuse: [{ line: 4, reason: 'box_name starts with = + - or @ (a spreadsheet formula).' }],
};
const imported = { import_id: 5, format: 'csv', file_name: 'facility.csv', rooms_created: 1, grids_created: 1, boxes_written: 2, created_at: T, undone_at: null as string | null };

function transferApi() {
  const calls: string[] = [];
  let imports: (typeof imported)[] = [];
  server.use(
    http.get(`${API}/facility/imports`, () => HttpResponse.json({ status: 'success', imports })),
    http.post(`${API}/facility/import`, async ({ request }) => {
      const form = await request.formData();
      const dry = form.get('dry_run') === '1';
      calls.push(dry ? 'preview' : 'apply');
      if (!dry) imports = [imported];
      return HttpResponse.json({ status: 'success', message: 'ok', preview, import: dry ? null : imported });
    }),
    http.post(`${API}/facility/import/undo`, () => {
      calls.push('undo');
      imports = [{ ...imported, undone_at: T }];
      return HttpResponse.json({ status: 'success', message: 'Import undone.', import: imports[0] });
    }),
  );
  return { calls };
}

const render = () => renderRoutes([{ path: '/dashboard/rooms/transfer', element: <TransferPage /> }], '/dashboard/rooms/transfer');

describe('TransferPage', () => {
  it('previews a chosen file line by line, applies it, and undoes it after asking', async () => {
    signInAs({ role: 'Admin' });
    const api = transferApi();
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();
    await user.upload(await screen.findByLabelText('Facility file'), new File(['room,grid\n'], 'facility.csv', { type: 'text/csv' }));
    const table = await screen.findByRole('region', { name: 'Lines of the file' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('status: Seedling → Flowering');
    expect(rows[3]).toHaveTextContent('Refused');
    expect(screen.getByText('1 new room')).toBeInTheDocument();
    expect(api.calls).toEqual(['preview']);
    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText('Imported: 1 rooms and 1 grids created, 2 boxes written. You can undo it below.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo the import of facility.csv' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    expect(screen.queryByText(/Imported:/)).not.toBeInTheDocument();
    expect(api.calls).toEqual(['preview', 'apply', 'undo']);
  });

  it('shows the server\'s reason when a file cannot be read', async () => {
    signInAs({ role: 'Admin' });
    transferApi();
    server.use(http.post(`${API}/facility/import`, () => HttpResponse.json({ status: 'error', error: 'bad_request', field: 'file', message: 'The CSV has no "row" column.' }, { status: 400 })));
    const user = userEvent.setup();
    render();
    await user.upload(await screen.findByLabelText('Facility file'), new File(['x'], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The CSV has no "row" column.')).toBeInTheDocument();
  });

  it('offers only the export to a regular user', async () => {
    signInAs({ role: 'Regular' });
    render();
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.getByText('Only admins can import a facility file.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Facility file')).not.toBeInTheDocument();
  });
});
