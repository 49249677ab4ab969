import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PlacePage from '../components/place-page';
import { renderRoutes } from '../../../testing/render';
import { server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { db } from '../../../offline/db';
import { readLastPlace } from '../../../lib/last-place';
import { field, placeApi, template } from './fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  vi.restoreAllMocks();
  server.resetHandlers();
  localStorage.clear();
  // Everything saved on the "device" (rooms, forms, the queue) goes with the test.
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterAll(() => server.close());

const templates = [
  template(80, 'Weekly walk', null, [field(11, 'Comment', 'text', { TemplateID: 80 })]),
  template(90, 'Scouting', 'scouting', [field(1, 'Notes', 'text', { IsRequired: true }), field(2, 'Where', 'coordinates')]),
];
const open = (path: string) => renderRoutes([{ path: '/dashboard/place/:kind/:placeId', element: <PlacePage /> }], path);

describe('place links', () => {
  it("opens a box label's link on the box with the company's default scouting form, sends it for that box and remembers the place", async () => {
    signInAs({ userId: 7, companyId: 3 });
    const api = placeApi(templates);
    const user = userEvent.setup();
    open('/dashboard/place/box/2100002');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mother A' })).toBeInTheDocument();
    expect(screen.getByText('Box · Bay 1 › Grid A')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show on the room map' })).toHaveAttribute('href', '/dashboard/rooms/11?box=2100002');
    expect(await screen.findByRole('heading', { name: 'Scouting' })).toBeInTheDocument();
    expect(screen.getByText("Your company's default form for this place.")).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Where/ })).toHaveValue('2,1');
    await user.type(screen.getByRole('textbox', { name: /^Notes/ }), 'Leaves curling');
    await user.click(screen.getByRole('button', { name: 'Save for Mother A · Bay 1 › Grid A' }));
    // The confirmation beside the form and the toast.
    expect((await screen.findAllByText('Saved for Mother A · Bay 1 › Grid A.')).length).toBeGreaterThan(0);
    expect(api.writes.filter((w) => w.path === 'submit_form')).toEqual([
      {
        path: 'submit_form',
        body: expect.objectContaining({ GridBoxID: 2100002, templateID: 90, submittedBy: 7, fieldResponses: [{ fieldID: 1, inputData: 'Leaves curling' }, { fieldID: 2, inputData: '2,1' }] }),
      },
    ]);
    expect(readLastPlace(3, 7)).toMatchObject({ kind: 'box', id: 2100002, label: 'Mother A · Bay 1 › Grid A' });
  });

  it('lists a grid label\'s boxes, each leading to its own place link', async () => {
    signInAs({ userId: 7, companyId: 3 });
    placeApi(templates);
    open('/dashboard/place/grid/21');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grid A' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mother A' })).toHaveAttribute('href', '/dashboard/place/box/2100002');
    expect(screen.getByRole('heading', { name: '11 boxes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print this grid’s labels' })).toHaveAttribute('href', '/dashboard/labels?grid=21');
  });

  it('offline, opens the place from the copy on this device and keeps the form there until the connection is back', async () => {
    signInAs({ userId: 7, companyId: 3 });
    const api = placeApi(templates);
    // Online once: the rooms and forms are saved on the device.
    const first = open('/dashboard/place/box/2100002');
    expect(await screen.findByRole('heading', { name: 'Scouting' })).toBeInTheDocument();
    first.unmount();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    open('/dashboard/place/box/2100003');
    expect(await screen.findByRole('heading', { level: 1, name: '3,1' })).toBeInTheDocument();
    expect(screen.getByText(/Offline: this place comes from the copy on this device/)).toBeInTheDocument();
    expect(await screen.findByText('Offline: the form comes from this device.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Notes/ }), 'Checked offline');
    await user.click(screen.getByRole('button', { name: 'Save for 3,1 · Bay 1 › Grid A' }));
    expect((await screen.findAllByText('Queued for 3,1 · Bay 1 › Grid A: it will send when you are online.')).length).toBeGreaterThan(0);
    expect(api.writes.filter((w) => w.path === 'submit_form')).toEqual([]);
    expect(await db.offlineFormResponses.count()).toBe(1);
  });

  it.each([
    ['another company\'s box', '/dashboard/place/box/3100001'],
    ['a malformed id', '/dashboard/place/box/abc'],
    ['an unknown kind', '/dashboard/place/plant/5'],
  ])('says clearly when the link is %s', async (_what, path) => {
    signInAs({ userId: 7, companyId: 3 });
    placeApi(templates);
    open(path);
    expect(await screen.findByText("This label is not one of your company's places")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Scan a label' })).toHaveAttribute('href', '/dashboard/scan-label');
    expect(readLastPlace(3, 7)).toBeNull();
  });
});
