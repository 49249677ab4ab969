import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describeReportKinds, type RoomWithGrids, type SavedReport } from '@verdant/contract';
import ReportsPage from '../components/reports-page';
import ReportPage from '../components/report-page';
import { renderRoutes } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-11-20T09:00:00.000Z';
const room = (id: number, name: string): RoomWithGrids =>
  ({ RoomID: id, CompanyID: 3, Name: name, Description: '', CreatedDateTime: T, UpdatedDateTime: T, Scanned: false, ScannedDateTime: null, LastScannedBy: null, WhiteboardImage: null, StartScroll: 0, grids: [] }) as unknown as RoomWithGrids;

const BUCKETS = ['2026-11-02', '2026-11-09', '2026-11-16'];
const trendsAnswer = (values: number[][]) => ({
  status: 'success',
  range: { date_option: 'date_range', start_date: '2026-11-02', end_date: '2026-11-22', granularity: 'week', bucket_days: 7, time_zone: 'UTC', buckets: BUCKETS },
  series: [
    { key: 'thrips', label: 'Thrips', total: values[0]!.reduce((a, b) => a + b, 0), points: BUCKETS.map((bucket, i) => ({ bucket, value: values[0]![i]! })) },
    { key: '=cmd', label: '=cmd', total: values[1]!.reduce((a, b) => a + b, 0), points: BUCKETS.map((bucket, i) => ({ bucket, value: values[1]![i]! })) },
  ],
});

function saved(id: number, slot: number | null, more: Partial<SavedReport> = {}): SavedReport {
  return {
    report_id: id, company_id: 3, report_name: `Report ${id}`, chart_type: 'LineChart', report_type: 'trends', room_ids: [], filters: {},
    data_points: 1, created_by: 7, created_by_name: 'Ada Grower', created_at: T, dashboard_slot: slot,
    report_data: [{ x: '2026-11-02', Thrips: 2 }], ...more,
  };
}

const summary = ({ report_data: _data, ...rest }: SavedReport) => rest;

/** The report and saved-report calls, answering as the server would; writes are recorded. */
function api(options: { values?: number[][]; reports?: SavedReport[] } = {}) {
  const state = {
    reports: options.reports ?? [],
    runs: [] as Array<Record<string, string>>,
    saves: [] as Array<{ body: Record<string, unknown>; key: string | null }>,
    slots: [] as unknown[],
    deletes: [] as unknown[],
  };
  server.use(
    http.get(`${API}/get_report_info`, () =>
      HttpResponse.json({
        status: 'success', report_types: describeReportKinds(), chart_types: ['LineChart', 'BarChart', 'AreaChart', 'PieChart', 'Table'],
        date_options: ['weeks_ago', 'date_range', 'batch_related_date'], default_chart_type: 'LineChart', default_date_option: 'date_range',
        dashboard_slots: 4, saved_reports: state.reports.length, saved_reports_max: 500,
      }),
    ),
    http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [room(11, 'Bay 1'), room(12, 'Bay 2')] })),
    http.get(`${API}/get_trends_report_graph`, ({ request }) => {
      state.runs.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(trendsAnswer(options.values ?? [[1, 4, 2], [0, 1, 0]]));
    }),
    http.get(`${API}/get_saved_reports`, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('report_id'));
      const report = state.reports.find((r) => r.report_id === id);
      return HttpResponse.json({ status: 'success', reports: state.reports.map(summary), ...(report ? { report } : {}) });
    }),
    http.post(`${API}/save_report`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.saves.push({ body, key: request.headers.get('Idempotency-Key') });
      const report = saved(90, null, { report_name: String(body.report_name), report_data: body.report_data as SavedReport['report_data'] });
      state.reports = [report, ...state.reports];
      return HttpResponse.json({ status: 'success', message: 'Report saved.', report });
    }),
    http.post(`${API}/set_dashboard_reports`, async ({ request }) => {
      const body = (await request.json()) as Record<string, number | null>;
      state.slots.push(body);
      for (const slot of [1, 2, 3, 4]) {
        const v = body[`report_id${slot}`];
        if (v === undefined) continue;
        state.reports = state.reports.map((r) => (r.dashboard_slot === slot ? { ...r, dashboard_slot: null } : r.report_id === v ? { ...r, dashboard_slot: slot } : r));
      }
      return HttpResponse.json({ status: 'success', message: 'Dashboard reports saved.', reports: [] });
    }),
    http.delete(`${API}/delete_report`, async ({ request }) => {
      const body = (await request.json()) as { report_id: number };
      state.deletes.push(body);
      state.reports = state.reports.filter((r) => r.report_id !== body.report_id);
      return HttpResponse.json({ status: 'success', message: 'Report deleted.', report_id: body.report_id, cleared_slots: [] });
    }),
  );
  return state;
}

