import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, deviceToday, mondayOf, type AvailabilityWeek, type DashboardReport, type ObservationListItem, type TrendSeries } from '@verdant/contract';
import OverviewPage from '../components/overview-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { companySettingsHandlers } from '../../../testing/settings-handlers';
import { savesSettled } from '../../../api/offline-read';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const T = '2026-03-02T12:00:00.000Z';
const monday = mondayOf(deviceToday());
const weeks = [-21, -14, -7, 0].map((d) => addDays(monday, d));

const obs = (id: number, more: Partial<ObservationListItem> = {}): ObservationListItem => ({
  ProblemID: id, Problem: 'Western flower thrips', Severity: 3, Status: 'open', RoomID: 11, RoomName: 'Bay 1', GridID: 21, GridName: 'Bench A',
  GridBoxID: 301, BoxName: '2,4', ResponseID: null, ObservedAt: T, ObservedBy: 7, ObservedByName: 'Ada Grower', Source: 'form', photos: [], ...more,
});

const series = (key: string, values: number[]): TrendSeries => ({
  key, label: key, total: values.reduce((a, b) => a + b, 0), points: weeks.map((bucket, i) => ({ bucket, value: values[i] ?? 0 })),
});

const batch = (id: number, number: string, end: string, plants = 100) => ({
  batch_id: id, batch_number: number, strain_name: 'Basil Genovese', batch_status: 'Flowering', number_of_plants: plants, pre_books: 20, end_date: end,
});

const week = (start: string, batches: ReturnType<typeof batch>[]): AvailabilityWeek => ({
  week_start: start, week_end: addDays(start, 6), batch_list: batches, batches: batches.length,
  plants: batches.reduce((a, b) => a + b.number_of_plants, 0), pre_books: batches.length * 20, available: batches.reduce((a, b) => a + b.number_of_plants - 20, 0),
});

const report = (id: number, name: string, slot: number, data: unknown[] = [{ bucket: weeks[0], Thrips: 3 }]): DashboardReport => ({
  report_id: id, company_id: 3, report_name: name, chart_type: 'LineChart', report_type: 'trends', room_ids: [], filters: {}, data_points: data.length,
  created_by: 7, created_by_name: 'Ada Grower', created_at: T, dashboard_slot: slot, slot, report_data: data,
});

interface Answers {
  open?: { total: number; rows: ObservationListItem[] };
  trends?: TrendSeries[] | 'down';
  availability?: AvailabilityWeek[];
  pinned?: DashboardReport[];
  /** Suspected problems (unreviewed scans), answered to the status=suspected read. */
  suspected?: number;
}

function api(a: Answers = {}) {
  const seen: Record<string, URLSearchParams> = {};
  const keep = (name: string, request: Request) => (seen[name] = new URL(request.url).searchParams);
  const open = a.open ?? { total: 0, rows: [] };
  server.use(
    ...companySettingsHandlers().handlers,
    http.get(`${API}/get_problem_observations`, ({ request }) => {
      if (new URL(request.url).searchParams.get('status') === 'suspected') {
        keep('suspected', request);
        return HttpResponse.json({ status: 'success', total_count: a.suspected ?? 0, limit: 1, offset: 0, observations: [] });
      }
      keep('observations', request);
      return HttpResponse.json({ status: 'success', total_count: open.total, limit: 200, offset: 0, observations: open.rows });
    }),
    http.get(`${API}/get_problem_trends`, ({ request }) => {
      keep('trends', request);
      if (a.trends === 'down') return new HttpResponse('Bad gateway', { status: 502 });
      return HttpResponse.json({
        status: 'success',
        range: { date_option: 'weeks_ago', start_date: weeks[0], end_date: addDays(monday, 6), granularity: 'week', bucket_days: 7, time_zone: 'UTC', buckets: weeks },
        trends: a.trends ?? [],
      });
    }),
    http.get(`${API}/get_custom_batch_statuses`, () =>
      HttpResponse.json({
        status: 'success',
        custom_statuses: [{ id: 1, status_name: 'Hardening off', created_at: T }],
        built_in_statuses: ['Planned', 'Propagation', 'Vegetative', 'Flowering', 'Ready', 'Harvested', 'Destroyed'],
      }),
    ),
    http.get(`${API}/crop_availability_report`, ({ request }) => {
      keep('availability', request);
      const w = a.availability ?? [];
      const sum = (k: 'batches' | 'plants' | 'pre_books' | 'available') => w.reduce((s, x) => s + x[k], 0);
      const totals = { batches: sum('batches'), plants: sum('plants'), pre_books: sum('pre_books'), available: sum('available') };
      return HttpResponse.json({ status: 'success', data: [], weeks: w, undated: { batches: 0, plants: 0, pre_books: 0, available: 0 }, summary: totals });
    }),
    http.get(`${API}/get_dashboard_reports`, ({ request }) => {
      keep('pinned', request);
      return HttpResponse.json({ status: 'success', reports: a.pinned ?? [] });
    }),
  );
  return seen;
}

