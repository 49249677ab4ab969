import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';
import { roomWithGrid } from '../src/arrange';
import { clickBox } from '../src/map';

test('treatments: a product with a re-entry interval is added, applied to boxes picked on the room map, and the map says "no entry until"', async ({ page, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const product = `E2E Spinosad ${tag}`;
  const admin = await api.signInAdmin();
  const { roomId, companyId, boxes } = await roomWithGrid(api, admin, `Treatment Room ${tag}`, { name: 'Bench T', nx: 5, ny: 3 });

  // The product, on the treatmentProduct screen.
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/treatmentProduct');
  await waitForContent(page);
  await page.getByRole('button', { name: 'Add a product' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a spray product' });
  await form.getByLabel(/^Name/).fill(product);
  await form.getByLabel('Re-entry interval (hours)').fill('24');
  await form.getByLabel('Pre-harvest interval (days)').fill('3');
  const added = page.waitForResponse((r) => r.url().includes('/api/add_spray_product'));
  await form.getByRole('button', { name: 'Add a product' }).click();
  expect((await added).status()).toBe(200);
  const row = page.getByTestId('spray-product').filter({ hasText: product });
  await expect(row).toContainText('Re-entry 24 hours');

  // Applied to two boxes chosen on the map.
  await page.goto(`/dashboard/rooms/${roomId}`);
  await waitForContent(page);
  const map = page.getByRole('application', { name: 'Bench T, 5 columns by 3 rows' });
  await expect(map).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('no-entry-legend')).toHaveCount(0);
  await page.getByRole('button', { name: 'Select boxes' }).click();
  await clickBox(map, 2, 1);
  await clickBox(map, 3, 2);
  await expect(page.getByText('2 boxes selected')).toBeVisible();
  await page.getByRole('button', { name: 'Apply a treatment to 2 boxes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply a treatment to 2 boxes' });
  await dialog.getByLabel(/^Spray product/).selectOption({ label: product });
  await expect(dialog.getByTestId('treat-intervals')).toHaveText('No entry for 24 hours after spraying. No harvest for 3 days.');
  await dialog.getByLabel(/^Quantity used/).fill('1.5');
  const linked = page.waitForResponse((r) => r.url().includes('/api/link_treatment_products_gridboxes'));
  await dialog.getByRole('button', { name: 'Apply to 2 boxes' }).click();
  const answer = await linked;
  expect(answer.status()).toBe(200);
  expect(answer.request().headers()['idempotency-key']).toBeTruthy();
  const application = ((await answer.json()) as { application: { Grid_boxIDs: number[]; reentry_until: string } }).application;
  const boxAt = (x: number, y: number) => boxes.find((b) => b.X === x && b.Y === y)!.id;
  expect(application.Grid_boxIDs.sort((a, b) => a - b)).toEqual([boxAt(2, 1), boxAt(3, 2)].sort((a, b) => a - b));
  await expect(page.getByText(new RegExp(`${product} recorded on 2 boxes: no entry until`))).toBeVisible();
  await expect(page.getByTestId('no-entry-legend')).toContainText('2 boxes treated: no entry until');

  // After a reload the room load itself carries it, and the box sheet says it.
  await page.reload();
  await waitForContent(page);
  await expect(map).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('no-entry-legend')).toContainText('2 boxes treated: no entry until');
  await clickBox(map, 3, 2);
  const sheet = page.getByRole('complementary', { name: 'Grid box' });
  await expect(sheet.getByTestId('box-no-entry')).toContainText('No entry until');
  await clickBox(map, 1, 1);
  await expect(sheet.getByTestId('box-no-entry')).toHaveCount(0);

  const tree = await api.get<{ rooms: Array<{ grids: Array<{ grid_boxes: Array<{ id: number; NoEntryUntil?: string }> }> }> }>(
    admin,
    `/api/load_room_grids_boxes?company_id=${companyId}&room_id=${roomId}`,
  );
  const marked = tree.rooms[0]!.grids[0]!.grid_boxes.filter((b) => b.NoEntryUntil).map((b) => [b.id, b.NoEntryUntil]);
  expect(marked.sort()).toEqual([[boxAt(2, 1), application.reentry_until], [boxAt(3, 2), application.reentry_until]].sort());
});