const renderReports = (path = '/dashboard/reports') =>
  renderRoutes(
    [
      { path: '/dashboard/reports', element: <ReportsPage /> },
      { path: '/dashboard/reports/:reportID', element: <ReportPage /> },
    ],
    path,
  );

describe('reports page: build and see', () => {
  it('opens with the default report drawn: date_range over all rooms, as a line chart', async () => {
    signInAs({ role: 'Admin' });
    const state = api();
    renderReports();

    expect(await screen.findByRole('figure', { name: 'Chart of Thrips, =cmd over 3 points' })).toHaveAttribute('data-chart-type', 'LineChart');
    expect(state.runs).toHaveLength(1);
    expect(state.runs[0]).toMatchObject({ company_id: '3', date_option: 'date_range' });
    expect(state.runs[0]).not.toHaveProperty('room_ids');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('date_range');
    expect(screen.getByRole('combobox', { name: 'Chart' })).toHaveValue('LineChart');
  });

  it('says what to do when the period has no observations', async () => {
    signInAs({ role: 'Admin' });
    api({ values: [[0, 0, 0], [0, 0, 0]] });
    renderReports();
    expect(await screen.findByText('No observations in this period — pick a longer range or other rooms')).toBeInTheDocument();
  });

  it('shows the rules as field errors and sends nothing until they hold; rooms travel comma-joined', async () => {
    signInAs({ role: 'Admin' });
    const state = api();
    const user = userEvent.setup();
    renderReports();
    await screen.findByRole('figure', { name: /Chart of/ });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'weeks_ago');
    await user.clear(screen.getByRole('textbox', { name: 'Weeks back' }));
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(screen.getByText('Enter how many weeks back (0 is this week).')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Weeks back' })).toHaveAttribute('aria-invalid', 'true');
    expect(state.runs).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Weeks back' }), '0');
    await user.click(screen.getByRole('checkbox', { name: 'Bay 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bay 1' }));
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    await waitFor(() => expect(state.runs).toHaveLength(2));
    expect(state.runs[1]).toMatchObject({ date_option: 'weeks_ago', weeks_ago: '0', room_ids: '11,12' });
    expect(screen.queryByText('Enter how many weeks back (0 is this week).')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'date_range');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-10-01');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-10-10');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(screen.getByText('The last day must not be before the first day.')).toBeInTheDocument();
    expect(state.runs).toHaveLength(2);
  });

  it('switches the chart type without asking the server again', async () => {
    signInAs({ role: 'Admin' });
    const state = api();
    const user = userEvent.setup();
    renderReports();
    await screen.findByRole('figure', { name: /Chart of/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Chart' }), 'BarChart');
    expect(await screen.findByRole('figure', { name: /Chart of/ })).toHaveAttribute('data-chart-type', 'BarChart');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Chart' }), 'Table');
    const table = await screen.findByRole('region', { name: "The report's figures" });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Date', 'Thrips', '=cmd']);
    expect(state.runs).toHaveLength(1);
  });
});

/** The crop balance's calls: the company's crops and the report itself (Bay 2 without registrations the first week). */
function cropBalanceApi() {
  const runs: Array<Record<string, string>> = [];
  server.use(
    http.get(`${API}/crops`, () => HttpResponse.json({ status: 'success', crops: [
      { crop_id: 5, name: 'Tomato', eppo_code: 'LYPES', batch_count: 0 }, { crop_id: 6, name: 'Cucumber', eppo_code: 'CUMSA', batch_count: 0 },
    ] })),
    http.get(`${API}/get_crop_balance_report`, ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      runs.push(q);
      const point = (bucket: string, value: number | null) => ({ bucket, value, last_year: null, plants_measured: value === null ? 0 : 3 });
      return HttpResponse.json({
        status: 'success',
        range: { date_option: 'weeks_ago', start_date: '2026-11-02', end_date: '2026-11-22', granularity: 'week', bucket_days: 7, time_zone: 'UTC', buckets: BUCKETS },
        crop: { crop_id: 5, name: 'Tomato' }, indicator: q.indicator ?? 'growth', unit: 'cm', formula: 'Mean distance from the head down to the flowering truss (cm).',
        target: { target_id: 1, crop_id: 5, indicator: 'flowering_height', value: 30 },
        series: [
          { key: '11', label: 'Bay 1', room_id: 11, average: 29, points: [point(BUCKETS[0]!, 28), point(BUCKETS[1]!, 29), point(BUCKETS[2]!, 30)] },
          { key: '12', label: 'Bay 2', room_id: 12, average: 31.5, points: [point(BUCKETS[0]!, null), point(BUCKETS[1]!, 31), point(BUCKETS[2]!, 32)] },
        ],
      });
    }),
  );
  return runs;
}

