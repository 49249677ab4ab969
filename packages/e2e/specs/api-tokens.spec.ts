import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

for (const width of [1440, 390]) {
  test(`personal API token at ${width} px: created on the profile, shown once, used by a script with fetch, revoked`, async ({ page, api, server }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const grower = await api.newAccount('Regular', `tokens-${width}`);
    const companyId = grower.session.user.company_id;
    const name = `Climate computer ${randomBytes(3).toString('hex')}`;

    await signInThroughUi(page, grower.email, grower.password);
    await page.goto('/dashboard/profile');
    await waitForContent(page);
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'API tokens', exact: true }) });
    await expect(card.getByText('No API tokens yet')).toBeVisible();
    await card.getByLabel(/^Name/).fill(name);
    await card.getByLabel(/What it may do/).selectOption('read');
    await card.getByRole('button', { name: 'Create token' }).click();

    const shown = card.getByLabel('The new API token');
    await expect(shown).toBeVisible();
    const token = (await shown.textContent())?.trim() ?? '';
    expect(token).toMatch(new RegExp(`^vdt_${companyId}_\\d+_[A-Za-z0-9_-]{43}$`));
    await shown.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no horizontal scroll at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`api-token-shown-${width}.png`), fullPage: true });
    await card.getByRole('button', { name: 'I have copied it' }).click();
    // Shown once: gone from the page, and only its public start is listed.
    await expect(card.getByLabel('The new API token')).toHaveCount(0);
    const row = card.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Read only');
    await expect(row).toContainText('never used');
    expect(await page.content()).not.toContain(token);

    // A script uses it: reads work, writes are outside a read-only token's scope.
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${server.baseURL}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
    const read = await call(`/get_batches?company_id=${companyId}`);
    expect(read.status, await read.clone().text()).toBe(200);
    const write = await call('/add_comment', { method: 'POST', body: JSON.stringify({ ResponseID: 1, UserID: grower.session.user.user_id, CommentText: 'hi' }) });
    expect(write.status).toBe(403);

    await page.reload();
    await waitForContent(page);
    await expect(row).toContainText('last used');
    await page.screenshot({ path: testInfo.outputPath(`api-token-listed-${width}.png`), fullPage: true });

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke “${name}”?` });
    await expect(dialog).toContainText('refused from now on');
    await page.screenshot({ path: testInfo.outputPath(`api-token-revoke-${width}.png`) });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(card.getByText('No API tokens yet')).toBeVisible();
    const refused = await call(`/get_batches?company_id=${companyId}`);
    expect(refused.status).toBe(401);
  });
}
