import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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

/** What every render of the page reads besides the facility's imports: the rooms (the observations' filter) and the observation imports. */
function baseApi() {
  server.use(
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [{ RoomID: 11, CompanyID: 3, Name: 'Bay 1', Description: '', CreatedDateTime: T, UpdatedDateTime: T, Scanned: false, ScannedDateTime: null, LastScannedBy: null, WhiteboardImage: null, StartScroll: 0, grids: [] }] })),
    http.get(`${API}/observations/imports`, () => HttpResponse.json({ status: 'success', imports: [] })),
    http.get(`${API}/import_jobs`, () => HttpResponse.json({ status: 'success', job: null })),
  );
}

function transferApi() {
  const calls: string[] = [];
  let imports: (typeof imported)[] = [];
  baseApi();
  server.use(
    http.get(`${API}/facility/imports`, () => HttpResponse.json({ status: 'success', imports })),
    http.post(`${API}/facility/import/undo`, () => {
      calls.push('undo');
      imports = [{ ...imported, undone_at: T }];
      return HttpResponse.json({ status: 'success', message: 'Import undone.', import: imports[0] });
    }),
  );
  const keys: string[] = [];
  jobsApi(calls, {
    facility: (dry) => {
      if (!dry) imports = [imported];
      return { preview, import: dry ? null : imported };
    },
    observations: () => null,
  }, keys);
  return { calls, keys };
}

/**
 * The import jobs (docs/decisions.md, "Import jobs"): a started job is running at 1 of its lines, asked again it is
 * done with `answer(dry)`; every start is recorded in `calls` as preview or apply, with its Idempotency-Key.
 */
function jobsApi(calls: string[], answers: Record<'facility' | 'observations', (dry: boolean) => unknown>, keys: string[] = []) {
  const jobs = new Map<number, { kind: 'facility' | 'observations'; dry: boolean; asked: number }>();
  const view = (id: number) => {
    const j = jobs.get(id)!;
    const done = j.asked > 1;
    return {
      job_id: id, kind: j.kind, dry_run: j.dry, file_name: 'f.csv', status: done ? 'done' : 'running', rows_done: done ? 3 : 1, rows_total: 3,
      error: null, created_at: T, finished_at: done ? T : null,
      facility: done && j.kind === 'facility' ? answers.facility(j.dry) : null,
      observations: done && j.kind === 'observations' ? answers.observations(j.dry) : null,
    };
  };
  server.use(
    http.post(`${API}/import_jobs`, async ({ request }) => {
      const form = await request.formData();
      const dry = form.get('dry_run') === '1';
      const kind = form.get('kind') as 'facility' | 'observations';
      calls.push(dry ? 'preview' : 'apply');
      keys.push(request.headers.get('idempotency-key') ?? '');
      const id = jobs.size + 1;
      jobs.set(id, { kind, dry, asked: 0 });
      return HttpResponse.json({ status: 'success', message: 'started', job: view(id) });
    }),
    http.get(`${API}/import_jobs`, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('job_id'));
      if (!id) return HttpResponse.json({ status: 'success', job: null });
      jobs.get(id)!.asked++;
      return HttpResponse.json({ status: 'success', job: view(id) });
    }),
  );
}

const render = () => renderRoutes([{ path: '/dashboard/rooms/transfer', element: <TransferPage /> }], '/dashboard/rooms/transfer');

