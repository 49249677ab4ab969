import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Batch } from '@verdant/contract';
import InventoryPage from '../../features/inventory/components/inventory-page';
import ForecastingPage from '../../features/forecasting/components/forecasting-page';
import { useSaveBatch } from '../../features/batches/api/use-batches';
import { batchKeys } from '../../api/queries/batches';
import { cropReportKeys } from '../../api/queries/crop-reports';
import { BUILT_IN, makeBatch } from '../../features/batches/__tests__/fixtures';
import { renderRoutes } from '../../testing/render';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/**
 * The server: one batch of Basil that PUT /update_batches changes, and the crop reports the inventory
 * and forecasting screens read, summed from it as the server would.
 */
function api() {
  let batch: Batch = makeBatch({ NumberOfPlants: 100, StrainName: 'Basil', BatchStatus: 'Vegetative', EndDate: '2026-03-04' });
  const reads = { batches: 0, reports: 0 };
  const totals = () => ({ batches: 1, plants: batch.NumberOfPlants, pre_books: 0 });
  const none = { batches: 0, plants: 0, pre_books: 0, available: 0 };
  server.use(
    http.get(`${API}/get_batches`, () => {
      reads.batches++;
      return HttpResponse.json([batch]);
    }),
    http.get(`${API}/get_plant_count_report`, () => {
      reads.reports++;
      return HttpResponse.json({
        status: 'success',
        data: [{ group: batch.StrainName, room_id: null, ...totals(), trays: 0, tray_plants: 0 }],
        summary: { group_by: 'crop', ...totals(), trays: 0, tray_plants: 0, trays_without_batch: 0, tray_plants_without_batch: 0, batches_without_room: 1, plants_without_room: batch.NumberOfPlants },
      });
    }),
    http.get(`${API}/crop_availability_report`, ({ request }) => {
      reads.reports++;
      const ready = new URL(request.url).searchParams.get('batch_statuses') === '["Ready"]';
      const available = { ...totals(), available: batch.NumberOfPlants };
      const list = [{ batch_id: batch.BatchID, batch_number: batch.BatchNumber, strain_name: batch.StrainName, batch_status: batch.BatchStatus, number_of_plants: batch.NumberOfPlants, pre_books: 0, end_date: batch.EndDate! }];
      return HttpResponse.json(
        ready
          ? { status: 'success', data: [], weeks: [], undated: none, summary: none }
          : { status: 'success', data: [{ strain_name: 'Basil', ...available }], weeks: [{ week_start: '2026-03-02', week_end: '2026-03-08', ...available, batch_list: list }], undated: none, summary: available },
      );
    }),
    http.get(`${API}/get_custom_batch_statuses`, () => HttpResponse.json({ status: 'success', built_in_statuses: BUILT_IN, custom_statuses: [] })),
    http.get(`${API}/get_crop_status_by_variety`, () => {
      reads.reports++;
      const statuses = [{ batch_status: batch.BatchStatus, ...totals() }];
      return HttpResponse.json({ status: 'success', data: [{ strain_name: batch.StrainName, ...totals(), statuses }] });
    }),
    http.get(`${API}/get_crop_status_report`, () => {
      reads.reports++;
      return HttpResponse.json({ status: 'success', data: [], status_summary: [] });
    }),
    http.put(`${API}/update_batches`, async ({ request }) => {
      const form = await request.formData();
      batch = { ...batch, NumberOfPlants: Number(form.get('NumberOfPlants')) };
      return HttpResponse.json({ status: 'success', message: 'Batch updated.', batch });
    }),
    http.get(`${API}/get_all_trays`, () => HttpResponse.json({ status: 'success', trays: [] })),
    http.get(`${API}/get_tray_templates`, () => HttpResponse.json({ status: 'success', templates: [] })),
  );
  return reads;
}

const fieldsOf = (b: Batch) => ({
  BatchNumber: b.BatchNumber,
  NumberOfPlants: b.NumberOfPlants,
  StrainName: b.StrainName,
  BatchStatus: b.BatchStatus,
  Color: b.Color,
  PreBooks: b.PreBooks,
  StartDate: b.StartDate,
  EndDate: b.EndDate,
});

/** The batch form's save, as the batches screen calls it. */
function EditBatch() {
  const save = useSaveBatch(3);
  return (
    <button type="button" onClick={() => save.mutate({ batchId: 1, fields: { ...fieldsOf(makeBatch()), NumberOfPlants: 250 } })}>
      Save batch
    </button>
  );
}

function Screens() {
  return (
    <>
      <EditBatch />
      <section aria-label="inventory">
        <InventoryPage />
      </section>
      <section aria-label="forecasting">
        <ForecastingPage />
      </section>
    </>
  );
}

describe('editing a batch', () => {
  it("updates the inventory and forecasting screens, whose crop reports sit under the batches' keys", async () => {
    signInAs({ companyId: 3 });
    const reads = api();
    const user = userEvent.setup();
    const { queryClient } = renderRoutes([{ path: '*', element: <Screens /> }], '/dashboard/inventory');
    await screen.findByRole('region', { name: 'inventory' });
    const inventory = () => within(screen.getByRole('region', { name: 'inventory' }));
    const forecasting = () => within(screen.getByRole('region', { name: 'forecasting' }));

    expect((await inventory().findAllByText('100')).length).toBeGreaterThan(0);
    expect((await forecasting().findAllByText('100')).length).toBeGreaterThan(0);
    // Neither screen reads the whole batch list; every report they read is invalidated with the batches.
    expect(reads.batches).toBe(0);
    const reports = queryClient.getQueryCache().findAll({ queryKey: cropReportKeys.all(3) });
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(reports.every((q) => q.queryKey.slice(0, 2).join() === batchKeys.all(3).join())).toBe(true);
    const readsBefore = reads.reports;

    await user.click(screen.getByRole('button', { name: 'Save batch' }));

    await waitFor(() => expect(inventory().getAllByText('250').length).toBeGreaterThan(0));
    await waitFor(() => expect(forecasting().getAllByText('250').length).toBeGreaterThan(0));
    expect(inventory().queryByText('100')).not.toBeInTheDocument();
    expect(forecasting().queryByText('100')).not.toBeInTheDocument();
    expect(reads.reports).toBeGreaterThan(readsBefore);
  });
});
