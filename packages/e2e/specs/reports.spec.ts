import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { expect, signInThroughUi, test, waitForContent, type Api, type Session } from '../src/fixtures';
import { okJson, problemInBoxes, roomWithGrid } from '../src/arrange';

/**
 * A room of its own where a scout recorded a problem in every box today. The problem's name starts
 * with '=', so the CSV shows whether a spreadsheet would read it as a formula.
 */
async function arrange(api: Api, admin: Session, tag: string) {
  const { headers, companyId, boxes } = await roomWithGrid(api, admin, `Report room ${tag}`, { name: 'Bench R', nx: 2, ny: 2 });
  const problem = `=Thrips ${tag}`;
  await problemInBoxes(api, admin, `Report check ${tag}`, boxes, problem);
  // Other specs may have pinned reports: the overview starts with its four slots free.
  await okJson(
    await api.request.post('/api/set_dashboard_reports', {
      headers,
      data: { company_id: companyId, report_id1: null, report_id2: null, report_id3: null, report_id4: null },
    }),
  );
  return { problem, boxes: boxes.length };
}

test('build a report for one room, save it, pin it and see it on the overview; export its CSV and read it', async ({ page, api, server }) => {
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const { problem, boxes } = await arrange(api, admin, tag);
  const name = `Thrips in room ${tag}`;

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/reports');
  await waitForContent(page);

  // Build: the default kind and period (date_range, LineChart), only this spec's room.
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('date_range');
  await page.getByRole('checkbox', { name: `Report room ${tag}` }).check();
  const drawn = page.waitForResponse((r) => r.url().includes('/api/get_trends_report_graph') && r.url().includes('room_ids='));
  await page.getByRole('button', { name: 'Show report' }).click();
  expect((await drawn).status()).toBe(200);
  const chart = page.getByRole('figure', { name: new RegExp(`Chart of .*${tag}`) });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();

  // Save it under a name.
  await page.getByRole('button', { name: 'Save report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save report' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  const savedCall = page.waitForResponse((r) => r.url().includes('/api/save_report'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await savedCall).status()).toBe(200);
  await expect(page.getByText('Report saved.')).toBeVisible();

  // Pin it to the overview.
  await page.getByRole('button', { name: `Pin ${name} to the overview` }).click();
  await expect(page.getByText('Pinned to the overview.')).toBeVisible();
  await expect(page.getByTestId('saved-report').filter({ hasText: name }).getByText(/On the overview \(slot 1\)/)).toBeVisible();

  // The overview shows it with its chart, and leads back to the report.
  await page.goto('/dashboard/overview');
  await waitForContent(page);
  const pinned = page.getByTestId('pinned-report').filter({ hasText: name });
  await expect(pinned).toBeVisible();
  await expect(pinned.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  await pinned.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Export the saved figures as CSV and open the file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Thrips-in-room-${tag}.csv`);
  const text = await fs.readFile((await file.path())!, 'utf8');
  const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  // The problem's name begins with '=': the header cell carries an apostrophe, so it stays text.
  expect(lines[0]).toBe(`Date,'${problem}`);
  const rows = lines.slice(1).map((l) => l.split(','));
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // Every box had the problem once, today: the report counts them in today's bucket.
  expect(rows.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(boxes);

  // The chart as a PNG image.
  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PNG' }).click();
  const image = await png;
  expect(image.suggestedFilename()).toBe(`Thrips-in-room-${tag}.png`);
  const bytes = await fs.readFile((await image.path())!);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(5_000);

  // On paper: the report's chart and its table of figures; the navigation and the buttons are hidden.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('region', { name: "The report's figures" })).toBeVisible();
  await expect(page.getByRole('figure', { name: /Chart of/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CSV' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Quick view' }).first()).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('region', { name: "The report's figures" })).toBeHidden();
});

test.describe('reports on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the builder, the chart with its legend and the saved list fit the screen; a tap shows the tooltip', async ({ page, api, server }, testInfo) => {
    const tag = randomBytes(3).toString('hex');
    const admin = await api.signInAdmin();
    await arrange(api, admin, tag);

    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto('/dashboard/reports');
    await waitForContent(page);
    await page.getByRole('checkbox', { name: `Report room ${tag}` }).check();
    await page.getByRole('button', { name: 'Show report' }).click();
    const chart = page.getByRole('figure', { name: new RegExp(`Chart of .*${tag}`) });
    await expect(chart).toBeVisible();

    const overflow = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);

    // A finger on the chart: touchstart and the small touchmove every real tap has (recharts follows
    // touchmove; Playwright's tap() sends no move and no compatibility mouse events).
    await chart.scrollIntoViewIfNeeded();
    const at = (await chart.boundingBox())!;
    await chart.locator('.recharts-wrapper').evaluate((el, p) => {
      const touch = (dx: number) => new Touch({ identifier: 1, target: el, clientX: p.x + dx, clientY: p.y });
      el.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(0)], changedTouches: [touch(0)], bubbles: true }));
      el.dispatchEvent(new TouchEvent('touchmove', { touches: [touch(1)], changedTouches: [touch(1)], bubbles: true }));
    }, { x: at.x + at.width * 0.9, y: at.y + at.height * 0.4 });
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(tag);
    await page.screenshot({ path: testInfo.outputPath('reports-360.png'), fullPage: true });
  });
});
