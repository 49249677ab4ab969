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
    http.get(`${API}/get_product_details`, () => HttpResponse.json({ status: 'success', products: [product(5, 'Vertimec'), product(6, 'Teppeki')] })),
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
  await user.click(within(dialog).getByText('Register details (times, crop, tank mix, weather)'));
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
});
