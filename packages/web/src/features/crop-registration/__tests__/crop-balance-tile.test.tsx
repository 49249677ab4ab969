import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { INDICATORS, INDICATOR_FORMULAS, INDICATOR_UNITS } from '@verdant/contract';
import { CropBalanceTile } from '../components/crop-balance-tile';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { HOUSE_2_TOMATO } from './crop-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => signInAs({ companyId: 3 }));

const planting = HOUSE_2_TOMATO;
const none = Object.fromEntries(INDICATORS.map((k) => [k, null]));

function api(weeks: unknown[]) {
  server.use(
    http.get(`${API}/crop_registration/plantings`, () => HttpResponse.json({ status: 'success', plantings: [planting] })),
    http.get(`${API}/crop_registration/indicators`, () =>
      HttpResponse.json({ status: 'success', weeks, targets: [], formulas: INDICATOR_FORMULAS, units: INDICATOR_UNITS }),
    ),
  );
}

describe('the crop balance tile of the overview', () => {
  it("shows each room's latest registered week: growth and the balance reading", async () => {
    api([
      { planting_id: 5, room_id: 2, room_name: 'House 2', crop_id: 1, week: '2026-11-16', plants_measured: 3, values: { ...none, growth: 21 }, balance_label: 'vegetative', last_year: none },
      { planting_id: 5, room_id: 2, room_name: 'House 2', crop_id: 1, week: '2026-11-23', plants_measured: 3, values: { ...none, growth: 24.5 }, balance_label: 'balanced', last_year: none },
    ]);
    renderPage(<CropBalanceTile />);
    const list = await screen.findByRole('list', { name: 'Rooms by their latest registered week' });
    expect(list).toHaveTextContent('House 2 · Tomato');
    expect(list).toHaveTextContent('Week 48 · Growth 24.5 cm');
    expect(list).toHaveTextContent('Balanced');
  });

  it('says to walk the sample plants when nothing is registered', async () => {
    api([]);
    renderPage(<CropBalanceTile />);
    expect(await screen.findByText('No registrations in the last weeks')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registration walk' })).toBeInTheDocument();
  });
});
