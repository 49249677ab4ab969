import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

test.use({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

test('on a 360×800 phone the dashboard has the bottom bar and no horizontal scroll', async ({ page, server }) => {
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard');
  await waitForContent(page);

  // The bottom bar: a visible navigation pinned to the bottom edge with the five field actions
  // (Quick view, Scan, Rooms, Tasks, More), each a touch target of at least 44 px.
  const navs = page.getByRole('navigation');
  const boxes = await navs.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const visible = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      const items = [...el.querySelectorAll('a, button')].map((a) => a.getBoundingClientRect().height);
      return { top: r.top, bottom: r.bottom, width: r.width, visible, items };
    }),
  );
  const bar = boxes.find((b) => b.visible && Math.abs(b.bottom - 800) <= 2 && b.top > 600);
  expect(bar, `a navigation pinned to the bottom, found ${JSON.stringify(boxes)}`).toBeTruthy();
  expect(bar!.width).toBeGreaterThanOrEqual(359);
  expect(bar!.items).toHaveLength(5);
  for (const h of bar!.items) expect(h).toBeGreaterThanOrEqual(44);

  // The side navigation is folded away on a phone.
  const sideNavVisible = boxes.filter((b) => b.visible && b !== bar && b.top < 600 && b.width > 200 && b.bottom - b.top > 300);
  expect(sideNavVisible).toEqual([]);

  for (const path of ['/dashboard', '/dashboard/quickview', '/dashboard/settings', '/dashboard/company', '/dashboard/profile']) {
    await page.goto(path);
    await waitForContent(page);
    expect(await horizontalOverflow(page), `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }

  // "More" opens the rest of the navigation.
  await page.getByRole('button', { name: /more/i }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('public pages fit a 360 px wide phone', async ({ page }) => {
  for (const path of ['/', '/signIn', '/ResetPassword']) {
    await page.goto(path);
    await waitForContent(page);
    expect(await horizontalOverflow(page), `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
});
