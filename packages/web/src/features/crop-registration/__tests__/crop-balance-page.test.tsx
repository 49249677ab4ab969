import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, deviceToday, INDICATORS, INDICATOR_FORMULAS, INDICATOR_UNITS, mondayOf } from '@verdant/contract';
import CropBalancePage from '../components/crop-balance-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { HOUSE_2_TOMATO } from './crop-fixtures';

// jsdom lays nothing out: the chart gets a size (testing/sized-recharts).
vi.mock('recharts', async (original) => (await import('../../../testing/sized-recharts')).sizedRecharts(original, 320));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => signInAs({ companyId: 3 }));

const W = mondayOf(deviceToday());
const planting = HOUSE_2_TOMATO;
const none = Object.fromEntries(INDICATORS.map((k) => [k, null]));
const week = (w: string, growth: number, balance: number, lastYear: number) => ({
  planting_id: 5, room_id: 2, room_name: 'House 2', crop_id: 1, week: w, plants_measured: 3,
  values: { ...none, growth, balance }, balance_label: 'balanced', last_year: { ...none, growth: lastYear },
});

describe('the crop balance screen', () => {
  it("labels the chart's y axis with the indicator and its unit, and its ticks as numbers", async () => {
    server.use(
      http.get(`${API}/crop_registration/plantings`, () => HttpResponse.json({ status: 'success', plantings: [planting] })),
      http.get(`${API}/crop_registration/indicators`, () =>
        HttpResponse.json({
          status: 'success', weeks: [week(addDays(W, -7), 1250.5, 0.95, 1100), week(W, 1320, 1.02, 1180)],
          targets: [], formulas: INDICATOR_FORMULAS, units: INDICATOR_UNITS,
        }),
      ),
      http.get(`${API}/crop_registration/targets`, () => HttpResponse.json({ status: 'success', targets: [] })),
    );
    renderPage(<CropBalancePage />);
    const chart = await screen.findByTestId('indicator-chart');
    expect(await within(chart).findByText('Growth (cm/week)')).toBeInTheDocument();
    // Ticks read with the language's separators (1,000 not 1000).
    const ticks = [...chart.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((e) => e.textContent);
    expect(ticks).toEqual(expect.arrayContaining(['0', '700', '1,400']));
    // The balance has no unit: the axis says what it is a ratio to.
    // (The chart's chooser comes before the targets card's.)
    await userEvent.selectOptions(screen.getAllByLabelText('Indicator')[0]!, 'balance');
    expect(await within(chart).findByText('Generative/vegetative balance (ratio, 1 = target)')).toBeInTheDocument();
  });
});
