import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { deviceToday, EMPTY_PRODUCT_REGISTER, treatmentsMessages, type SprayProduct } from '@verdant/contract';
import { ApplyTreatmentDialog } from '../components/apply-treatment-dialog';
import { renderPage } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-01-05T08:00:00.000Z';
const product = (product_id: number, name: string): SprayProduct => ({
  product_id, name, details: null, reentry_interval_hours: 12, preharvest_interval_days: 3, company_id: 3, created_at: T, updated_at: T, ...EMPTY_PRODUCT_REGISTER,
});

function api(refuse: string | null) {
  const writes: Array<Record<string, string>> = [];
  const today = deviceToday();
  const place = { query: 'westland', name: 'Westland', country: 'Netherlands', latitude: 52, longitude: 4.2, timezone: 'Europe/Amsterdam' };
  server.use(
    http.get(`${API}/load_users`, () =>
      HttpResponse.json({
        status: 'success',
        users: [{ user_id: 7, company_id: 3, first_name: 'Ana', last_name: 'Grower', email: 'ana@example.com', user_role: 'Admin', location: 'Westland', created_at: '2026-01-01T00:00:00Z', active: true }],
      }),
    ),
    http.get(`${API}/weather/todays_weather`, () =>
      HttpResponse.json({
        status: 'success',
        data: { place, date: today, day: null, now: { time: `${today}T09:00`, temperature: 18.5, relative_humidity: 72, wind_speed: 9, weather_code: 3 }, fetched_at: `${today}T09:00:00Z`, age_seconds: 0, stale: false },
      }),
    ),
    http.get(`${API}/get_unresolved_problems_for_grid`, ({ request }) => {
      const gridId = Number(new URL(request.url).searchParams.get('grid_id'));
      const seen = (ProblemID: number, Problem: string, PlantProblemID: number | null, GridBoxID: number) => ({
        ProblemID, Problem, PlantProblemID, Severity: 2, RoomID: 4, GridID: gridId, GridBoxID, Sub_gridboxID: null, BatchID: null, ResponseID: null,
        Source: 'scout', Notes: null, ObservedAt: T, ObservedBy: 7, ObservedByName: 'Ana Grower', Status: 'open', Confidence: null, StatusChangedAt: null, StatusChangedBy: null,
      });
      const box = (GridBoxID: number, problems: ReturnType<typeof seen>[]) => ({ GridBoxID, x: GridBoxID, y: 1, CustomName: null, problems });
      return HttpResponse.json({
        status: 'success',
        data: {
          GridID: gridId, total_open: 4,
          // Box 13 is not chosen: its observation is not offered.
          Boxes: [box(11, [seen(901, 'Spider mites', 21, 11), seen(902, 'Thrips', 22, 11)]), box(12, [seen(903, 'spider mites', 21, 12)]), box(13, [seen(904, 'Aphids', 23, 13)])],
        },
      });
    }),
    http.get(`${API}/get_product_details`, () => HttpResponse.json({ status: 'success', products: [product(5, 'Vertimec'), product(6, 'Teppeki')] })),
    http.get(`${API}/get_threshold_crossings_for_boxes`, () => HttpResponse.json({ status: 'success', crossings: [] })),
    http.post(`${API}/link_treatment_products_gridboxes`, async ({ request }) => {
      const fields = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
      writes.push(fields);
      if (refuse) return HttpResponse.json({ status: 'error', message: refuse, error: 'unprocessable', field: 'Dose' }, { status: 422 });
      return HttpResponse.json({ status: 'error', message: 'not in this test', error: 'not_found' }, { status: 404 });
    }),
  );
  return writes;
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Apply a treatment to 2 boxes' });
  await user.selectOptions(await within(dialog).findByLabelText(/^Spray product/), 'Vertimec');
  await user.type(within(dialog).getByLabelText(/^Quantity used/), '0.5');
  await user.click(within(dialog).getByText('Register details (times, crop, tank mix, weather, beneficials)'));
  await user.type(within(dialog).getByLabelText(/^Crop \(EPPO code\)/), 'lypes');
  await user.type(within(dialog).getByLabelText(/^Growth stage/), '120');
  await user.type(within(dialog).getByLabelText(/^Water volume/), '1000');
  await user.click(within(dialog).getByRole('button', { name: 'Add a product to the mix' }));
  const line = within(dialog).getByTestId('tank-mix-line');
  await user.selectOptions(within(line).getByLabelText(/^Product 2/), 'Teppeki');
  await user.type(within(line).getByLabelText(/^Quantity used/), '0.2');
  // The weather now at the user's location, from the weather service (km/h turned into m/s).
  await user.click(await within(dialog).findByRole('button', { name: 'Fill in the weather now at Westland' }));
  expect(within(dialog).getByLabelText(/^Temperature/)).toHaveValue('18.5');
  expect(within(dialog).getByLabelText(/^Wind/)).toHaveValue('2.5');
  expect(within(dialog).getByTestId('weather-from-service')).toHaveTextContent('From the weather service');
  return dialog;
}

