import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Batch } from '@verdant/contract';
import InventoryPage from '../../features/inventory/components/inventory-page';
import ForecastingPage from '../../features/forecasting/components/forecasting-page';
import { useSaveBatch } from '../../features/batches/api/use-batches';
import { batchKeys } from '../../api/queries/batches';
import { makeBatch } from '../../features/batches/__tests__/fixtures';
import { renderRoutes } from '../../testing/render';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The server: one batch of Basil that PUT /update_batches changes. */
function api() {
  let batch: Batch = makeBatch({ NumberOfPlants: 100, StrainName: 'Basil', BatchStatus: 'Vegetative' });
  const reads = { batches: 0 };
  server.use(
    http.get(`${API}/get_batches`, () => {
      reads.batches++;
      return HttpResponse.json([batch]);
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
  it('updates the inventory and forecasting screens, which read the one shared batches query', async () => {
    signInAs({ companyId: 3 });
    const reads = api();
    const user = userEvent.setup();
    const { queryClient } = renderRoutes([{ path: '*', element: <Screens /> }], '/dashboard/inventory');
    await screen.findByRole('region', { name: 'inventory' });
    const inventory = () => within(screen.getByRole('region', { name: 'inventory' }));
    const forecasting = () => within(screen.getByRole('region', { name: 'forecasting' }));

    expect((await inventory().findAllByText('100')).length).toBeGreaterThan(0);
    expect((await forecasting().findAllByText('100')).length).toBeGreaterThan(0);
    // One cache entry for GET /get_batches, read once for both screens.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['batches'] }).map((q) => q.queryKey)).toEqual([batchKeys.lists(3)]);
    expect(reads.batches).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Save batch' }));

    await waitFor(() => expect(inventory().getAllByText('250').length).toBeGreaterThan(0));
    await waitFor(() => expect(forecasting().getAllByText('250').length).toBeGreaterThan(0));
    expect(inventory().queryByText('100')).not.toBeInTheDocument();
    expect(forecasting().queryByText('100')).not.toBeInTheDocument();
  });
});
