import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { EMPTY_PRODUCT_REGISTER, type BoxThresholdCrossing, type SprayProduct } from '@verdant/contract';
import { ApplyTreatmentDialog } from '../components/apply-treatment-dialog';
import { renderPage } from '../../../../testing/render';
import { API, server } from '../../../../testing/msw-server';
import { signInAs } from '../../../../testing/session';

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-01-05T08:00:00.000Z';
const product: SprayProduct = {
  product_id: 5, name: 'Vertimec', details: null, reentry_interval_hours: 12, preharvest_interval_days: 3, company_id: 3, created_at: T, updated_at: T, ...EMPTY_PRODUCT_REGISTER,
};
const crossing = (crossing_id: number, problem: string, level: 'amber' | 'red', more: Partial<BoxThresholdCrossing> = {}): BoxThresholdCrossing => ({
  crossing_id, threshold_id: crossing_id + 100, problem, level, metric: 'count', value: 6, amber: 3, red: 6, window_hours: 24, room_id: 4,
  room_name: 'East', crossed_at: T, window_end: '2099-01-01T00:00:00.000Z', grid_box_ids: [11, 21], ...more,
});

function api(crossings: BoxThresholdCrossing[] | 'fail') {
  const writes: Array<Record<string, string>> = [];
  const asked: string[] = [];
  server.use(
    http.get(`${API}/get_unresolved_problems_for_grid`, ({ request }) => {
      const gridId = Number(new URL(request.url).searchParams.get('grid_id'));
      const seen = {
        ProblemID: 901, Problem: 'Thrips', PlantProblemID: 22, Severity: 2, RoomID: 4, GridID: gridId, GridBoxID: 11, Sub_gridboxID: null, BatchID: null, ResponseID: null,
        Source: 'scout', Notes: null, ObservedAt: T, ObservedBy: 7, ObservedByName: 'Ana Grower', Status: 'open', Confidence: null, StatusChangedAt: null, StatusChangedBy: null,
      };
      const Boxes = gridId === 1 ? [{ GridBoxID: 11, x: 1, y: 1, CustomName: null, problems: [seen] }] : [];
      return HttpResponse.json({ status: 'success', data: { GridID: gridId, total_open: Boxes.length, Boxes } });
    }),
    http.get(`${API}/get_threshold_crossings_for_boxes`, ({ request }) => {
      asked.push(new URL(request.url).search);
      if (crossings === 'fail') return HttpResponse.json({ status: 'error', message: 'down', error: 'internal' }, { status: 500 });
      return HttpResponse.json({ status: 'success', crossings });
    }),
    http.get(`${API}/get_product_details`, () => HttpResponse.json({ status: 'success', products: [product] })),
    http.post(`${API}/link_treatment_products_gridboxes`, async ({ request }) => {
      writes.push(Object.fromEntries((await request.formData()).entries()) as Record<string, string>);
      return HttpResponse.json({ status: 'error', message: 'not in this test', error: 'not_found' }, { status: 404 });
    }),
  );
  return { writes, asked };
}

const open = () =>
  renderPage(
    <ApplyTreatmentDialog open companyId={3} roomName="East" boxes={[{ id: 12, GridID: 1 }, { id: 11, GridID: 1 }, { id: 21, GridID: 2 }]} onClose={() => {}} onApplied={() => {}} />,
  );

describe('threshold crossings as targets of an application', () => {
  it('offers the crossings running where the boxes are, red first, and sends the ticked one with the problem', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const { writes, asked } = api([
      crossing(71, 'Two-spotted spider mite', 'red'),
      crossing(72, 'Whiteflies', 'amber', { metric: 'severity', value: 4, grid_box_ids: [21], window_hours: 48, room_name: 'West' }),
    ]);
    const user = userEvent.setup();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Apply a treatment to 3 boxes' });
    await user.selectOptions(await within(dialog).findByLabelText(/^Spray product/), 'Vertimec');
    await user.type(within(dialog).getByLabelText(/^Quantity used/), '0.5');

    const crossed = await within(dialog).findByRole('list', { name: 'Threshold crossings' });
    expect(within(crossed).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Two-spotted spider mite: red threshold crossed (6 observations in 24 h in East, 3 of these box(es))',
      'Whiteflies: amber threshold crossed (severity 4 in 48 h in West, 1 of these box(es))',
    ]);
    // One read for all the boxes: one box per grid (a crossing is its room's), ascending, with a limit; each crossing
    // then counts the chosen boxes of the grids it covers.
    expect(asked).toHaveLength(1);
    const query = new URLSearchParams(asked[0]);
    expect(query.get('company_id')).toBe('3');
    expect(query.getAll('GridBoxIDs').flatMap((v) => v.replace(/[[\]]/g, '').split(','))).toEqual(['11', '21']);
    expect(Number(query.get('limit'))).toBeGreaterThan(0);

    const problems = await within(dialog).findByRole('list', { name: 'Target problems' });
    await user.click(within(problems).getByRole('checkbox', { name: /Thrips/ }));
    await user.click(within(crossed).getByRole('checkbox', { name: /Two-spotted spider mite/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 3 boxes' }));
    expect(await within(dialog).findByText('The treatment was not recorded: not in this test')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(JSON.parse(writes[0]!.CrossingIDs!)).toEqual([71]);
    expect(JSON.parse(writes[0]!.ObservationIDs!)).toEqual([901]);
    expect(JSON.parse(writes[0]!.TargetProblemIDs!)).toEqual([22]);

    // Unticked again: no CrossingIDs sent.
    await user.click(within(crossed).getByRole('checkbox', { name: /Two-spotted spider mite/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 3 boxes' }));
    await screen.findByText('The treatment was not recorded: not in this test');
    expect(writes).toHaveLength(2);
    expect(writes[1]!.CrossingIDs).toBeUndefined();
  }, 30_000);

  it('says when no crossing runs and no problem is open, and warns when the crossings cannot be read (problems still offered)', async () => {
    signInAs({ userId: 7, companyId: 3 });
    api('fail');
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Apply a treatment to 3 boxes' });
    expect(await within(dialog).findByText(/threshold crossings of these boxes could not be read/)).toBeInTheDocument();
    expect(await within(dialog).findByRole('list', { name: 'Target problems' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Threshold crossings' })).not.toBeInTheDocument();
  }, 30_000);
});
