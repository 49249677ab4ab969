import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';
import { okJson, problemInBoxes, roomWithGrid } from '../src/arrange';

/**
 * Issue 20, "a grower's week": quick observation cold offline in the grower's language (the room map's phone
 * layout is room-map-phone.spec.ts). Screenshots of each screen (390 px Spanish, 1440 px English) are
 * written to $GROWERS_WEEK_SHOTS for a person to look at.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// Outside test-results, which every Playwright run empties (other specs run between a look and the next).
const SHOTS = process.env.GROWERS_WEEK_SHOTS ?? '/tmp/growers-week-shots';
mkdirSync(SHOTS, { recursive: true });

/** The grower's own language (POST /set_user_language; '' follows the company again). */
async function setLanguage(api: Api, as: Session, language: string) {
  await okJson(
    await api.request.post('/api/set_user_language', { headers: { authorization: `Bearer ${as.access_token}` }, data: { user_id: as.user.user_id, language } }),
  );
}

test('quick observation cold offline in Spanish: the most-seen problems from the phone’s copy, and a problem found by part of its name', async ({ page, context, api, server }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const s = await roomWithGrid(api, admin, `Offline Week ${tag}`, { name: 'Bench Q', nx: 4, ny: 3 });
  // Spider mite seen in every box: the most-seen problem of the company this month.
  await problemInBoxes(api, admin, `Week form ${tag}`, s.boxes, 'Two-spotted spider mite');
  await setLanguage(api, admin, 'es');

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto(`/dashboard/place/box/${s.boxes[0]!.id}`);
  await page.getByRole('button', { name: /^Menú de la cuenta de/ }).click();
  const readiness = page.getByTestId('offline-readiness').first();
  await expect(readiness).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Quick observation was never opened online, and no ranking was kept from it.
  await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('verdant.topProblems.')).forEach((k) => localStorage.removeItem(k)));

  await context.setOffline(true);
  await page.goto('/dashboard/quick-observation');
  const problems = page.getByRole('group', { name: 'Problema' });
  await expect(problems.getByRole('button', { name: 'Araña roja' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gravedad' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quick-observation-es-390.png`, fullPage: true });

  await problems.getByRole('button', { name: 'Otro…' }).click();
  await page.getByRole('textbox', { name: 'Problema' }).fill('arañ');
  const found = page.getByRole('list', { name: 'Problemas que coinciden' });
  await expect(found.getByRole('button', { name: 'Araña roja' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quick-observation-search-es-390.png`, fullPage: true });
  await found.getByRole('button', { name: 'Araña roja' }).click();
  await page.getByRole('group', { name: /^Gravedad/ }).getByRole('button', { name: '3' }).click();
  await page.getByRole('button', { name: 'Guardar (se envía con conexión)' }).click();
  await page.screenshot({ path: `${SHOTS}/quick-observation-saved-es-390.png`, fullPage: true });
  await expect(page.getByRole('status').filter({ hasText: 'Araña roja' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.setOffline(false);
  await setLanguage(api, admin, '');
});

test('every screen of the week, for a person to look at: 390 px in Spanish and 1440 px in English', async ({ browser, api, server }) => {
  test.setTimeout(180_000);
  const admin = await api.signInAdmin();
  const screens = ['overview', 'observations', 'thresholds', 'reports', 'tasks', 'automations', 'audittrail', 'settings', 'formbuilder', 'profile', 'quickview'];
  for (const [language, width] of [['es', 390], ['en', 1440]] as const) {
    await setLanguage(api, admin, language);
    const phone = width === 390;
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: phone ? 844 : 900 }, isMobile: phone, hasTouch: phone, locale: 'en-US', timezoneId: 'UTC' });
    const page = await context.newPage();
    await signInThroughUi(page, server.admin.email, server.admin.password);
    for (const screen of screens) {
      await page.goto(`/dashboard/${screen}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Quiet before the picture: no spinner text left.
      await expect(page.getByText(/^(Loading|Cargando)/)).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen} ${language}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/${screen}-${language}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
  await setLanguage(api, admin, '');
});
