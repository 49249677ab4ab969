import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BUILT_IN_BATCH_STATUSES, type AvailabilityWeek } from '@verdant/contract';
import ForecastingPage from '../components/forecasting-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const batch = (n: number, plants: number, pre: number, end: string) => ({
  batch_id: n, batch_number: `B${n}`, strain_name: 'Basil', batch_status: 'Flowering', number_of_plants: plants, pre_books: pre, end_date: end,
});
const week = (week_start: string, week_end: string, list: ReturnType<typeof batch>[]): AvailabilityWeek => {
  const plants = list.reduce((s, b) => s + b.number_of_plants, 0);
  const pre_books = list.reduce((s, b) => s + b.pre_books, 0);
  return { week_start, week_end, batches: list.length, plants, pre_books, available: Math.max(0, plants - pre_books), batch_list: list };
};
const zero = { batches: 0, plants: 0, pre_books: 0, available: 0 };

/** The company's statuses (one of its own) and the availability report; no GET /get_batches is handled. */
function api(weeks: AvailabilityWeek[], undated = zero) {
  const asked: string[][] = [];
  server.use(
    http.get(`${API}/get_custom_batch_statuses`, () =>
      HttpResponse.json({ status: 'success', built_in_statuses: BUILT_IN_BATCH_STATUSES, custom_statuses: [{ id: 1, status_name: 'Drying', created_at: '2026-01-01T00:00:00Z' }] }),
    ),
    http.get(`${API}/crop_availability_report`, ({ request }) => {
      asked.push(JSON.parse(new URL(request.url).searchParams.get('batch_statuses') ?? '[]') as string[]);
      return HttpResponse.json({ status: 'success', data: [], weeks, undated, summary: zero });
    }),
  );
  return asked;
}

describe('ForecastingPage', () => {
  it("asks the server's availability for every open status (the company's own too) and lists it by week", async () => {
    signInAs();
    const asked = api(
      [week('2026-03-02', '2026-03-08', [batch(7, 5, 0, '2026-03-02'), batch(1, 100, 10, '2026-03-04')]), week('2026-03-09', '2026-03-15', [batch(3, 30, 40, '2026-03-09')])],
      { batches: 2, plants: 60, pre_books: 0, available: 60 },
    );
    renderPage(<ForecastingPage />);
    const table = within(await screen.findByRole('region', { name: 'Harvests by week' }));
    const rows = table.getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['2', '105', '10', '95', 'B7, B1'],
      ['1', '30', '40', '0', 'B3'],
    ]);
    expect(rows[0]![0]).toContain('Week of');
    expect(screen.getByText('2 open batches have no end date and are not counted.')).toBeInTheDocument();
    expect(asked).toEqual([['Planned', 'Propagation', 'Vegetative', 'Flowering', 'Ready', 'Drying']]);
  });

  it('with nothing dated, says how many batches need an end date', async () => {
    signInAs();
    api([], { batches: 1, plants: 60, pre_books: 0, available: 60 });
    renderPage(<ForecastingPage />);
    expect(await screen.findByText('Nothing to forecast yet')).toBeInTheDocument();
    expect(screen.getByText(/1 open batch has no end date/)).toBeInTheDocument();
  });

  it('says what failed when the report cannot be fetched', async () => {
    signInAs();
    api([]);
    server.use(http.get(`${API}/crop_availability_report`, () => HttpResponse.json({ status: 'error', message: 'batch_statuses is required.' }, { status: 400 })));
    renderPage(<ForecastingPage />);
    expect(await screen.findByText('batch_statuses is required.')).toBeInTheDocument();
  });
});
