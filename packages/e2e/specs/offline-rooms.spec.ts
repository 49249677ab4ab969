import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test } from '../src/fixtures';
import { roomWithGrid } from '../src/arrange';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * Rooms kept on this device (issue 19): a scout on a large site picks the rooms of their round on the phone, and
 * the offline fill then asks the bundle of those rooms only.
 */
test('choosing one room makes the offline fill ask only that room’s bundle', async ({ page, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const round = await roomWithGrid(api, admin, `Round room ${tag}`, { name: 'Bench R', nx: 3, ny: 2 });
  await roomWithGrid(api, admin, `Other room ${tag}`, { name: 'Bench O', nx: 3, ny: 2 });

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  const readiness = page.getByTestId('offline-readiness').first();
  await expect(readiness).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(readiness.getByTestId('offline-rooms')).toHaveText(/^Rooms on this device: all \(\d+\)$/);

  await readiness.getByRole('button', { name: 'Choose rooms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rooms kept on this device' });
  await expect(dialog.getByRole('checkbox', { name: `Round room ${tag}` })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Chosen rooms' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose at least one room, or All rooms.');
  await dialog.getByRole('checkbox', { name: `Round room ${tag}` }).check();
  // Fits a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('offline-rooms-dialog-390.png') });
  await page.screenshot({ path: '/tmp/verdant-offline-rooms-dialog-390.png' });

  const bundles: number[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/offline_room_bundle') bundles.push(Number(url.searchParams.get('room_id')));
  });
  const bundleAnswered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/offline_room_bundle');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await bundleAnswered;
  await expect(readiness).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });

  expect(bundles).toEqual([round.roomId]);
  await expect(readiness.getByTestId('offline-rooms')).toHaveText(/^Rooms on this device: 1 of \d+ rooms$/);
});
