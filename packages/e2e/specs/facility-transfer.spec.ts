import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';
import { roomWithGrid } from '../src/arrange';

/**
 * Issue 25, the facility round trip in a browser at 390 and 1440 px: export the facility as CSV, change one box's
 * status in the file, import it into the same company — the preview shows the change line by line, nothing written
 * yet — apply it, see the status on the server, undo the import after confirming, and see the status gone again.
 * Screenshots go to $TRANSFER_SHOTS (default /tmp/facility-transfer-shots) for a person to look at.
 */
const SHOTS = process.env.TRANSFER_SHOTS ?? '/tmp/facility-transfer-shots';
mkdirSync(SHOTS, { recursive: true });

test('export the facility, import a changed file with a preview, apply it and undo it, at 390 and 1440 px', async ({ browser, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();

  for (const width of [390, 1440] as const) {
    const room = `Transfer ${tag} ${width}`;
    const s = await roomWithGrid(api, admin, room, { name: 'Bench', nx: 3, ny: 2 });
    const status = async () => {
      const tree = await api.get<{ rooms: Array<{ grids: Array<{ grid_boxes: Array<{ X: number; Y: number; Status: string | null }> }> }> }>(
        admin, `/api/load_room_grids_boxes?company_id=${s.companyId}&room_id=${s.roomId}`,
      );
      return tree.rooms[0]!.grids[0]!.grid_boxes.find((b) => b.X === 2 && b.Y === 1)?.Status ?? null;
    };
    const phone = width === 390;
    const context = await browser.newContext({
      baseURL: server.baseURL, viewport: { width, height: phone ? 844 : 900 }, isMobile: phone, hasTouch: phone, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true,
    });
    const page = await context.newPage();
    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto('/dashboard/rooms');
    await waitForContent(page);
    await page.getByRole('link', { name: 'Import / export' }).click();
    await expect(page.getByRole('heading', { name: 'Import / export', level: 1 })).toBeVisible();
    await expect(page.getByText('No file chosen yet: choose one to see its preview.')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = readFileSync((await (await downloading).path())!, 'utf8');
    const line = `${room},Bench,3,2,2,1,,,`;
    expect(file.split('\r\n')).toContain(line);
    const changed = file.replace(line, `${room},Bench,3,2,2,1,,Flowering ${width},`);

    await page.getByLabel('Facility file').setInputFiles({ name: 'facility.csv', mimeType: 'text/csv', buffer: Buffer.from(changed) });
    const lines = page.getByRole('region', { name: 'Lines of the file' });
    await expect(lines.getByRole('row').filter({ hasText: `status: — → Flowering ${width}` })).toBeVisible();
    await expect(page.getByText('1 box changed')).toBeVisible();
    await expect(page.getByText('0 refused')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/preview-${width}.png`, fullPage: true });
    expect(await status()).toBeNull();

    await page.getByRole('button', { name: 'Apply import' }).click();
    await expect(page.getByText('Imported: 0 rooms and 0 grids created, 1 box written. You can undo it below.')).toBeVisible();
    expect(await status()).toBe(`Flowering ${width}`);

    await page.getByRole('button', { name: 'Undo the import of facility.csv' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('If any of them changed since, nothing is undone.');
    await page.screenshot({ path: `${SHOTS}/undo-${width}.png` });
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.locator('[data-kind="success"]').first()).toBeVisible();
    await expect(page.getByText('Undone').first()).toBeVisible();
    expect(await status()).toBeNull();
    await page.screenshot({ path: `${SHOTS}/undone-${width}.png`, fullPage: true });
    await context.close();
  }
});
