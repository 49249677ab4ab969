import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DAY_MS, BUILT_IN_BATCH_STATUSES, cropReportsMessages, type CropStatusBatch, type PlantCountRow, type PlantCountSummary } from '@verdant/contract';
import InventoryPage from '../components/inventory-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const row = (group: string, batches: number, plants: number, trays = 0, tray_plants = 0, room_id: number | null = null): PlantCountRow =>
  ({ group, room_id, batches, plants, pre_books: 0, trays, tray_plants });
const summary = (group_by: PlantCountSummary['group_by'], over: Partial<PlantCountSummary> = {}): PlantCountSummary => ({
  group_by, batches: 0, plants: 0, pre_books: 0, trays: 0, tray_plants: 0, trays_without_batch: 0, tray_plants_without_batch: 0,
  batches_without_room: 0, plants_without_room: 0, ...over,
});

const plantCounts = {
  crop: { data: [row('Basil', 2, 130, 1, 24), row('Mint', 1, 40, 1, 12)], summary: summary('crop', { batches: 3, plants: 170, trays_without_batch: 1, tray_plants_without_batch: 6 }) },
  room: { data: [row('Empty', 0, 0, 0, 0, 2), row('North', 2, 140, 2, 36, 1)], summary: summary('room', { batches: 3, plants: 170, batches_without_room: 1, plants_without_room: 30 }) },
  status: { data: [row('Harvested', 1, 500), row('Vegetative', 2, 130)], summary: summary('status', { batches: 3, plants: 630 }) },
};

const statusBatch = (n: number, status: string, daysAgo: number, rooms: string[]): CropStatusBatch => ({
  batch_id: n, batch_number: `B${n}`, strain_name: 'Basil', batch_status: status, number_of_plants: 10 * n, pre_books: 0, start_date: null, end_date: null,
  harvested: false, status_since: new Date(Date.now() - daysAgo * DAY_MS - 60_000).toISOString(), rooms: rooms.map((name, i) => ({ room_id: i + 1, name })),
});
const statusBatches = [statusBatch(2, 'Ready', 3, ['North']), statusBatch(3, 'Ready', 12, ['North', 'South']), statusBatch(5, 'Drying', 1, [])];

/** The reports the page reads, answering what it was asked; no GET /get_batches is handled, so none may be made. */
function api() {
  const asked = { groupBy: [] as string[], availability: [] as Array<string | null>, statuses: [] as string[], varieties: [] as string[] };
  const askedStatuses = asked.statuses;
  server.use(
    http.get(`${API}/get_plant_count_report`, ({ request }) => {
      const groupBy = (new URL(request.url).searchParams.get('group_by') ?? 'crop') as keyof typeof plantCounts;
      asked.groupBy.push(groupBy);
      return HttpResponse.json({ status: 'success', ...plantCounts[groupBy] });
    }),
    http.get(`${API}/crop_availability_report`, ({ request }) => {
      asked.availability.push(new URL(request.url).searchParams.get('batch_statuses'));
      const totals = { batches: 2, plants: 70, pre_books: 55, available: 25 };
      return HttpResponse.json({
        status: 'success',
        data: [{ strain_name: 'Mint', batches: 1, plants: 40, pre_books: 15, available: 25 }, { strain_name: 'Basil', batches: 1, plants: 30, pre_books: 40, available: 0 }],
        weeks: [], undated: { batches: 0, plants: 0, pre_books: 0, available: 0 }, summary: totals,
      });
    }),
    http.get(`${API}/get_custom_batch_statuses`, () =>
      HttpResponse.json({ status: 'success', built_in_statuses: BUILT_IN_BATCH_STATUSES, custom_statuses: [{ id: 1, status_name: 'Drying', created_at: '2026-01-01T00:00:00Z' }] }),
    ),
    http.get(`${API}/get_crop_status_report`, ({ request }) => {
      const asked = JSON.parse(new URL(request.url).searchParams.get('batch_statuses') ?? '[]') as string[];
      asked.forEach((s) => askedStatuses.push(s));
      const data = statusBatches.filter((b) => asked.includes(b.batch_status));
      return HttpResponse.json({ status: 'success', data, status_summary: [] });
    }),
    http.get(`${API}/get_crop_status_by_variety`, ({ request }) => {
      const [name] = JSON.parse(new URL(request.url).searchParams.get('strain_names') ?? '[]') as string[];
      asked.varieties.push(name!);
      const statuses = name === 'Basil'
        ? [{ batch_status: 'Vegetative', batches: 2, plants: 130, pre_books: 50 }, { batch_status: 'Harvested', batches: 1, plants: 500, pre_books: 0 }]
        : [{ batch_status: 'Ready', batches: 1, plants: 40, pre_books: 15 }];
      const sum = (k: 'batches' | 'plants' | 'pre_books') => statuses.reduce((n, x) => n + x[k], 0);
      return HttpResponse.json({ status: 'success', data: [{ strain_name: name, batches: sum('batches'), plants: sum('plants'), pre_books: sum('pre_books'), statuses }] });
    }),
    http.get(`${API}/get_all_trays`, () => HttpResponse.json({ status: 'success', trays: [] })),
    http.get(`${API}/get_tray_templates`, () => HttpResponse.json({ status: 'success', templates: [] })),
  );
  return asked;
}

