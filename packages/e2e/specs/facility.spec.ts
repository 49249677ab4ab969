import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';
import { clickBox } from '../src/map';

// Offline reload needs the app's service worker (the default config blocks it for the other specs).
test.use({ serviceWorkers: 'allow' });

async function cachedRoomCount(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (roomName) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('verdant');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const req = open.result.transaction('rooms').objectStore('rooms').getAll();
          req.onsuccess = () => {
            resolve((req.result as Array<{ Name: string }>).filter((r) => r.Name === roomName).length);
            open.result.close();
          };
          req.onerror = () => resolve(0);
        };
      }),
    name,
  );
}

test('rooms: create, map a 10×20 grid, edit a box, sub-boxes, move a plant, then work offline', async ({ page, context, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const roomName = `E2E Room ${tag}`;
  const offlineName = `Offline Room ${tag}`;
  const admin = await api.signInAdmin();

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/rooms');
  await waitForContent(page);

  // Create a room.
  await page.getByRole('button', { name: 'New room' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New room' });
  await dialog.getByLabel('Name').fill(roomName);
  await dialog.getByLabel('Description').fill('Made by the e2e run');
  await dialog.getByRole('button', { name: 'Create room' }).click();
  await expect(page.getByText(`Room "${roomName}" created.`)).toBeVisible();
  await page.getByRole('link', { name: roomName }).click();
  await expect(page.getByRole('heading', { level: 1, name: roomName })).toBeVisible();

  // A 10 × 20 grid.
  await page.getByRole('button', { name: 'Add grid' }).first().click();
  const gridDialog = page.getByRole('dialog', { name: 'Add grid' });
  await gridDialog.getByLabel('Grid name').fill('Bench A');
  await gridDialog.getByLabel('Columns (nx)').fill('10');
  await gridDialog.getByLabel('Rows (ny)').fill('20');
  await expect(gridDialog.getByText('200 boxes will be created.')).toBeVisible();
  await gridDialog.getByRole('button', { name: 'Create grid' }).click();
  const map = page.getByRole('application', { name: 'Bench A, 10 columns by 20 rows' });
  await expect(map).toBeVisible();
  await expect(page.getByText('10 × 20 · 200 boxes · 0 culled')).toBeVisible();

  // Rename and cull box 2,1.
  await clickBox(map, 2, 1);
  const panel = page.getByRole('complementary', { name: 'Grid box' });
  await expect(panel.getByRole('heading', { name: '2,1' })).toBeVisible();
  await panel.getByLabel('Box name').fill('Mother 1');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Box renamed to "Mother 1".')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Mother 1' })).toBeVisible();
  // Culling asks first, then offers Undo for a while.
  await panel.getByRole('button', { name: 'Cull this box' }).click();
  await page.getByRole('dialog', { name: 'Cull box Mother 1?' }).getByRole('button', { name: 'Cull box' }).click();
  await expect(page.getByText('Box culled.')).toBeVisible();
  await expect(page.getByText('10 × 20 · 200 boxes · 1 culled')).toBeVisible();
  await expect(panel.getByText('Mother 1 was culled.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Undo' })).toBeVisible();

  // Sub-boxes with plants in box 4,1.
  await clickBox(map, 4, 1);
  await expect(panel.getByRole('heading', { name: '4,1' })).toBeVisible();
  await panel.getByLabel('Columns', { exact: true }).fill('2');
  await panel.getByLabel('Rows', { exact: true }).fill('1');
  await panel.getByRole('button', { name: 'Add sub-boxes' }).click();
  await expect(page.getByText('2 sub-boxes added.')).toBeVisible();
  const subs = panel.getByRole('list', { name: 'Sub-boxes and plants' });
  await expect(subs.getByText('Sub-1-1')).toBeVisible();
  await expect(subs.getByText('Sub-2-1')).toBeVisible();
  await expect(panel.getByText('2 of at most 100 sub-boxes')).toBeVisible();

  // Move the first plant to box 6,3.
  await subs.getByRole('button', { name: /^Move plant / }).first().click();
  const movePanel = page.getByRole('complementary', { name: 'Move plant' });
  await expect(movePanel.getByText('Choose the target box')).toBeVisible();
  await clickBox(map, 6, 3);
  await expect(movePanel.getByText('Target: 6,3 (column 6, row 3)')).toBeVisible();
  await movePanel.getByLabel('Reason').fill('  spacing  ');
  const moved = page.waitForResponse((r) => r.url().includes('/api/move_plant'));
  await movePanel.getByRole('button', { name: 'Move plant' }).click();
  const moveBody = (await moved).request().postDataJSON() as Record<string, unknown>;
  expect(moveBody.movement_reason).toBe('spacing');
  expect(moveBody).not.toHaveProperty('notes');
  await expect(page.getByText(/^Plant P-.* moved to 6,3/)).toBeVisible();
  await expect(panel.getByRole('heading', { name: '6,3' })).toBeVisible();
  await expect(panel.getByText('1 of at most 100 sub-boxes')).toBeVisible();

  // The service worker is in control and the room is on the device before the connection goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(map).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect.poll(() => cachedRoomCount(page, roomName)).toBe(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
  await expect(page.getByText('Offline copy')).toBeVisible();
  await expect(page.getByRole('application', { name: 'Bench A, 10 columns by 20 rows' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Offline', { exact: true })).toBeVisible();

  // A room created offline waits in the queue...
  await page.getByRole('link', { name: 'All rooms' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rooms' })).toBeVisible();
  await expect(page.getByRole('link', { name: roomName })).toBeVisible();
  await page.getByRole('button', { name: 'New room' }).first().click();
  await dialog.getByLabel('Name').fill(offlineName);
  await dialog.getByRole('button', { name: 'Create room' }).click();
  await expect(page.getByText(`You are offline: "${offlineName}" will be created as soon as the connection returns.`)).toBeVisible();
  await expect(page.getByRole('banner').getByText('1 change waiting')).toBeVisible();
  await expect(page.getByText('Waiting to be sent')).toBeVisible();

  // ...and is sent once when the connection returns.
  await context.setOffline(false);
  await expect(page.getByText('1 room created offline was saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: offlineName })).toBeVisible();
  await expect(page.getByRole('banner').getByText(/changes? waiting|Sending/)).toHaveCount(0);
  await page.reload();
  await waitForContent(page);
  await expect(page.getByRole('link', { name: offlineName })).toHaveCount(1);

  const all = await api.get<{ rooms: Array<{ Name: string }> }>(admin, `/api/load_room_grids_boxes?company_id=${admin.user.company_id}`);
  expect(all.rooms.filter((r) => r.Name === offlineName)).toHaveLength(1);
  expect(all.rooms.filter((r) => r.Name === roomName)).toHaveLength(1);
});
