import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { addDays, cropRegistrationMessages, deviceToday, isoWeekNumber, mondayOf, type RegistrationWalk } from '@verdant/contract';
import WalkPage from '../components/walk-page';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { ActionQueueDatabase } from '../../../offline/action-queue-store';
import { installBlobCloning } from '../../../offline/__tests__/browser-emulation';
import { paths } from '../../../lib/paths';
import { HOUSE_2_TOMATO } from './crop-fixtures';

// IndexedDB keeps a queued photo's Blob in a browser; jsdom's needs the stand-in (offline/__tests__/browser-emulation).
let restoreCloning: () => void = () => {};
beforeAll(() => {
  restoreCloning = installBlobCloning();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  restoreCloning();
});

const database = new ActionQueueDatabase();
const week = mondayOf(deviceToday());

const planting = HOUSE_2_TOMATO;
const types: RegistrationWalk['types'] = [
  { type_id: 21, crop_id: 1, name: 'Head', unit: 'mm', min: 5, max: 25, decimals: 1, how_to_measure: '', kind: 'number', measure: 'stem_diameter', position: 1, is_default: true },
];
const plant = (id: number, position: number, photo: RegistrationWalk['plants'][number]['photo'] = null) => ({
  sample_plant_id: id, set_id: 1, grid_box_id: id, grid_id: 1, grid_name: 'Row A', x: position, y: 1, box_name: null, plant_id: null,
  label: `Row A ${position}/1`, position, values: [], photo, last_week: [], done: false,
});

function walkApi(plants = [plant(31, 1), plant(32, 2, { image_url: '/api/image?key=p.webp', thumb_url: '/api/image?key=p-thumb.webp' })]) {
  const photos: Array<{ key: string | null; fields: Record<string, string>; file: File | null }> = [];
  server.use(
    http.get(`${API}/crop_registration/plantings`, () => HttpResponse.json({ status: 'success', plantings: [planting] })),
    http.get(`${API}/crop_registration/walk`, () =>
      HttpResponse.json({ status: 'success', walk: { week, planting, set: null, rotation_due: false, types, plants, progress: { done: 0, total: plants.length, text: `0 of ${plants.length} plants` } } }),
    ),
    http.post(`${API}/crop_registration/registrations/photo`, async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      let file: File | null = null;
      form.forEach((v, k) => {
        if (typeof v === 'string') fields[k] = v;
        else file = v;
      });
      photos.push({ key: request.headers.get('Idempotency-Key'), fields, file });
      return HttpResponse.json({
        status: 'success', message: cropRegistrationMessages.photoSaved, sample_plant_id: Number(fields.sample_plant_id), week,
        photo: { image_url: '/api/image?key=new.webp', thumb_url: '/api/image?key=new-thumb.webp' },
      });
    }),
    http.get(`${API}/image`, () => new HttpResponse(new Blob(['webp']), { headers: { 'content-type': 'image/webp' } })),
  );
  return photos;
}

beforeEach(async () => {
  await database.actions.clear();
  localStorage.clear();
  signInAs({ userId: 7, companyId: 3 });
});

describe('a photo on the registration walk', () => {
  it('takes an optional photo of the plant in hand and sends it through the outbox with its Idempotency-Key, apart from the values', async () => {
    const photos = walkApi();
    const user = userEvent.setup();
    renderPage(<WalkPage />);
    expect(await screen.findByText('Plant 1 of 2 on the route')).toBeInTheDocument();
    const input = screen.getByLabelText('Add a photo', { selector: 'input' });
    await user.upload(input, new File(['jpeg-bytes'], 'plant.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(photos).toHaveLength(1));
    expect(photos[0]!.key).toMatch(/.{8,}/);
    expect(photos[0]!.fields).toEqual({ company_id: '3', sample_plant_id: '31', week });
    // The photo travels as its own part (jsdom's Blob cannot be read back here; the server test checks the image).
    expect(photos[0]!.file).not.toBeNull();
    expect(await screen.findByText('Photo of Row A 1/1 saved.')).toBeInTheDocument();
    // A photo alone does not count as the plant measured.
    expect(screen.getByTestId('walk-progress')).toHaveTextContent('0 of 2 plants');
  });

  it('shows the plant\'s photo of the week and offers to replace it', async () => {
    walkApi();
    const user = userEvent.setup();
    renderPage(<WalkPage />);
    await screen.findByText('Plant 1 of 2 on the route');
    await user.click(screen.getByRole('button', { name: 'Next plant' }));
    const photo = within(screen.getByTestId('walk-photo'));
    expect(photo.getByRole('list', { name: 'Photo of this week' })).toBeInTheDocument();
    expect(photo.getByRole('button', { name: 'Replace the photo' })).toBeInTheDocument();
  });

  it('a photo waiting in the outbox (offline, the app reopened) shows on its plant as waiting', async () => {
    walkApi();
    await database.actions.add({
      seq: 1, companyId: 3, userId: 7, endpoint: 'saveRegistrationPhoto', label: 'Crop registration photo · Row A 1/1', idempotencyKey: 'p-1',
      input: { company_id: 3, sample_plant_id: 31, week, photo: new Blob(['jpeg'], { type: 'image/jpeg' }) },
      createdAt: Date.now(), state: 'waiting', attempts: 1, nextAttemptAt: Date.now() + 60_000, reason: 'No connection', conflict: false, sentAt: null,
    });
    renderPage(<WalkPage />);
    await screen.findByText('Plant 1 of 2 on the route');
    const photo = within(screen.getByTestId('walk-photo'));
    expect(await photo.findByRole('list', { name: 'Photo of this week' })).toBeInTheDocument();
    expect(photo.getByRole('button', { name: 'Replace the photo' })).toBeInTheDocument();
  });

  it('opens at the plant of a scanned label, and shows the plant\'s history with its photos', async () => {
    walkApi();
    server.use(
      http.get(`${API}/crop_registration/sample_plant_history`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('sample_plant_id')).toBe('32');
        return HttpResponse.json({
          status: 'success',
          weeks: [
            { week: addDays(week, -7), values: [{ type_id: 21, name: 'Head', unit: 'mm', kind: 'number', value: 11.5, out_of_range: false }], photo: { image_url: '/api/image?key=h.webp', thumb_url: '/api/image?key=h-thumb.webp' } },
            { week: addDays(week, -14), values: [{ type_id: 22, name: 'Set truss', unit: 'truss', kind: 'truss_position', value: 12, out_of_range: true }], photo: null },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    renderPage(<WalkPage />, paths.cropWalkPlant(5, 32));
    expect(await screen.findByText('Plant 2 of 2 on the route')).toBeInTheDocument();
    await user.click(screen.getByText('History of Row A 2/1'));
    const older = isoWeekNumber(addDays(week, -14));
    expect(await screen.findByText('Head 11.5 mm')).toBeInTheDocument();
    expect(screen.getByText(`Week ${older}`)).toBeInTheDocument();
    expect(screen.getByText('Set truss 12.0 (outside its range)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: `Photo of week ${isoWeekNumber(addDays(week, -7))}` })).toBeInTheDocument();
  });
});
