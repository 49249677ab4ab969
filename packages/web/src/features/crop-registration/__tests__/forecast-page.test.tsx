import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, deviceToday, mondayOf, type CropPlanting, type HarvestForecast } from '@verdant/contract';
import ForecastPage from '../components/forecast-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => signInAs({ companyId: 3 }));

const W = mondayOf(deviceToday());
const planting: CropPlanting = {
  planting_id: 5, room_id: 2, room_name: 'House 2', crop_id: 1, crop_name: 'Tomato', eppo_code: 'LYPES', batch_id: null, batch_number: null,
  area_m2: 1000, stems_per_m2: 3.5, start_week: '2026-01-05', end_week: null, rotation_weeks: 4,
};
const weeks = [1, 2, 3, 4, 5].map((h) => ({ horizon: h, week: addDays(W, 7 * h), kg_per_m2: h / 4 }));
const kept = { planting_id: 5, room_id: 2, room_name: 'House 2', batch_id: null, made_week: W, made_at: `${W}T08:00:00.000Z`, weeks };
const made: HarvestForecast = {
  planting_id: 5, room_id: 2, room_name: 'House 2', batch_id: null, made_week: W, model: 'Trusses set × fruits × weight, ripe at 950 °C·d',
  weeks: weeks.map((w) => ({ ...w, trusses: 1 })),
  inputs: {
    stems_per_m2: 3.5, fruits_per_truss: 5, fruit_weight_g: 120, degree_days_to_ripen: 950, base_temperature_c: 0, mean_temperature_c: 20,
    temperature_source: 'default', trusses_set: [], recent_harvests: [], calibration: 1,
  },
};

/** The screen's calls; counts the runs (POST /forecast) so a read never makes one. */
function api(latest: 'kept' | 'none') {
  const calls = { runs: 0 };
  let ran = false;
  server.use(
    http.get(`${API}/crop_registration/plantings`, () => HttpResponse.json({ status: 'success', plantings: [planting] })),
    http.get(`${API}/crop_registration/forecast/latest`, () =>
      latest === 'kept' || ran
        ? HttpResponse.json({ status: 'success', forecasts: [kept] })
        : HttpResponse.json({ status: 'error', error: 'not_found', message: 'No forecast has been run yet for this planting or room: run one with Run forecast.' }, { status: 404 })),
    http.post(`${API}/crop_registration/forecast`, () => {
      calls.runs += 1;
      ran = true;
      return HttpResponse.json({ status: 'success', message: 'Forecast made.', forecasts: [made] });
    }),
    http.get(`${API}/crop_registration/forecast_accuracy`, () =>
      HttpResponse.json({ status: 'success', rows: [], horizons: [1, 2, 3, 4, 5].map((h) => ({ horizon: h, weeks: 0, mape: null })) })),
  );
  return calls;
}

describe('the harvest forecast screen', () => {
  it('reads the kept forecast without making one', async () => {
    const calls = api('kept');
    renderPage(<ForecastPage />);
    const row = (await screen.findByRole('button', { name: 'House 2 · Tomato' })).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('1.25'));
    expect(row).toHaveTextContent('3.75');
    expect(screen.getByText('Run the forecast to see the model and the inputs it is made from.')).toBeInTheDocument();
    expect(calls.runs).toBe(0);
  });

  it('says none was run yet, and runs it only from the Run forecast button, then shows the kept figures and the inputs', async () => {
    const calls = api('none');
    renderPage(<ForecastPage />);
    expect(await screen.findByText('No forecast run yet: press Run forecast.')).toBeInTheDocument();
    expect(calls.runs).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Run forecast' }));
    expect(await screen.findByTestId('forecast-inputs')).toHaveTextContent('3.5');
    const row = screen.getByRole('button', { name: 'House 2 · Tomato' }).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('3.75'));
    expect(calls.runs).toBe(1);
  });
});
