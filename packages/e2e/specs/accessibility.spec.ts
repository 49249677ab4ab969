import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Serious and critical axe violations on the page as it stands, one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

test.describe('accessibility (axe: no serious or critical violations)', () => {
  for (const path of ['/', '/signIn']) {
    test(`public page ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForContent(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const path of ['/dashboard', '/dashboard/settings', '/dashboard/company']) {
    test(`dashboard page ${path}`, async ({ page, server }) => {
      await signInThroughUi(page, server.admin.email, server.admin.password);
      await page.goto(path);
      await waitForContent(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
