import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent, type Session } from '../src/fixtures';

/** Arranges a room with a 3 × 2 grid through the API (the rooms spec covers making them in the UI). */
async function makeRoomWithGrid(api: import('../src/fixtures').Api, admin: Session, name: string) {
  const auth = { authorization: `Bearer ${admin.access_token}` };
  const room = await api.request.post(`/api/create_room?company_id=${admin.user.company_id}`, { headers: auth, multipart: { name, description: 'crops e2e' } });
  expect(room.ok()).toBe(true);
  const roomId = ((await room.json()) as { room: { RoomID: number } }).room.RoomID;
  const grid = await api.request.post('/api/Create_grid', {
    headers: auth,
    data: { nx: 3, ny: 2, ngrid_name: `${name} bench`, ncompany_id: admin.user.company_id, nroom_id: roomId },
  });
  expect(grid.ok()).toBe(true);
  return roomId;
}

test('batches: create, link to a room and boxes, change status, open its QR target, harvest', async ({ page, browser, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const number = `E2E-${tag}`;
  const roomName = `Crops Room ${tag}`;
  const admin = await api.signInAdmin();
  await makeRoomWithGrid(api, admin, roomName);

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/batches');
  await waitForContent(page);

  // Create a batch.
  await page.getByRole('button', { name: 'New batch' }).first().click();
  const form = page.getByRole('dialog', { name: 'New batch' });
  await form.getByLabel(/Batch number/).fill(number);
  await form.getByLabel('Strain').fill('Genovese basil');
  await form.getByLabel('Number of plants').fill('120');
  await form.getByLabel('Start date').fill('2026-01-05');
  await form.getByLabel('End date').fill('2026-03-02');
  await form.getByRole('button', { name: 'Create batch' }).click();
  await expect(page.getByText(`Batch ${number} created.`)).toBeVisible();
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Batch ${number}` })).toBeVisible();
  const batchId = Number(/batch-info\/(\d+)/.exec(page.url())?.[1]);
  expect(batchId).toBeGreaterThan(0);

  // Link it to the room, then to two boxes of its grid.
  const links = page.getByRole('region', { name: 'Rooms and positions' });
  await links.getByLabel('Room', { exact: true }).selectOption({ label: roomName });
  await links.getByRole('button', { name: 'Link room' }).click();
  await expect(page.getByText(`Linked to ${roomName}.`)).toBeVisible();
  await expect(links.getByRole('list', { name: 'Rooms of this batch' }).getByRole('link', { name: roomName })).toBeVisible();
  await links.getByLabel('Grid', { exact: true }).selectOption({ label: `${roomName} bench` });
  await links.getByRole('button', { name: '1,1', exact: true }).click();
  await links.getByRole('button', { name: '2,1', exact: true }).click();
  await links.getByRole('button', { name: 'Link 2 boxes' }).click();
  await expect(page.getByText('Linked to 2 boxes.')).toBeVisible();

  // Change its status.
  await page.getByLabel('Status', { exact: true }).selectOption('Flowering');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText('Status changed to Flowering.')).toBeVisible();
  await expect(page.getByText('Status changed from Planned to Flowering')).toBeVisible();

  // The QR code's target, opened signed out in a fresh context, goes through sign-in back to this batch.
  const qr = await api.get<{ target_url: string; size: number }>(admin, `/api/batch_qr_url/${batchId}?company_id=${admin.user.company_id}`);
  expect(qr.size).toBe(256);
  expect(qr.target_url).toBe(`${server.baseURL}/dashboard/batch-info/${batchId}`);
  const scanner = await browser.newContext({ serviceWorkers: 'block' });
  const scanned = await scanner.newPage();
  await scanned.goto(qr.target_url);
  await expect(scanned).toHaveURL(/\/signIn$/);
  await scanned.getByLabel(/e-?mail/i).fill(server.admin.email);
  await scanned.getByLabel(/^password/i).fill(server.admin.password);
  await scanned.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(scanned).toHaveURL(new RegExp(`/dashboard/batch-info/${batchId}$`));
  await expect(scanned.getByRole('heading', { level: 1, name: `Batch ${number}` })).toBeVisible();
  await scanner.close();

  // Harvest it: after confirming, the batch is read-only.
  await page.getByRole('button', { name: 'Harvest', exact: true }).click();
  const harvest = page.getByRole('dialog', { name: `Harvest batch ${number}?` });
  await harvest.getByLabel('Wet weight (optional)').fill('42.5');
  await harvest.getByRole('button', { name: 'Harvest batch' }).click();
  await expect(page.getByText(`Batch ${number} harvested.`)).toBeVisible();
  await expect(page.getByText('Harvested — read-only').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change status' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Harvest', exact: true })).toBeDisabled();
  await expect(page.getByText('42.5 kg')).toBeVisible();
});