describe('reports page: the crop balance (issue 24)', () => {
  it('asks for the crop, sends its indicator, draws one line per room and the target, and saves gaps as gaps', async () => {
    signInAs({ role: 'Admin' });
    const state = api();
    const runs = cropBalanceApi();
    const user = userEvent.setup();
    renderReports();
    await screen.findByRole('figure', { name: /Chart of/ });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Report' }), 'crop_balance');
    // Crop balance takes weeks back or a range, never a batch's dates.
    expect(within(screen.getByRole('combobox', { name: 'Period' })).queryByRole('option', { name: "A batch's dates" })).toBeNull();
    const crop = screen.getByRole('combobox', { name: 'Crop' });
    await waitFor(() => expect(within(crop).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pick a crop', 'Cucumber', 'Tomato']));
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(screen.getByText('Pick the crop.')).toBeInTheDocument();
    expect(runs).toEqual([]);

    await user.selectOptions(crop, 'Tomato');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Indicator' }), 'flowering_height');
    await user.click(screen.getByRole('checkbox', { name: 'Bay 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bay 1' }));
    await user.click(screen.getByRole('button', { name: 'Show report' }));

    expect(await screen.findByRole('figure', { name: 'Chart of Bay 1, Bay 2, Target over 3 points' })).toBeInTheDocument();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ company_id: '3', crop_id: '5', indicator: 'flowering_height', room_ids: '11,12', date_option: 'date_range' });

    await user.click(screen.getByRole('button', { name: 'Save report' }));
    const dialog = screen.getByRole('dialog', { name: 'Save report' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Flowering height');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Report saved.')).toBeInTheDocument();
    const { body } = state.saves[0]!;
    expect(body).toMatchObject({ report_type: 'crop_balance', room_ids: [11, 12], filters: { crop_id: 5, indicator: 'flowering_height' } });
    expect(body.report_data).toEqual([
      { x: '2026-11-02', 'Bay 1': 28, 'Bay 2': null, '~target': 30 },
      { x: '2026-11-09', 'Bay 1': 29, 'Bay 2': 31, '~target': 30 },
      { x: '2026-11-16', 'Bay 1': 30, 'Bay 2': 32, '~target': 30 },
    ]);
    // Many choices and a save: more than the default 10 s on a busy machine.
  }, 30_000);

  it('opens on the crop and indicator the balance screen links to, drawn at once', async () => {
    signInAs({ role: 'Admin' });
    api();
    const runs = cropBalanceApi();
    renderReports('/dashboard/reports?kind=crop_balance&crop_id=5&indicator=setting_speed&date_option=weeks_ago&weeks_ago=11');
    expect(await screen.findByRole('figure', { name: /Chart of Bay 1, Bay 2, Target/ })).toBeInTheDocument();
    expect(runs[0]).toMatchObject({ crop_id: '5', indicator: 'setting_speed', date_option: 'weeks_ago', weeks_ago: '11' });
    expect(screen.getByRole('combobox', { name: 'Report' })).toHaveValue('crop_balance');
    expect(screen.getByRole('combobox', { name: 'Indicator' })).toHaveValue('setting_speed');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Crop' })).toHaveValue('5'));
  });
});