const tile = (name: string) => screen.getByText(name).nextElementSibling?.textContent;
const stockRows = () =>
  within(screen.getByRole('region', { name: 'Plants in stock' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('InventoryPage', () => {
  it('shows the server reports: totals, stock by crop with trays in no batch, and what is ready to sell', async () => {
    signInAs();
    const asked = api();
    renderPage(<InventoryPage />);
    await screen.findAllByText('Basil');
    expect(tile('Growing batches')).toBe('3');
    expect(tile('Growing plants')).toBe('170');
    await waitFor(() => expect(tile('Ready to sell')).toBe('25'));
    expect(stockRows()).toEqual([
      ['Basil', '2', '130', '1', '24'],
      ['Mint', '1', '40', '1', '12'],
      ['No batch', '0', '0', '1', '6'],
    ]);
    const ready = within(screen.getByRole('region', { name: 'Available to sell' }));
    expect(ready.getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Mint1401525', 'Basil130400']);
    expect(asked.availability).toEqual(['["Ready"]']);
  });

  it('groups by room or status on the server when asked', async () => {
    signInAs();
    const asked = api();
    const user = userEvent.setup();
    renderPage(<InventoryPage />);
    await screen.findAllByText('Basil');
    await user.selectOptions(screen.getByLabelText('Group by'), 'room');
    await waitFor(() => expect(stockRows()).toEqual([['Empty', '0', '0', '0', '0'], ['North', '2', '140', '2', '36'], ['No room', '1', '30', '–', '–']]));
    await user.selectOptions(screen.getByLabelText('Group by'), 'status');
    await waitFor(() => expect(stockRows().map((r) => r[0])).toEqual(['Harvested', 'Vegetative']));
    expect(screen.getByText('Every batch by status, harvested and destroyed included.')).toBeInTheDocument();
    expect(asked.groupBy).toEqual(['crop', 'room', 'status']);
  });

  it("says what failed when the report cannot be fetched, and retries", async () => {
    signInAs();
    api();
    let fail = true;
    server.use(
      http.get(`${API}/get_plant_count_report`, () =>
        fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ status: 'success', ...plantCounts.crop }),
      ),
    );
    const user = userEvent.setup();
    renderPage(<InventoryPage />);
    expect(await screen.findByText(cropReportsMessages.fetchFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect((await screen.findAllByText('Basil')).length).toBeGreaterThan(0);
  });

  it('an empty company is told where to start', async () => {
    signInAs();
    api();
    server.use(http.get(`${API}/get_plant_count_report`, () => HttpResponse.json({ status: 'success', data: [], summary: summary('crop') })));
    renderPage(<InventoryPage />);
    expect(await screen.findByText('No plants in stock')).toBeInTheDocument();
    expect(tile('Growing plants')).toBe('0');
  });

  it('lists the batches of a status, longest in it first, with their rooms; the company own statuses can be picked', async () => {
    signInAs();
    const asked = api();
    const user = userEvent.setup();
    renderPage(<InventoryPage />);
    const card = () => within(screen.getByRole('region', { name: 'Batches by status' }));
    await waitFor(() => expect(card().getAllByRole('row')).toHaveLength(3));
    expect(card().getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['B3', 'Basil', '30', 'North, South', '12 days'],
      ['B2', 'Basil', '20', 'North', '3 days'],
    ]);
    expect(card().getByRole('link', { name: 'B3' })).toHaveAttribute('href', '/dashboard/batch-info/3');
    const picker = screen.getByLabelText('Status');
    expect([...picker.querySelectorAll('option')].map((o) => o.value)).toEqual(['Planned', 'Propagation', 'Vegetative', 'Flowering', 'Ready', 'Drying']);
    await user.selectOptions(picker, 'Drying');
    await waitFor(() => expect(card().getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['B5Basil50No room1 day']));
    await user.selectOptions(picker, 'Planned');
    expect(await screen.findByText('No batches are Planned')).toBeInTheDocument();
    expect(asked.statuses).toEqual(['Ready', 'Drying', 'Planned']);
  });

  it('shows one variety through its statuses, harvested included, for each growing variety', async () => {
    signInAs();
    const asked = api();
    const user = userEvent.setup();
    renderPage(<InventoryPage />);
    const card = () => within(screen.getByRole('region', { name: 'A variety by status' }));
    const rows = () => card().getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    await waitFor(() => expect(rows()).toEqual([['Vegetative', '2', '130', '50'], ['Harvested', '1', '500', '0'], ['All statuses', '3', '630', '50']]));
    await user.selectOptions(screen.getByLabelText('Variety'), 'Mint');
    await waitFor(() => expect(rows()).toEqual([['Ready', '1', '40', '15'], ['All statuses', '1', '40', '15']]));
    expect(asked.varieties).toEqual(['Basil', 'Mint']);
  });
});
