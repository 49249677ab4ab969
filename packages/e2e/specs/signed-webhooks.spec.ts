import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

/**
 * Serious and critical axe violations (WCAG 2.2 AA) of the page as it stands, the toasts aside: their <ol> holds
 * <li role="status"> items, which axe's list rule refuses — a finding of the shared toast (components/ui/toast.tsx),
 * reported with issue 25, not of this screen.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('ol[aria-live]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`a signed webhook at ${viewport.width} px: its secret shown once after creating, and again after a confirmed rotation`, async ({ page, api }) => {
    await page.setViewportSize(viewport);
    const admin = await api.newAccount('Admin', `hooks${viewport.width}`);
    await signInThroughUi(page, admin.email, admin.password);
    await page.goto('/dashboard/automations');
    await waitForContent(page);

    await page.getByRole('button', { name: 'New automation' }).click();
    const form = page.getByRole('form', { name: 'New automation' });
    await form.getByLabel('When', { exact: true }).selectOption('problem_observed');
    await form.getByRole('checkbox', { name: 'E-mail' }).uncheck();
    await form.getByRole('checkbox', { name: 'Webhook (signed)' }).check();
    await form.getByLabel('Webhook URL').fill(`https://hooks.example.org/verdant-${viewport.width}`);
    const created = page.waitForResponse((r) => r.url().includes('/api/Create_new_notification'));
    await form.getByRole('button', { name: 'Create automation' }).click();
    expect((await created).status()).toBe(200);

    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await dialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await seriousViolations(page), 'axe on the secret dialog').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`secret-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('automation').filter({ hasText: `https://hooks.example.org/…${String(viewport.width).padStart(4, '-')}` });
    await expect(row).toContainText('Webhook (signed)');
    await expect(page.getByText(secret)).toHaveCount(0);
    expect(await noSideScroll(page), `no horizontal scroll at ${viewport.width} px`).toBeLessThanOrEqual(0);

    await row.getByRole('button', { name: /^Rotate the signing secret/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(confirm).toContainText('keeps signing for a day');
    await page.screenshot({ path: test.info().outputPath(`rotate-confirm-${viewport.width}.png`) });
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'Signing secret' });
    const next = (await rotated.getByTestId('webhook-secret').textContent()) ?? '';
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    await expect(rotated).toContainText('The previous secret still signs until');
    await page.screenshot({ path: test.info().outputPath(`rotated-${viewport.width}.png`) });
    await rotated.getByRole('button', { name: 'I have saved it' }).click();
    await expect(row).toContainText('The previous signing secret still signs until');
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`list-${viewport.width}.png`), fullPage: true });
  });
}