const card = async (testId: string) => within(await screen.findByTestId(testId));

describe('overview: the morning screen', () => {
  it('shows open problems, their trend, the worst rooms, harvests due and the pinned reports, each linking to where to act', async () => {
    signInAs({ companyId: 3 });
    const seen = api({
      open: {
        total: 4,
        rows: [obs(1), obs(2), obs(3, { RoomID: 12, RoomName: 'Bay 2', Problem: 'Powdery mildew' }), obs(4, { RoomID: null, RoomName: null, Problem: 'Aphids' })],
      },
      trends: [series('Western flower thrips', [1, 0, 2, 4]), series('Powdery mildew', [0, 1, 0, 1])],
      availability: [
        week(addDays(monday, -14), [batch(40, 'B-040', addDays(monday, -10))]),
        week(monday, [batch(41, 'B-041', addDays(monday, 3), 1200)]),
        week(addDays(monday, 7), [batch(42, 'B-042', addDays(monday, 8)), batch(43, 'B-043', addDays(monday, 9))]),
      ],
      pinned: [report(9, 'Thrips in the glasshouse', 1), report(10, 'Empty one', 2, [])],
      suspected: 2,
    });
    renderPage(<OverviewPage renderReport={(r) => <p>chart of {r.report_name}</p>} />);

    // Open problems now, and the problems seen most among them.
    const problems = await card('overview-problems');
    expect(await problems.findByTestId('open-problems-count')).toHaveTextContent('4');
    expect(problems.getByText('open problems')).toBeInTheDocument();
    expect(problems.getByRole('link', { name: /Western flower thrips\s*2/ })).toHaveAttribute(
      'href',
      '/dashboard/observations?status=open&problem=Western+flower+thrips',
    );
    expect(problems.getByRole('link', { name: /See open problems/ })).toHaveAttribute('href', '/dashboard/observations?status=open');
    expect(seen.observations!.get('status')).toBe('open');
    expect(seen.observations!.get('company_id')).toBe('3');
    // Suspected problems (scans nobody confirmed yet) apart from the open ones, leading to their list.
    const suspected = await problems.findByTestId('suspected-problems-count');
    expect(suspected).toHaveTextContent('2 suspected');
    expect(suspected).toHaveAttribute('href', '/dashboard/observations?status=suspected');

    // The trend: all problems together per week; this week against last week.
    expect(await problems.findByText('Rising: 5 this week so far, 2 last week')).toBeInTheDocument();
    const bars = problems.getByRole('list', { name: /New observations per week/ });
    expect(within(bars).getAllByRole('listitem').map((li) => li.textContent?.slice(0, 1))).toEqual(['1', '1', '2', '5']);
    expect(seen.trends!.get('company_id')).toBe('3');
    expect(seen.trends!.get('granularity')).toBe('week');

    // The worst rooms: most open first; a room opens its map, its count the room's open problems.
    const rooms = await card('overview-rooms');
    const rows = rooms.getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Bay 12 open', 'Bay 21 open']);
    expect(rooms.getByRole('link', { name: 'Bay 1' })).toHaveAttribute('href', '/dashboard/rooms/11');
    expect(rooms.getByRole('link', { name: '2 open problems in Bay 1: manage' })).toHaveAttribute('href', '/dashboard/rooms/unresolvedRoom/11');
    expect(rooms.getByRole('link', { name: /Open the rooms map/ })).toHaveAttribute('href', '/dashboard/rooms');

    // Harvests: this week, next week, and one batch past its end date; each batch opens its page.
    const harvests = await card('overview-harvests');
    expect(await harvests.findByRole('link', { name: /B-041/ })).toHaveAttribute('href', '/dashboard/batch-info/41');
    expect(harvests.getByText(/1 batch · 1,200 plants · 1,180 not pre-booked/)).toBeInTheDocument();
    expect(harvests.getByRole('link', { name: /B-042/ })).toHaveAttribute('href', '/dashboard/batch-info/42');
    expect(harvests.getByText(/batch is past its end date and not harvested/)).toBeInTheDocument();
    const statuses = seen.availability!.getAll('batch_statuses').join(',');
    expect(statuses).toContain('Hardening off');
    expect(statuses).toContain('Flowering');
    expect(statuses).not.toContain('Harvested');
    expect(statuses).not.toContain('Destroyed');

    // Pinned reports, in slot order, each drawn by the chart it was given and linking to its report.
    const pinned = await screen.findAllByTestId('pinned-report');
    expect(pinned).toHaveLength(2);
    expect(within(pinned[0]!).getByRole('link', { name: 'Thrips in the glasshouse' })).toHaveAttribute('href', '/dashboard/reports/9');
    expect(within(pinned[0]!).getByText('chart of Thrips in the glasshouse')).toBeInTheDocument();
    expect(within(pinned[1]!).getByText(/saved without data/)).toBeInTheDocument();

    // The company's tiles follow as quick links, every one to its screen.
    const quick = screen.getByRole('region', { name: 'Quick links' });
    expect(within(quick).getByRole('link', { name: /Rooms/ })).toHaveAttribute('href', '/dashboard/rooms');
    expect(within(quick).getByRole('link', { name: /Scan now/ })).toHaveAttribute('href', '/dashboard/scanNow');
  });

  it('says what to do when the company has nothing yet', async () => {
    signInAs({ companyId: 3 });
    api();
    renderPage(<OverviewPage />);

    expect(await screen.findByText(/Nothing open right now/)).toBeInTheDocument();
    expect(await screen.findByText(/No observations in the last 4 weeks/)).toBeInTheDocument();
    expect(screen.getByText('No room has an open problem')).toBeInTheDocument();
    expect(await screen.findByText('No harvests due this week or next')).toBeInTheDocument();
    expect(await screen.findByText('No reports pinned yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Build a report' })).toHaveAttribute('href', '/dashboard/reports');
  });

  it('frames the stock warnings the app hands in, titled and leading to the stock', async () => {
    signInAs({ companyId: 3 });
    api();
    renderPage(<OverviewPage stockWarnings={<p>Vertimec: 0.5 L left</p>} />);
    const stock = await card('overview-stock');
    expect(stock.getByRole('heading', { name: 'Stock warnings' })).toBeInTheDocument();
    expect(stock.getByText('Vertimec: 0.5 L left')).toBeInTheDocument();
    expect(stock.getByRole('link', { name: /Open the stock/ })).toHaveAttribute('href', '/dashboard/stock');
  });

  it('counts rooms from the newest open problems and says so when there are more', async () => {
    signInAs({ companyId: 3 });
    api({ open: { total: 350, rows: [obs(1), obs(2, { RoomID: 12, RoomName: 'Bay 2' })] } });
    renderPage(<OverviewPage />);

    expect(await screen.findByTestId('open-problems-count')).toHaveTextContent('350');
    expect((await card('overview-rooms')).getByText('Counted from the newest 2 open problems.')).toBeInTheDocument();
  });

  it('a card that cannot load says so with the spec text and a retry, and the others still show', async () => {
    signInAs({ companyId: 3 });
    api({ trends: 'down', open: { total: 1, rows: [obs(1)] } });
    renderPage(<OverviewPage />);

    const problems = await card('overview-problems');
    // An answer without the server's own text: the spec's fallback text shows.
    expect(await problems.findByText('Failed to fetch problem trends')).toBeInTheDocument();
    expect(problems.getByTestId('open-problems-count')).toHaveTextContent('1');
    expect(await (await card('overview-rooms')).findByRole('link', { name: 'Bay 1' })).toBeInTheDocument();

    api({ trends: [series('Thrips', [0, 0, 1, 1])], open: { total: 1, rows: [obs(1)] } });
    await userEvent.click(problems.getByRole('button', { name: 'Try again' }));
    expect(await problems.findByText('Steady: 1 this week so far, as last week')).toBeInTheDocument();
  });

  it('shows numbers and dates in the company language', async () => {
    signInAs({ companyId: 3 });
    api({ open: { total: 1234, rows: [obs(1)] }, availability: [week(monday, [batch(41, 'B-041', addDays(monday, 3), 1200)])] });
    renderPage(<OverviewPage />);
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('nl');
    try {
      expect(await screen.findByTestId('open-problems-count')).toHaveTextContent('1.234');
      expect(await screen.findByText(/1 batch · 1\.200 planten · 1\.180 niet gereserveerd/)).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('offline, shows what this device kept from the last visit, without a request', async () => {
    signInAs({ companyId: 5 });
    api({
      open: { total: 3, rows: [obs(1), obs(2), obs(3, { RoomID: 12, RoomName: 'Bay 2' })] },
      trends: [series('Thrips', [0, 1, 2, 3])],
      availability: [week(monday, [batch(41, 'B-041', addDays(monday, 3))])],
      pinned: [report(9, 'Thrips in the glasshouse', 1)],
    });
    const online = renderPage(<OverviewPage renderReport={(r) => <p>chart of {r.report_name}</p>} />);
    expect(await screen.findByText('Rising: 3 this week so far, 2 last week')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /B-041/ })).toBeInTheDocument();
    expect(await screen.findByText('chart of Thrips in the glasshouse')).toBeInTheDocument();
    await savesSettled();
    online.unmount();

    server.resetHandlers(); // any request now fails the test (onUnhandledRequest: 'error')
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage(<OverviewPage renderReport={(r) => <p>chart of {r.report_name}</p>} />);
    expect(await screen.findByTestId('open-problems-count')).toHaveTextContent('3');
    expect(await screen.findByText('Rising: 3 this week so far, 2 last week')).toBeInTheDocument();
    expect((await card('overview-rooms')).getByRole('link', { name: 'Bay 1' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /B-041/ })).toBeInTheDocument();
    expect(await screen.findByText('chart of Thrips in the glasshouse')).toBeInTheDocument();
  });
});
