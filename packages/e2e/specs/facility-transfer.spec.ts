import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';
import { roomWithGrid } from '../src/arrange';

/**
 * Issue 25, the facility round trip in a browser at 390 and 1440 px: export the facility as CSV, change one box's
 * status in the file, import it into the same company — the preview shows the change line by line, nothing written
 * yet — apply it (as an import job: a progress bar counts the lines), see the status on the server, undo the import
 * after confirming, and see the status gone again.
 * Then the observations beside it: a file previewed line by line (one line refused with its reason), applied, the
 * room's observations exported back as the same line, and the import undone.
 * Screenshots go to $TRANSFER_SHOTS (default /tmp/facility-transfer-shots) for a person to look at.
 */
const SHOTS = process.env.TRANSFER_SHOTS ?? '/tmp/facility-transfer-shots';
mkdirSync(SHOTS, { recursive: true });

test('export the facility and its observations, import changed files with a preview, apply them and undo them, at 390 and 1440 px', async ({ browser, api, server }) => {
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
    await expect(page.getByText('No file chosen yet: choose one to see its preview.').first()).toBeVisible();

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

    // Applied as an import job: the upload is answered at once and a progress bar counts the lines until it is done.
    const started = page.waitForResponse((r) => r.url().includes('/api/import_jobs') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Apply import' }).click();
    expect((await started).status()).toBe(200);
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await expect(page.getByText(/^Importing: [\d,]+ of [\d,]+ lines$/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/progress-${width}.png` });
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

    // The observations beside it: a file of two lines (one refused) previewed, applied, exported back, undone.
    const observed = async () => (await api.get<{ total_count: number }>(admin, `/api/get_problem_observations?company_id=${s.companyId}&room_id=${s.roomId}`)).total_count;
    const at = '2026-03-02T08:30:00.000Z';
    const obsFile = `room,grid,column,row,problem,severity,status,notes,observed_at\n${room},Bench,2,1,Aphids ${width},3,open,On new leaves,${at}\n${room},Bench,9,9,Thrips,,,,${at}\n`;
    await page.getByLabel('Observations file').setInputFiles({ name: 'observations.csv', mimeType: 'text/csv', buffer: Buffer.from(obsFile) });
    const obsLines = page.getByRole('region', { name: 'Lines of the observations file' });
    await expect(obsLines.getByRole('row').filter({ hasText: `Aphids ${width}` })).toContainText('Create');
    await expect(obsLines.getByRole('row').filter({ hasText: 'Thrips' })).toContainText('The grid has no box at column 9, row 9.');
    await expect(page.getByText('1 new observation')).toBeVisible();
    await obsLines.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/observations-preview-${width}.png`, fullPage: true });
    expect(await observed()).toBe(0);
    await page.getByRole('button', { name: 'Apply observations import' }).click();
    await expect(page.getByText('Imported: 1 observations created, 0 changed. You can undo it below.')).toBeVisible();
    expect(await observed()).toBe(1);

    await page.getByLabel('Room', { exact: true }).selectOption({ label: room });
    const exporting = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download observations CSV' }).click();
    const exported = readFileSync((await (await exporting).path())!, 'utf8');
    expect(exported.split('\r\n')).toEqual(['room,grid,column,row,problem,severity,status,notes,observed_at', `${room},Bench,2,1,Aphids ${width},3,open,On new leaves,${at}`, '']);

    await page.getByRole('button', { name: 'Undo the observations import of observations.csv' }).first().click();
    const obsDialog = page.getByRole('dialog');
    await expect(obsDialog).toContainText('get their severity, status and notes back');
    await obsDialog.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.getByRole('list', { name: 'Recent observation imports' }).getByText('Undone').first()).toBeVisible();
    expect(await observed()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/observations-undone-${width}.png`, fullPage: true });
    await context.close();
  }
});
