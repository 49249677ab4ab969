import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

test.use({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const overflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

/** YYYY-MM-DD `days` from today (UTC). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('inventory and forecasting show the server crop reports on a phone', async ({ page, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const strain = `Kale ${tag}`;
  const number = `CR-${tag}`;
  const admin = await api.signInAdmin();
  const created = await api.request.post('/api/create_batch', {
    headers: { authorization: `Bearer ${admin.access_token}` },
    multipart: {
      BatchNumber: number, StrainName: strain, NumberOfPlants: '77', PreBooks: '7', BatchStatus: 'Ready',
      company_id: String(admin.user.company_id), EndDate: dayFromToday(14),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/inventory');
  await waitForContent(page);
  const stock = page.getByRole('region', { name: 'Plants in stock' });
  await expect(stock.getByRole('row').filter({ hasText: strain })).toContainText('77');
  const ready = page.getByRole('region', { name: 'Available to sell' }).getByRole('row').filter({ hasText: strain });
  await expect(ready).toHaveText(new RegExp(`${strain}\\s*1\\s*77\\s*7\\s*70`));
  await expect(page.getByRole('region', { name: 'Batches by status' }).getByRole('link', { name: number })).toBeVisible();
  await page.getByLabel('Variety', { exact: true }).selectOption(strain);
  await expect(page.getByRole('region', { name: 'A variety by status' }).getByRole('row').filter({ hasText: 'Ready' })).toHaveText(/Ready\s*1\s*77\s*7/);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('inventory-360.png'), fullPage: true });

  await page.goto('/dashboard/forecasting');
  await waitForContent(page);
  await expect(page.getByRole('region', { name: 'Harvests by week' }).getByRole('row').filter({ hasText: number })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('forecasting-360.png'), fullPage: true });
});