describe('the register fields of an application', () => {
  it('checks BBCH on save, then sends the tank mix, crop, stage and water as the register fields; a refusal shows the server reason', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const refusal = treatmentsMessages.doseAboveMax('Vertimec', 1.5, 'L/ha', 1);
    const writes = api(refusal);
    const user = userEvent.setup();
    renderPage(<ApplyTreatmentDialog open companyId={3} roomName="East" boxes={[{ id: 11, GridID: 1 }, { id: 12, GridID: 1 }]} onClose={() => {}} onApplied={() => {}} />);
    const dialog = await fill(user);
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 boxes' }));
    expect(within(dialog).getByText('Enter a whole BBCH stage from 0 to 99.')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/^Growth stage/));
    await user.type(within(dialog).getByLabelText(/^Growth stage/), '65');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 boxes' }));
    expect(await screen.findByText(`The treatment was not recorded: ${refusal}`)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ ProductName: 'Vertimec', QuantityUsed: '0.5', CropEppo: 'LYPES', BBCH: '65', WaterVolumeL: '1000', Grid_boxIDs: '[11,12]' });
    expect(JSON.parse(writes[0]!.TankMix!)).toEqual([{ ProductName: 'Teppeki', QuantityUsed: 0.2 }]);
    expect(JSON.parse(writes[0]!.Weather!)).toEqual({ temperature_c: 18.5, humidity_pct: 72, wind_speed_ms: 2.5, source: 'weather_service' });
  }, 30_000);

  it('offers the open problems of the chosen boxes as targets, checks the releases of beneficials, and sends both', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const writes = api(null);
    const user = userEvent.setup();
    renderPage(<ApplyTreatmentDialog open companyId={3} roomName="East" boxes={[{ id: 11, GridID: 1 }, { id: 12, GridID: 1 }]} onClose={() => {}} onApplied={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Apply a treatment to 2 boxes' });
    await user.selectOptions(await within(dialog).findByLabelText(/^Spray product/), 'Vertimec');
    await user.type(within(dialog).getByLabelText(/^Quantity used/), '0.5');

    const targets = await within(dialog).findByRole('list', { name: 'Target problems' });
    expect(within(targets).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Spider mites (2 observations in 2 box(es))',
      'Thrips (1 observation in 1 box(es))',
    ]);
    expect(within(dialog).queryByText(/Aphids/)).not.toBeInTheDocument();
    await user.click(within(targets).getByRole('checkbox', { name: /Spider mites/ }));

    await user.click(within(dialog).getByText('Register details (times, crop, tank mix, weather, beneficials)'));
    await user.click(within(dialog).getByRole('button', { name: 'Add a release of beneficials' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 boxes' }));
    const line = within(dialog).getByTestId('release-line');
    expect(within(line).getByText('Enter the species released.')).toBeInTheDocument();
    expect(within(line).getByText('Enter a number per m² greater than 0.')).toBeInTheDocument();
    expect(within(line).getByText('Choose how they were released.')).toBeInTheDocument();
    expect(within(dialog).getByText('Some register details need correcting: see the fields marked below.')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.type(within(line).getByLabelText(/^Species 1/), 'Phytoseiulus persimilis');
    await user.type(within(line).getByLabelText(/^Number per m²/), '2,5');
    await user.selectOptions(within(line).getByLabelText(/^Method/), 'Loose (sprinkled)');
    // Correcting the last refusal leaves the details open.
    expect(within(dialog).getByText('Register details (times, crop, tank mix, weather, beneficials)').closest('details')).toHaveAttribute('open');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 boxes' }));
    // The test's server answers 404 after taking the body: the reason is shown in the dialog, which stays open.
    expect(await within(dialog).findByText('The treatment was not recorded: not in this test')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(JSON.parse(writes[0]!.Releases!)).toEqual([{ Species: 'Phytoseiulus persimilis', QuantityPerM2: 2.5, Method: 'loose' }]);
    expect(JSON.parse(writes[0]!.TargetProblemIDs!)).toEqual([21]);
    expect(JSON.parse(writes[0]!.ObservationIDs!)).toEqual([901, 903]);
  }, 30_000);
});