describe('reports page: save', () => {
  it('saves the drawn report with its figures, choices and one Idempotency-Key, and lists it', async () => {
    signInAs({ role: 'Regular' });
    const state = api();
    const user = userEvent.setup();
    renderReports();
    await screen.findByRole('figure', { name: /Chart of/ });
    expect(await screen.findByText('No saved reports yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save report' }));
    const dialog = screen.getByRole('dialog', { name: 'Save report' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Give the report a name.')).toBeInTheDocument();
    expect(state.saves).toEqual([]);

    await user.type(name, 'Thrips, weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Report saved.')).toBeInTheDocument();
    expect(state.saves).toHaveLength(1);
    const { body, key } = state.saves[0]!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toMatchObject({ company_id: 3, report_name: 'Thrips, weekly', chart_type: 'LineChart', report_type: 'trends', room_ids: [] });
    expect(body.filters).toMatchObject({ date_option: 'date_range' });
    expect(body.report_data).toEqual([
      { x: '2026-11-02', Thrips: 1, '=cmd': 0 },
      { x: '2026-11-09', Thrips: 4, '=cmd': 1 },
      { x: '2026-11-16', Thrips: 2, '=cmd': 0 },
    ]);
    expect(await screen.findByRole('link', { name: 'Open Thrips, weekly' })).toHaveAttribute('href', '/dashboard/reports/90');
    // A Regular user does not change the company's overview (the server's rule), and is told so.
    expect(screen.queryByRole('button', { name: /Pin .* to the overview/ })).toBeNull();
    expect(screen.getByText(/Only an Admin can change the reports on the overview/)).toBeInTheDocument();
  });

  it("shows the server's reason under 'Unable to save report.'", async () => {
    signInAs({ role: 'Admin' });
    api();
    server.use(http.post(`${API}/save_report`, () => HttpResponse.json({ status: 'error', message: 'A report with this name already exists.' }, { status: 409 })));
    const user = userEvent.setup();
    renderReports();
    await screen.findByRole('figure', { name: /Chart of/ });
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    const alert = await within(screen.getByRole('dialog')).findByText('Unable to save report.');
    expect(alert.closest('[role="alert"]') ?? alert.parentElement).toHaveTextContent('A report with this name already exists.');
  });
});

describe('reports page: pin and delete', () => {
  it('pins into the free slot, says so for a fifth, and unpins', async () => {
    signInAs({ role: 'Admin' });
    const state = api({ reports: [saved(1, 1), saved(2, 2), saved(3, 3), saved(5, null)] });
    const user = userEvent.setup();
    renderReports();

    await user.click(await screen.findByRole('button', { name: 'Pin Report 5 to the overview' }));
    expect(await screen.findByText('Pinned to the overview.')).toBeInTheDocument();
    expect(state.slots).toEqual([{ company_id: 3, report_id4: 5 }]);
    expect(await screen.findByText('On the overview (slot 4)')).toBeInTheDocument();

    state.reports = [saved(6, null), ...state.reports];
    await user.click(screen.getByRole('button', { name: 'Unpin Report 1 from the overview' }));
    await waitFor(() => expect(state.slots).toEqual([{ company_id: 3, report_id4: 5 }, { company_id: 3, report_id1: null }]));
    expect(await screen.findByRole('button', { name: 'Pin Report 6 to the overview' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pin Report 1 to the overview' }));
    await waitFor(() => expect(state.slots).toHaveLength(3));
    expect(state.slots[2]).toEqual({ company_id: 3, report_id1: 1 });
    await screen.findByText('On the overview (slot 1)');

    await user.click(screen.getByRole('button', { name: 'Pin Report 6 to the overview' }));
    expect(await screen.findByText('The overview holds four reports. Unpin one first.')).toBeInTheDocument();
    expect(state.slots).toHaveLength(3);
  });

  it('asks before deleting, says a pinned report leaves the overview, then removes it', async () => {
    signInAs({ role: 'Admin' });
    const state = api({ reports: [saved(1, 2)] });
    const user = userEvent.setup();
    renderReports();

    await user.click(await screen.findByRole('button', { name: 'Delete Report 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Report 1?' });
    expect(dialog).toHaveTextContent('It is also removed from the overview.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(state.deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Report 1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Report 1?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Report deleted.')).toBeInTheDocument();
    expect(state.deletes).toEqual([{ report_id: 1 }]);
    expect(await screen.findByText('No saved reports yet')).toBeInTheDocument();
  });
});

describe('reports/{reportID}', () => {
  it('shows the saved figures with their exports, and says when the report does not exist', async () => {
    signInAs({ role: 'Admin' });
    api({ reports: [saved(4, null, { report_name: 'Bay 1 pressure', chart_type: 'Table', report_data: [{ x: '2026-11-02', Thrips: 3 }] })] });
    const { router } = renderReports('/dashboard/reports/4');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bay 1 pressure' })).toBeInTheDocument();
    const table = screen.getByRole('region', { name: "The report's figures" });
    expect(within(table).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV' })).toBeEnabled();
    expect(screen.getByRole('link', { name: "Draw again with today's data" })).toHaveAttribute('href', '/dashboard/reports?from=4');

    await router.navigate('/dashboard/reports/77');
    expect(await screen.findByText('This report does not exist or was deleted.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  });
});
