import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { makeLeafImage } from '@verdant/vision/testing';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';
import { roomWithGrid } from '../src/arrange';
import { png } from '../src/png';

/** A leaf photo with powdery mildew on an eighth of the leaf: the library files it as Powdery mildew. */
function leafPhoto(seed: number) {
  return { name: 'leaf.png', mimeType: 'image/png', buffer: png(makeLeafImage({ width: 480, height: 360, seed, lesions: { powdery: 0.12 } }).image) };
}

async function scansOfRoom(api: Api, as: Session, roomId: number): Promise<Array<{ scan_id: number; client_analysis?: unknown }>> {
  const res = await api.get<{ scans: Array<{ scan_id: number }>; total: number }>(
    as,
    `/api/get_scan_history?company_id=${as.user.company_id}&room_id=${roomId}&per_page=100`,
  );
  expect(res.scans).toHaveLength(res.total);
  return res.scans;
}

/** Room, grid and box picked in the scan-now screen's three selects. */
async function pickPlace(page: Page, room: string, grid: string, box: string) {
  await page.getByRole('combobox', { name: 'Room', exact: true }).selectOption({ label: room });
  await page.getByRole('combobox', { name: 'Grid', exact: true }).selectOption({ label: grid });
  await page.getByRole('combobox', { name: 'Box', exact: true }).selectOption({ label: box });
}

test('scan a leaf for a box, confirm the detection, and see the problem on the room map and in the box sheet', async ({ page, api, server }) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const room = `Scan room ${tag}`;
  const admin = await api.signInAdmin();
  const arranged = await roomWithGrid(api, admin, room, { name: 'Bench V', nx: 3, ny: 2 });
  const box = arranged.boxes.find((b) => b.X === 2 && b.Y === 1)!;

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/scanNow');
  await pickPlace(page, room, 'Bench V', 'Box 2, 1');
  await page.getByTestId('scan-upload').setInputFiles(leafPhoto(7));
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Analyse' }).click();

  const result = page.getByTestId('scan-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByText('Needs review')).toBeVisible();
  await expect(result.locator('[data-region]').first()).toBeAttached();
  await result.getByRole('button', { name: 'Confirm Powdery mildew' }).click();
  await expect(result.getByText('Confirmed', { exact: true })).toBeVisible();

  const scans = await scansOfRoom(api, admin, arranged.roomId);
  expect(scans).toHaveLength(1);

  // The room map colours the box and lists the problem; the box's sheet has it open.
  await page.goto(`/dashboard/rooms/${arranged.roomId}?box=${box.id}`);
  await expect(page.getByRole('application', { name: 'Bench V, 3 columns by 2 rows' })).toBeVisible();
  const legend = page.getByRole('list', { name: 'Problems in this room' });
  await expect(legend.getByText('Powdery mildew')).toBeVisible();
  await expect(legend.getByText('(1 box)')).toBeVisible();
  const sheet = page.getByRole('complementary', { name: 'Grid box' });
  await expect(sheet.getByRole('heading', { name: '2,1' })).toBeVisible();
  await expect(sheet.getByRole('list', { name: 'Open problems of this box' }).getByText('Powdery mildew')).toBeVisible();
});

test.describe('on a phone', () => {
  // Reloading offline needs the app's service worker (the default config blocks it for the other specs).
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

  test('scan offline: the phone\'s result at once, waiting to send through a reload, and the scan arrives exactly once', async ({ page, context, api, server }) => {
    test.setTimeout(150_000);
    const tag = randomBytes(3).toString('hex');
    const room = `Offline scan ${tag}`;
    const admin = await api.signInAdmin();
    const arranged = await roomWithGrid(api, admin, room, { name: 'Bench P', nx: 2, ny: 2 });

    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto('/dashboard/scanNow');
    // The service worker is in control before the connection goes, so the app reloads offline.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await pickPlace(page, room, 'Bench P', 'Box 1, 2');
    await page.getByTestId('scan-upload').setInputFiles(leafPhoto(11));
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Analyse' }).click();
    const result = page.getByTestId('on-device-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result.getByText('Waiting to send')).toBeVisible();
    await expect(result.getByTestId('on-device-findings').getByText('Powdery mildew')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('scan-offline-390.png'), fullPage: true });
    expect(await scansOfRoom(api, admin, arranged.roomId)).toHaveLength(0);

    // Still offline: the app reloads from the service worker and the history lists the scan as waiting.
    await page.goto('/dashboard/scanHistory');
    const queued = page.getByTestId('queued-scans');
    await expect(queued.getByText(`${room} › Bench P › Box 1, 2`)).toBeVisible();
    await expect(queued.getByText('Waiting to send', { exact: true })).toBeVisible();

    // Back online: the outbox sends it once; the history then shows the server's scan and nothing waits.
    await context.setOffline(false);
    await expect(queued).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await scansOfRoom(api, admin, arranged.roomId)).length, { timeout: 30_000 }).toBe(1);
    const list = page.getByRole('list', { name: 'Scan history' });
    await expect(list.getByText(`${room} › Bench P`, { exact: false })).toBeVisible();

    // Another reload and send: still exactly one scan, carrying the phone's own answer.
    await page.reload();
    await expect(list).toBeVisible();
    const [scan] = await scansOfRoom(api, admin, arranged.roomId);
    expect(await scansOfRoom(api, admin, arranged.roomId)).toHaveLength(1);
    const details = await api.get<{ scan: { client_analysis: { format?: string } | null; detections: Array<{ problem: string | null }> } }>(
      admin,
      `/api/get_scan_details?company_id=${admin.user.company_id}&scan_id=${scan!.scan_id}`,
    );
    expect(details.scan.client_analysis?.format).toBe('verdant-device-analysis/1');
    expect(details.scan.detections.map((d) => d.problem)).toContain('Powdery mildew');

    // Its detail: the server's answer, and the phone's (made on the same pixels) agreeing with it.
    await list.getByRole('link').first().click();
    await expect(page.getByTestId('scan-result')).toBeVisible();
    await expect(page.getByTestId('device-agrees')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('scan-detail-390.png'), fullPage: true });
  });
});
