import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, isoWeekNumber, deviceToday, mondayOf, type HarvestForecast } from '@verdant/contract';
import ForecastPage from '../components/forecast-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { HOUSE_2_TOMATO } from './crop-fixtures';

// jsdom lays nothing out: the chart gets a size (testing/sized-recharts).
vi.mock('recharts', async (original) => (await import('../../../testing/sized-recharts')).sizedRecharts(original, 256));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => signInAs({ companyId: 3 }));

const W = mondayOf(deviceToday());
const planting = HOUSE_2_TOMATO;
const weeks = [1, 2, 3, 4, 5].map((h) => ({ horizon: h, week: addDays(W, 7 * h), kg_per_m2: h / 4 }));
const made: HarvestForecast = {
  planting_id: 5, room_id: 2, room_name: 'House 2', batch_id: null, made_week: W, model: 'Trusses set × fruits × weight, ripe at 950 °C·d',
  weeks: weeks.map((w) => ({ ...w, trusses: 1 })),
  inputs: {
    stems_per_m2: 3.5, fruits_per_truss: 5, fruit_weight_g: 120, degree_days_to_ripen: 950, base_temperature_c: 0, mean_temperature_c: 20,
    temperature_source: 'mixed', trusses_set: [{ week: addDays(W, -14), trusses: 0.9, degree_days_so_far: 300 }], recent_harvests: [], calibration: 1,
    temperature_weeks: [
      { week: addDays(W, -14), mean_c: 19.4, degree_days: 136, source: 'weather' },
      { week: addDays(W, -7), mean_c: 21, degree_days: 147, source: 'typed' },
      { week: W, mean_c: 20.2, degree_days: 141, source: 'mixed' },
      { week: addDays(W, 7), mean_c: 20, degree_days: 140, source: 'default' },
    ],
  },
};
/** The kept copy of the run, with its inputs and model (kept beside the figures). */
const kept = { planting_id: 5, room_id: 2, room_name: 'House 2', batch_id: null, made_week: W, made_at: `${W}T08:00:00.000Z`, weeks, inputs: made.inputs, model: made.model };
/** A forecast of two weeks before, kept before the inputs were. */
const older = { ...kept, made_week: addDays(W, -14), inputs: null, model: null };
/** Last week's, with other inputs. */
const lastWeek = { ...kept, made_week: addDays(W, -7), inputs: { ...made.inputs, fruits_per_truss: 4.2, temperature_weeks: [{ week: addDays(W, -7), mean_c: 18.8, degree_days: 132, source: 'weather' as const }] } };

/** The screen's calls; counts the runs (POST /forecast) so a read never makes one. */
function api(latest: 'kept' | 'none') {
  const calls = { runs: 0 };
  let ran = false;
  server.use(
    http.get(`${API}/crop_registration/plantings`, () => HttpResponse.json({ status: 'success', plantings: [planting] })),
    http.get(`${API}/crop_registration/forecast/latest`, ({ request }) => {
      const asked = new URL(request.url).searchParams.get('made_week');
      if (asked) return HttpResponse.json({ status: 'success', forecasts: [asked === older.made_week ? older : lastWeek] });
      return latest === 'kept' || ran
        ? HttpResponse.json({ status: 'success', forecasts: [kept] })
        : HttpResponse.json({ status: 'error', error: 'not_found', message: 'No forecast has been run yet for this planting or room: run one with Run forecast.' }, { status: 404 });
    }),
    http.post(`${API}/crop_registration/forecast`, () => {
      calls.runs += 1;
      ran = true;
      return HttpResponse.json({ status: 'success', message: 'Forecast made.', forecasts: [made] });
    }),
    http.get(`${API}/crop_registration/forecast_accuracy`, () =>
      HttpResponse.json({
        status: 'success',
        rows: latest === 'kept'
          ? [older, lastWeek].map((f) => ({ made_week: f.made_week, week: addDays(f.made_week, 7), horizon: 1, forecast_kg_per_m2: 0.3, actual_kg_per_m2: 0.32 }))
          : [],
        horizons: [1, 2, 3, 4, 5].map((h) => ({ horizon: h, weeks: 0, mape: null })),
      })),
  );
  return calls;
}

describe('the harvest forecast screen', () => {
  it("labels the chart's y axis with what it shows and its unit", async () => {
    api('kept');
    renderPage(<ForecastPage />);
    const chart = await screen.findByTestId('forecast-chart');
    expect(await within(chart).findByText('Harvest (kg/m²)')).toBeInTheDocument();
  });

  it('reads the kept forecast without making one, with the model and inputs it was made from and each week\'s temperature source', async () => {
    const calls = api('kept');
    renderPage(<ForecastPage />);
    const row = (await screen.findByRole('button', { name: 'House 2 · Tomato' })).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('1.25'));
    expect(row).toHaveTextContent('3.75');
    expect(await screen.findByTestId('forecast-inputs')).toHaveTextContent('3.5');
    expect(screen.getByText(made.model)).toBeInTheDocument();
    const temps = within(screen.getByTestId('forecast-temperatures'));
    const weekRow = (w: string) => temps.getByRole('rowheader', { name: `Week ${isoWeekNumber(w)}` }).closest('tr')!;
    expect(weekRow(addDays(W, -14))).toHaveTextContent('Weather service');
    expect(weekRow(addDays(W, -7))).toHaveTextContent('Typed');
    expect(weekRow(W)).toHaveTextContent('Typed and weather service');
    expect(weekRow(addDays(W, 7))).toHaveTextContent("The crop's default");
    expect(screen.getByText('Typed, weather service and the default')).toBeInTheDocument();
    expect(calls.runs).toBe(0);
  });

  it('shows the inputs of any past forecast chosen by its week, and says when one was kept before its inputs were', async () => {
    api('kept');
    const user = userEvent.setup();
    renderPage(<ForecastPage />);
    const made = await screen.findByRole('combobox', { name: 'Forecast made in' });
    await user.selectOptions(made, addDays(W, -7));
    await waitFor(() => expect(screen.getByTestId('forecast-inputs')).toHaveTextContent('4.2'));
    expect(within(screen.getByTestId('forecast-temperatures')).getAllByRole('row')).toHaveLength(2);
    await user.selectOptions(made, addDays(W, -14));
    expect(await screen.findByText('This forecast was kept before its inputs were: only its figures are known.')).toBeInTheDocument();
    await user.selectOptions(made, '');
    expect(await screen.findByTestId('forecast-inputs')).toHaveTextContent('3.5');
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
