import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';

/** A room with one 2 × 2 grid, made through the API as the client would (multipart room, JSON grid). */
async function roomWithGrid(api: Api, as: Session, roomName: string) {
  const headers = { authorization: `Bearer ${as.access_token}` };
  const room = await api.request.post(`/api/create_room?company_id=${as.user.company_id}`, { headers, multipart: { name: roomName, description: 'Coverage e2e' } });
  expect(room.ok(), await room.text()).toBe(true);
  const roomId = ((await room.json()) as { room: { RoomID: number } }).room.RoomID;
  const grid = await api.request.post('/api/Create_grid', {
    headers,
    data: { nx: 2, ny: 2, ngrid_name: `Bench ${roomName}`, ncompany_id: as.user.company_id, nroom_id: roomId },
  });
  expect(grid.ok(), await grid.text()).toBe(true);
  return { roomId, gridId: ((await grid.json()) as { grid: { id: number } }).grid.id };
}

test('scouting coverage: give a room a frequency, see each room’s coverage, and the unscouted room overdue on the map and the overview', async ({ page, api, server }) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const scouted = await roomWithGrid(api, admin, `Scouted ${tag}`);
  const missed = await roomWithGrid(api, admin, `Missed ${tag}`);
  const mark = await api.request.post(`/api/mark_grid_scanned?grid_id=${scouted.gridId}&user_id=${admin.user.user_id}`, { headers });
  expect(mark.ok(), await mark.text()).toBe(true);

  try {
    await signInThroughUi(page, server.admin.email, server.admin.password);
    // The room's own frequency: the company's (other specs' rooms) stays unset, so only this room can be overdue.
    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Give a room its own frequency' }).click();
    await page.getByRole('combobox', { name: /^Room/ }).selectOption({ label: `Missed ${tag}` });
    await page.getByRole('spinbutton', { name: /^Days/ }).fill('7');
    const saved = page.waitForResponse((r) => r.url().includes('/api/set_scouting_frequency'));
    await page.getByRole('button', { name: 'Save frequency' }).last().click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Scouting frequency saved.')).toBeVisible();
    await expect(page.getByText(`Missed ${tag}: every 7 days`)).toBeVisible();

    await page.goto('/dashboard/rooms');
    const scoutedCard = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Scouted ${tag}` }) });
    await expect(scoutedCard.getByText('4 of 4 boxes scouted this round (100%)')).toBeVisible();
    await expect(scoutedCard.getByText(/Overdue/)).toHaveCount(0);
    const missedCard = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Missed ${tag}` }) });
    await expect(missedCard.getByText('0 of 4 boxes scouted this round (0%)')).toBeVisible();
    await expect(missedCard.getByText('Due every 7 days')).toBeVisible();
    await expect(missedCard.getByText('Overdue: 4 boxes')).toBeVisible();

    await page.goto(`/dashboard/rooms/${missed.roomId}`);
    await expect(page.getByRole('application', { name: `Bench Missed ${tag}, 2 columns by 2 rows` })).toBeVisible();
    await expect(page.getByText('Overdue for scouting').first()).toBeVisible();

    await page.goto('/dashboard/overview');
    const card = page.getByTestId('overview-scouting');
    await expect(card.getByRole('link', { name: new RegExp(`Missed ${tag}: 4 of 4 boxes overdue`) })).toBeVisible();
    await expect(card.getByText(`Scouted ${tag}`)).toHaveCount(0);
  } finally {
    // The other specs share this company: leave no frequency behind.
    await api.request.post('/api/set_scouting_frequency', { headers, data: { company_id: admin.user.company_id, room_id: missed.roomId, due_every_days: 0 } });
  }
});
