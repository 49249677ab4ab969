import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportProgress } from '../../../api/register';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import RegisterPage from '../components/register-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom } from '../../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('register exports page', () => {
  it('exports the EU record of a period and a room, says a wrong-way period, and shows a refusal', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    const asked: URLSearchParams[] = [];
    const listed: URLSearchParams[] = [];
    let refuse = false;
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [makeRoom()] })),
      http.get(`${API}/register/applications`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        listed.push(q);
        return HttpResponse.json({
          status: 'success', has_more: false,
          applications: [{
            application_id: 9, date: '2026-03-02', start_time: '2026-03-02T07:00:00.000Z', end_time: null, products: 'Vertimec + Teppeki', quantities: '0.25 L + 0.1 kg',
            crop_eppo: 'LYPES', bbch: 61, rooms: 'Bay 1', boxes_treated: 2, area_m2: 100, targets: null, operator: 'Erin Grower', no_entry_until: null, harvest_not_before: '2026-03-05',
          }],
        });
      }),
      http.get(`${API}/register/export`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        if (refuse) return HttpResponse.json({ status: 'error', message: 'Room not found.', error: 'not_found' }, { status: 404 });
        return new HttpResponse('\uFEFFrecord_id,date\r\n1-1,2026-03-02\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8', 'x-export-rows': '1' } });
      }),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:register');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue();
    const user = userEvent.setup();
    renderPage(<RegisterPage />);
    expect(await screen.findByRole('heading', { name: 'Plant-protection register' })).toBeInTheDocument();
    // The period's applications are listed below, what the export will carry.
    const table = await screen.findByTestId('register-applications');
    expect(table).toHaveTextContent('Vertimec + Teppeki');
    expect(table).toHaveTextContent('LYPES · BBCH 61');
    expect(table).toHaveTextContent('Bay 1 · 2 boxes');
    expect(listed[0]!.get('offset')).toBe('0');
    expect(screen.getByTestId('format-help')).toHaveTextContent('One line per product per application');

    await user.clear(screen.getByLabelText(/^From/));
    await user.type(screen.getByLabelText(/^From/), '2026-04-01');
    await user.clear(screen.getByLabelText(/^To/));
    await user.type(screen.getByLabelText(/^To/), '2026-03-01');
    expect(screen.getByText('"To" must not be before "From".')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();

    await user.clear(screen.getByLabelText(/^From/));
    await user.type(screen.getByLabelText(/^From/), '2026-01-01');
    await screen.findByRole('option', { name: 'Bay 1' });
    await user.selectOptions(screen.getByLabelText(/^Room/), 'Bay 1');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(/Export saved/)).toBeInTheDocument();
    expect(Object.fromEntries(asked[0]!)).toEqual({ company_id: '3', format: 'eu_csv', from: '2026-01-01', to: '2026-03-01', room_id: '11' });
    expect(await (created.mock.calls[0]![0] as Blob).text()).toContain('1-1,2026-03-02');

    refuse = true;
    await user.selectOptions(screen.getByLabelText(/^Export/), 'Printable spray diary (HTML)');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export failed')).toBeInTheDocument();
    expect(asked[1]!.get('format')).toBe('spray_diary_html');
  });

  it('shows the export as a percentage of the rows the server announced while the body streams', async () => {
    signInAs({ userId: 7, companyId: 3, role: 'Admin' });
    const enc = new TextEncoder();
    let push: (text: string | null) => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => (text === null ? controller.close() : controller.enqueue(enc.encode(text)));
      },
    });
    server.use(
      http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [] })),
      http.get(`${API}/register/applications`, () => HttpResponse.json({ status: 'success', has_more: false, applications: [] })),
      http.get(`${API}/register/export`, () => new HttpResponse(body, { headers: { 'content-type': 'text/csv; charset=utf-8', 'x-export-rows': '4' } })),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:register');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue();
    const user = userEvent.setup();
    renderPage(<RegisterPage />);
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    push('\uFEFFrecord_id,date\r\n1-1,2026-03-02\r\n2-1,2026-03-03\r\n');
    expect(await screen.findByTestId('register-percent')).toHaveTextContent(/^50% of 4 records/);
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('value', '50');
    push('3-1,2026-03-04\r\n4-1,2026-03-05\r\n');
    // Every line arrived, but the file is whole only once the body ends: 99 until then.
    expect(await screen.findByText(/^99% of 4 records/)).toBeInTheDocument();
    push(null);
    expect(await screen.findByText(/Export saved/)).toBeInTheDocument();
  });
});

describe('exportProgress', () => {
  it('counts records by the lines after the head line, in chunks cut anywhere; unknown without the row header', () => {
    const enc = new TextEncoder();
    const measure = exportProgress('3');
    expect(measure(0, null)).toEqual({ received: 0, rows: 3, percent: 0 });
    expect(measure(10, enc.encode('{"records":[\n{"a":1}'))).toMatchObject({ percent: 0 });
    expect(measure(20, enc.encode(',\n{"a":2},\n{"a"'))).toMatchObject({ percent: 66 });
    expect(measure(30, enc.encode(':3}\n]}\n'))).toMatchObject({ percent: 99 });
    expect(exportProgress(null)(5, enc.encode('a\nb\n'))).toEqual({ received: 5, rows: null, percent: null });
    expect(exportProgress('0')(5, enc.encode('head\n'))).toMatchObject({ percent: null });
    expect(exportProgress('12abc')(5, null)).toMatchObject({ rows: null });
  });
});
