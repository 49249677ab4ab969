import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test, waitForContent, type Api, type Session } from '../src/fixtures';
import { okJson, problemInBoxes, roomWithGrid } from '../src/arrange';

/** A room where scouts found a problem in every box, and a batch that ends today. */
async function arrange(api: Api, admin: Session, tag: string) {
  const { headers, companyId, roomId, boxes } = await roomWithGrid(api, admin, `Overview room ${tag}`, { name: 'Bench V', nx: 3, ny: 2 });
  await problemInBoxes(api, admin, `Morning check ${tag}`, boxes, `Overview thrips ${tag}`);
  const batchNumber = `OV-${tag}`;
  await okJson(
    await api.request.post('/api/create_batch', {
      headers,
      multipart: {
        company_id: String(companyId), BatchNumber: batchNumber, NumberOfPlants: '480', StrainName: 'Basil', BatchStatus: 'Ready', Color: '', PreBooks: '80',
        StartDate: '2026-01-05', EndDate: new Date().toISOString().slice(0, 10),
      },
    }),
  );
  return { roomId, batchNumber };
}

/** Serious and critical accessibility violations (axe, WCAG 2.2 AA), one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

test.describe('overview on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the figures first in one column, nothing sideways, and every card leads to where to act', async ({ page, api, server }, testInfo) => {
    const tag = randomBytes(3).toString('hex');
    const admin = await api.signInAdmin();
    const { batchNumber } = await arrange(api, admin, tag);

    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto('/dashboard/overview');
    await waitForContent(page);

    const problems = page.getByTestId('overview-problems');
    const rooms = page.getByTestId('overview-rooms');
    const harvests = page.getByTestId('overview-harvests');
    await expect(problems.getByTestId('open-problems-count')).toHaveText(/^[1-9][\d,]*$/);
    await expect(problems.getByText('New observations, last 4 weeks')).toBeVisible();
    await expect(rooms.getByRole('link', { name: /open problems? in .*: manage/ }).first()).toBeVisible();
    await expect(harvests.getByRole('link', { name: new RegExp(batchNumber) })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pinned reports' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quick links' })).toBeVisible();

    // One column: the cards sit under each other at the same left edge, each within the screen.
    const boxes = await Promise.all([problems, rooms, harvests].map(async (c) => (await c.boundingBox())!));
    for (const b of boxes) {
      expect(b.x).toBeCloseTo(boxes[0]!.x, 0);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[1]!.y + boxes[1]!.height - 1);
    // The figures come before the quick links.
    const quick = (await page.getByRole('heading', { name: 'Quick links' }).boundingBox())!;
    expect(quick.y).toBeGreaterThan(boxes[2]!.y);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('overview-390.png'), fullPage: true });

    // Each card leads to where its figure is acted on.
    await rooms.getByRole('link', { name: /open problems? in .*: manage/ }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/rooms\/unresolvedRoom\/\d+$/);
    await page.goBack();
    await rooms.getByRole('link', { name: 'Open the rooms map' }).click();
    await expect(page).toHaveURL(/\/dashboard\/rooms$/);
    await page.goBack();
    await problems.getByRole('link', { name: 'See open problems' }).click();
    await expect(page).toHaveURL(/\/dashboard\/observations\?status=open$/);
    await waitForContent(page);
    await expect(page.getByText(`Overview thrips ${tag}`).first()).toBeVisible();
    await page.goBack();
    await harvests.getByRole('link', { name: new RegExp(batchNumber) }).click();
    await expect(page).toHaveURL(/\/dashboard\/batch-info\/\d+$/);
    await waitForContent(page);
    await expect(page.getByText(batchNumber).first()).toBeVisible();
  });
});

test('overview on a desktop: the figures side by side, a pinned report drawn and linking to it', async ({ page, api, server }, testInfo) => {
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const companyId = admin.user.company_id;
  const name = `Thrips by week ${tag}`;
  const saved = (await okJson(
    await api.request.post('/api/save_report', {
      headers,
      data: {
        company_id: companyId, room_ids: [], report_name: name, chart_type: 'BarChart', report_type: 'trends', filters: {},
        report_data: [{ x: '2026-11-02', Thrips: 3, Mildew: 1 }, { x: '2026-11-09', Thrips: 5, Mildew: 0 }, { x: '2026-11-16', Thrips: 2, Mildew: 2 }],
      },
    }),
  )) as { report: { report_id: number } };
  await okJson(await api.request.post('/api/set_dashboard_reports', { headers, data: { company_id: companyId, report_id1: saved.report.report_id } }));

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/overview');
  await waitForContent(page);
  const pinned = page.getByTestId('pinned-report').filter({ hasText: name });
  await expect(pinned.locator('svg.recharts-surface').first()).toBeVisible();
  const boxes = await Promise.all(
    ['overview-problems', 'overview-rooms', 'overview-harvests'].map(async (id) => (await page.getByTestId(id).boundingBox())!),
  );
  // Three cards in one row.
  expect(boxes[1]!.y).toBeCloseTo(boxes[0]!.y, 0);
  expect(boxes[2]!.y).toBeCloseTo(boxes[0]!.y, 0);
  expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width - 1);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('overview-1440.png'), fullPage: true });

  await pinned.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reports/${saved.report.report_id}$`));
});
