import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

for (const width of [1440, 390]) {
  test(`calendar feed at ${width} px: turned on in the profile, its address serves text/calendar, a new address refuses the old one`, async ({ page, api, server }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const grower = await api.newAccount('Regular', `calendar-${width}`);
    await signInThroughUi(page, grower.email, grower.password);
    await page.goto('/dashboard/profile');
    await waitForContent(page);
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Calendar feed', exact: true }) });
    await card.getByRole('button', { name: 'Turn on calendar feed' }).click();
    const shown = card.getByLabel('Calendar feed address');
    await expect(shown).toBeVisible();
    const first = (await shown.textContent())?.trim() ?? '';
    expect(first).toMatch(/\/api\/calendar_feed\/vcal_\d+_\d+_[A-Za-z0-9_-]{43}\.ics$/);
    await shown.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no horizontal scroll at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`calendar-feed-${width}.png`), fullPage: true });

    // A calendar app fetches the address without any session.
    const fetchFeed = (url: string) => fetch(`${server.baseURL}${new URL(url).pathname}`);
    const res = await fetchFeed(first);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await res.text();
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);

    await card.getByRole('button', { name: 'New address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new address?' });
    await page.screenshot({ path: testInfo.outputPath(`calendar-feed-confirm-${width}.png`) });
    await dialog.getByRole('button', { name: 'New address' }).click();
    await expect(shown).not.toHaveText(first);
    const second = (await shown.textContent())?.trim() ?? '';
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
  });
}
