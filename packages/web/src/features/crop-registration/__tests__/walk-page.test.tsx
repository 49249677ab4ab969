import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { cropRegistrationMessages, deviceToday, mondayOf, type RegistrationWalk } from '@verdant/contract';
import WalkPage from '../components/walk-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { ActionQueueDatabase } from '../../../offline/action-queue-store';
import { HOUSE_2_TOMATO } from './crop-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const database = new ActionQueueDatabase();
const week = mondayOf(deviceToday());

const planting = HOUSE_2_TOMATO;
const types: RegistrationWalk['types'] = [
  { type_id: 21, crop_id: 1, name: 'Head', unit: 'mm', min: 5, max: 25, decimals: 1, how_to_measure: 'With a calliper, 15 cm below the head.', kind: 'number', measure: 'stem_diameter', position: 1, is_default: true },
  { type_id: 22, crop_id: 1, name: 'Set truss', unit: 'truss', min: 0, max: 99.9, decimals: 1, how_to_measure: '', kind: 'truss_position', measure: 'set_truss', position: 2, is_default: true },
];
const plant = (id: number, position: number) => ({
  sample_plant_id: id, set_id: 1, grid_box_id: id, grid_id: 1, grid_name: 'Row A', x: position, y: 1, box_name: null, plant_id: null,
  label: `Row A ${position}/1`, position, values: [], photo: null, last_week: [{ type_id: 21, value: 11.5, out_of_range: false }], done: false,
});

/** The walk's reads and its registration call; each registration recorded with its Idempotency-Key. */
function walkApi() {
  const sent: Array<{ key: string | null; body: Record<string, unknown> }> = [];
  server.use(
    http.get(`${API}/crop_registration/plantings`, () => HttpResponse.json({ status: 'success', plantings: [planting] })),
    http.get(`${API}/crop_registration/walk`, () =>
      HttpResponse.json({
        status: 'success',
        walk: { week, planting, set: null, rotation_due: false, types, plants: [plant(31, 1), plant(32, 2)], progress: { done: 0, total: 2, text: '0 of 2 plants' } },
      }),
    ),
    http.post(`${API}/crop_registration/registrations`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ key: request.headers.get('Idempotency-Key'), body });
      return HttpResponse.json({ status: 'success', message: cropRegistrationMessages.registrationSaved, sample_plant_id: body.sample_plant_id, week, values: [] });
    }),
  );
  return sent;
}

const pad = () => within(screen.getByRole('group', { name: 'Number pad' }));
async function typeOnPad(user: ReturnType<typeof userEvent.setup>, text: string) {
  for (const ch of text) await user.click(pad().getByRole('button', { name: ch === '.' ? 'Decimal point' : ch }));
}

beforeEach(async () => {
  await database.actions.clear();
  localStorage.clear();
  signInAs({ userId: 7, companyId: 3 });
});

describe('the registration walk', () => {
  it('types each field on the pad beside last week, and saves the plant through the outbox with an Idempotency-Key', async () => {
    const sent = walkApi();
    const user = userEvent.setup();
    renderPage(<WalkPage />);
    expect(await screen.findByTestId('walk-progress')).toHaveTextContent('0 of 2 plants');
    expect(screen.getByText('Plant 1 of 2 on the route')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Head mm' })).toHaveTextContent('Last week 11.5');
    expect(screen.getByText('With a calliper, 15 cm below the head.')).toBeInTheDocument();
    await typeOnPad(user, '12.55');
    expect(screen.getByRole('button', { name: 'Head mm' })).toHaveTextContent('12.5');
    await user.click(screen.getByRole('button', { name: 'Next field' }));
    await typeOnPad(user, '17.2');
    await user.click(screen.getByRole('button', { name: 'Save plant' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.key).toMatch(/.{8,}/);
    expect(sent[0]!.body).toEqual({
      sample_plant_id: 31, week, values: [{ type_id: 21, value: '12.5' }, { type_id: 22, value: '17.2' }], confirm_out_of_range: false,
    });
    expect(await screen.findByText('Plant 2 of 2 on the route')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('walk-progress')).toHaveTextContent('1 of 2 plants'));
  });

  it('questions a value outside its range and sends it confirmed only once kept; a truss position must be whole', async () => {
    const sent = walkApi();
    const user = userEvent.setup();
    renderPage(<WalkPage />);
    await screen.findByTestId('walk-progress');
    await typeOnPad(user, '30');
    await user.click(screen.getByRole('button', { name: 'Next field' }));
    await typeOnPad(user, '17.');
    await user.click(screen.getByRole('button', { name: 'Save plant' }));
    expect(screen.getByText(cropRegistrationMessages.trussForm)).toBeInTheDocument();
    await typeOnPad(user, '2');
    await user.click(screen.getByRole('button', { name: 'Save plant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check these values' });
    expect(dialog).toHaveTextContent('Head 30 mm is outside 5–25.');
    await user.click(within(dialog).getByRole('button', { name: 'Correct' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save plant' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Check these values' })).getByRole('button', { name: 'Keep the values' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ values: [{ type_id: 21, value: '30' }, { type_id: 22, value: '17.2' }], confirm_out_of_range: true });
  });

  it('resumes after the app was closed: plants waiting in the outbox count, the plant in hand keeps its figures', async () => {
    walkApi();
    await database.actions.add({
      seq: 1, companyId: 3, userId: 7, endpoint: 'saveRegistration', label: 'Crop registration · Row A 1/1', idempotencyKey: 'k-1',
      input: { company_id: 3, sample_plant_id: 31, week, values: [{ type_id: 21, value: '12.5' }, { type_id: 22, value: '17.2' }], confirm_out_of_range: false },
      createdAt: Date.now(), state: 'waiting', attempts: 1, nextAttemptAt: Date.now() + 60_000, reason: 'No connection', conflict: false, sentAt: null,
    });
    localStorage.setItem(`verdant.cropWalk.3.7.5.${week}`, JSON.stringify({ plantId: 32, values: { 21: '9' } }));
    renderPage(<WalkPage />);
    await waitFor(() => expect(screen.getByTestId('walk-progress')).toHaveTextContent('1 of 2 plants'));
    expect(screen.getByText('1 waiting to send')).toBeInTheDocument();
    expect(screen.getByText('Plant 2 of 2 on the route')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Head mm' })).toHaveTextContent('9');
  });

  it('says what to do when no crop is planted', async () => {
    server.use(http.get(`${API}/crop_registration/plantings`, () => HttpResponse.json({ status: 'success', plantings: [] })));
    renderPage(<WalkPage />);
    expect(await screen.findByText('No crop to measure yet')).toBeInTheDocument();
    // The screens' row and the way out of the empty walk.
    expect(screen.getAllByRole('link', { name: 'Sample plants' })).toHaveLength(2);
  });
});