describe('TransferPage', () => {
  it('previews a chosen file line by line, applies it, and undoes it after asking', async () => {
    signInAs({ role: 'Admin' });
    const api = transferApi();
    const user = userEvent.setup();
    render();
    await waitFor(() => expect(screen.getAllByText('No imports yet')).toHaveLength(2));
    await user.upload(await screen.findByLabelText('Facility file'), new File(['room,grid\n'], 'facility.csv', { type: 'text/csv' }));
    const table = await screen.findByRole('region', { name: 'Lines of the file' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('status: Seedling → Flowering');
    expect(rows[3]).toHaveTextContent('Refused');
    expect(screen.getByText('1 new room')).toBeInTheDocument();
    expect(api.calls).toEqual(['preview']);
    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText('Importing: 1 of 3 lines')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '1');
    expect(await screen.findByText('Imported: 1 rooms and 1 grids created, 2 boxes written. You can undo it below.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo the import of facility.csv' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    expect(screen.queryByText(/Imported:/)).not.toBeInTheDocument();
    expect(api.calls).toEqual(['preview', 'apply', 'undo']);
    expect(new Set(api.keys).size).toBe(2);
  }, 30_000);

  it('shows an import still running on the server when the page opens, with its progress, until it is done', async () => {
    signInAs({ role: 'Admin' });
    transferApi();
    let asks = 0;
    server.use(
      http.get(`${API}/import_jobs`, () => {
        asks++;
        const done = asks > 2;
        return HttpResponse.json({
          status: 'success',
          job: {
            job_id: 4, kind: 'facility', dry_run: false, file_name: 'big.csv', status: done ? 'done' : 'running', rows_done: done ? 100000 : 42000, rows_total: 100000,
            error: null, created_at: T, finished_at: done ? T : null, facility: done ? { preview, import: imported } : null, observations: null,
          },
        });
      }),
    );
    render();
    expect(await screen.findByText('“big.csv” is still being read on the server; its result shows in the list below when it is done.')).toBeInTheDocument();
    expect(screen.getByText('Importing: 42,000 of 100,000 lines')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/is still being read on the server/)).not.toBeInTheDocument(), { timeout: 5000 });
  }, 30_000);

  it('shows the server\'s reason when a file cannot be read', async () => {
    signInAs({ role: 'Admin' });
    transferApi();
    server.use(http.post(`${API}/import_jobs`, () => HttpResponse.json({ status: 'error', error: 'bad_request', field: 'file', message: 'The CSV has no "row" column.' }, { status: 400 })));
    const user = userEvent.setup();
    render();
    await user.upload(await screen.findByLabelText('Facility file'), new File(['x'], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The CSV has no "row" column.')).toBeInTheDocument();
  });

  it('offers only the exports to a regular user', async () => {
    signInAs({ role: 'Regular' });
    baseApi();
    render();
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download observations CSV' })).toBeInTheDocument();
    expect(screen.getByText('Only admins can import a facility file.')).toBeInTheDocument();
    expect(screen.getByText('Only admins can import an observations file.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Facility file')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Observations file')).not.toBeInTheDocument();
  });

  it('previews an observations file line by line, applies it and undoes it', async () => {
    signInAs({ role: 'Admin' });
    transferApi();
    const calls: string[] = [];
    const obsPreview = {
      format: 'csv', lines_read: 2, create: 1, change: 0, unchanged: 0, refused: 1, truncated: false,
      lines: [
        { line: 2, action: 'create', room: 'Bay 1', grid: 'A', column: 2, row: 1, problem: 'Aphids', observed_at: T, detail: 'severity: — → 3' },
        { line: 3, action: 'refuse', room: 'Nowhere', grid: '', column: null, row: null, problem: 'Thrips', observed_at: '2026-02-30', detail: 'There is no room "Nowhere".' },
      ],
    };
    const obsImport = { import_id: 9, format: 'csv', file_name: 'obs.csv', created: 1, changed: 0, created_at: T, undone_at: null as string | null };
    let obsImports: (typeof obsImport)[] = [];
    server.use(
      http.get(`${API}/observations/imports`, () => HttpResponse.json({ status: 'success', imports: obsImports })),
      http.post(`${API}/observations/import/undo`, () => {
        calls.push('undo');
        obsImports = [{ ...obsImport, undone_at: T }];
        return HttpResponse.json({ status: 'success', message: 'Import undone.', import: obsImports[0] });
      }),
    );
    jobsApi(calls, {
      facility: () => null,
      observations: (dry) => {
        if (!dry) obsImports = [obsImport];
        return { preview: obsPreview, import: dry ? null : obsImport };
      },
    });
    const user = userEvent.setup();
    render();
    await user.upload(await screen.findByLabelText('Observations file'), new File(['room,grid\n'], 'obs.csv', { type: 'text/csv' }));
    const table = await screen.findByRole('region', { name: 'Lines of the observations file' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Aphids');
    expect(rows[1]).toHaveTextContent('Bay 1 › A (2, 1)');
    expect(rows[2]).toHaveTextContent('Refused');
    expect(rows[2]).toHaveTextContent('2026-02-30');
    expect(rows[2]).toHaveTextContent('There is no room "Nowhere".');
    expect(screen.getByText('1 new observation')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply observations import' }));
    expect(await screen.findByText('Imported: 1 observations created, 0 changed. You can undo it below.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo the observations import of obs.csv' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    expect(calls).toEqual(['preview', 'apply', 'undo']);
  }, 30_000);

  it('exports the observations of the room and days chosen, and refuses a first day after the last', async () => {
    signInAs({ role: 'Admin' });
    transferApi();
    const calls: string[] = [];
    server.use(
      http.get(`${API}/observations/export`, ({ request }) => {
        calls.push(new URL(request.url).search);
        return new HttpResponse('room,grid\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    render();
    await screen.findByRole('option', { name: 'Bay 1' });
    await user.selectOptions(screen.getByLabelText('Room'), '11');
    await user.type(screen.getByLabelText('From'), '2026-03-05');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    expect(screen.getByText('The first day must not be after the last.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download observations CSV' })).toBeDisabled();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Download observations GeoJSON' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(Object.fromEntries(new URLSearchParams(calls[0]))).toMatchObject({ format: 'geojson', room_id: '11', start_date: '2026-03-05', end_date: '2026-03-31' });
  }, 30_000);
});
