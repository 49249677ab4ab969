import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { E2EServer } from '../src/env';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

/** A second device: its own browser context (own cookies and storage), signed in through the form. */
async function secondDevice(browser: Browser, server: E2EServer, email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block', locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signInThroughUi(page, email, password);
  await waitForContent(page);
  return { context, page };
}

/** The session check runs every 10 s; a refused call then fails its refresh and ends the session. */
const SIGNED_OUT_WITHIN = { timeout: 25_000 };

test('an Admin deactivates a signed-in colleague, who is sent to /signIn within seconds and cannot sign in again', async ({
  page,
  api,
  browser,
  server,
}) => {
  const admin = await api.newAccount('Admin', 'deactivator');
  const colleague = await api.newAccount('Regular', 'leaver');
  const device = await secondDevice(browser, server, colleague.email, colleague.password);

  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/dashboard/company');
  await waitForContent(page);

  const row = page.getByTestId('company-user').filter({ hasText: colleague.email });
  await row.getByRole('button', { name: /^Deactivate / }).click();
  const dialog = page.getByRole('dialog', { name: /^Deactivate .*\?$/ });
  await expect(dialog).toContainText('signed out at once on every device');
  const answer = page.waitForResponse((r) => r.url().includes('/api/set_user_active'));
  await dialog.getByRole('button', { name: 'Deactivate and sign out' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.locator('[data-kind="success"]').first()).toContainText('User deactivated');
  await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();

  // The colleague's open dashboard finds out by itself.
  await expect(device.page).toHaveURL(/\/signIn$/, SIGNED_OUT_WITHIN);
  expect(await device.page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();

  // And the sign-in form refuses the account with the server's explanation.
  await device.page.getByLabel(/e-?mail/i).fill(colleague.email);
  await device.page.getByLabel(/^password/i).fill(colleague.password);
  await device.page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(device.page.getByText(/deactivated/i).first()).toBeVisible();
  await expect(device.page).toHaveURL(/\/signIn$/);

  // Reactivated, they can sign in again.
  await row.getByRole('button', { name: /^Reactivate / }).click();
  await expect(page.locator('[data-kind="success"]').first()).toContainText('User reactivated');
  await signInThroughUi(device.page, colleague.email, colleague.password);
  await device.context.close();
});

test('sign out everywhere on the profile signs out a second device too', async ({ page, api, browser, server }) => {
  const account = await api.newAccount('Regular', 'everywhere');
  const device = await secondDevice(browser, server, account.email, account.password);

  await signInThroughUi(page, account.email, account.password);
  await page.goto('/dashboard/profile');
  await waitForContent(page);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out on every device?' });
  await expect(dialog).toContainText('Every other device where you are signed in');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();

  await expect(page).toHaveURL(/\/signIn$/);
  await expect(page.getByText('You have been signed out on every device.')).toBeVisible();
  await expect(device.page).toHaveURL(/\/signIn$/, SIGNED_OUT_WITHIN);
  await device.context.close();
});

test("signing out tells the server, which then refuses that device's refresh token", async ({ page, api, server }) => {
  const account = await api.newAccount('Regular', 'signout');
  await signInThroughUi(page, account.email, account.password);
  await waitForContent(page);
  const refreshToken = (await page.context().cookies()).find((c) => c.name === 'refreshToken')?.value;
  expect(refreshToken, 'the refresh token cookie').toBeTruthy();

  const logout = page.waitForRequest((r) => r.url().endsWith('/api/logout') && r.method() === 'POST');
  await page.getByRole('button', { name: /Erin Grower/ }).first().click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await logout).postDataJSON()).toEqual({ refresh_token: refreshToken });
  await expect(page).toHaveURL(/\/signIn$/);

  await expect
    .poll(async () => (await api.request.post(`${server.baseURL}/api/refresh_token`, { headers: { authorization: `Bearer ${refreshToken}` } })).status())
    .toBe(401);
});

test('the company screen for an Admin on a desktop and on a 390 px phone', async ({ page, api }, testInfo) => {
  const admin = await api.newAccount('Admin', 'shots');
  const colleague = await api.newAccount('Regular', 'shots-colleague');
  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/dashboard/company');
  await waitForContent(page);
  await expect(page.getByTestId('company-user').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('company-desktop.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await waitForContent(page);
  await expect(page.getByTestId('company-user').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scroll at 390 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('company-390.png'), fullPage: true });
  const row = page.getByTestId('company-user').filter({ hasText: colleague.email });
  await row.getByRole('button', { name: /^Deactivate / }).click();
  await page.screenshot({ path: testInfo.outputPath('company-390-confirm.png') });
  await page.getByRole('button', { name: 'Deactivate and sign out' }).click();
  await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('company-390-deactivated.png') });
});
