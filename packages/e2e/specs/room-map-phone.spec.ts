import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';
import { okJson, problemInBoxes, roomWithGrid, type ArrangedBox } from '../src/arrange';
import { drawnBoxesArea } from '../src/map';

/**
 * Issue 20 item 5, the room map's layout: on a 390 × 844 phone (in Spanish) and at 1440 px (in English), with
 * nothing scrolled, the room's actions come first, the first grid's whole fitted map and its "✓ Scanned … by
 * you" line are on the screen (above the phone's navigation bar), and the − + Fit control is over no box.
 * Screenshots are written to $ROOM_MAP_SHOTS (default /tmp/room-map-shots) for a person to look at.
 */
const SHOTS = process.env.ROOM_MAP_SHOTS ?? '/tmp/room-map-shots';
mkdirSync(SHOTS, { recursive: true });

type Rect = { x: number; y: number; width: number; height: number };
const rectOf = async (l: Locator): Promise<Rect> => {
  await expect(l).toBeVisible();
  return (await l.boundingBox())!;
};
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The part of the window nothing fixed covers: above the phone's navigation bar, below the top. */
async function usableWindow(page: Page): Promise<{ top: number; bottom: number; width: number }> {
  return page.evaluate(() => {
    const h = window.innerHeight;
    let bottom = h;
    for (const nav of document.querySelectorAll('nav')) {
      const r = nav.getBoundingClientRect();
      if (r.height > 0 && r.bottom >= h - 1 && r.top > h / 2 && getComputedStyle(nav).position === 'fixed') bottom = Math.min(bottom, r.top);
    }
    return { top: 0, bottom, width: window.innerWidth };
  });
}

async function expectOnScreen(page: Page, l: Locator, what: string) {
  const r = await rectOf(l);
  const w = await usableWindow(page);
  expect(r.y, `${what}: top on screen`).toBeGreaterThanOrEqual(w.top);
  expect(r.y + r.height, `${what}: bottom above the navigation bar`).toBeLessThanOrEqual(w.bottom + 0.5);
  expect(r.x, `${what}: left on screen`).toBeGreaterThanOrEqual(0);
  expect(r.x + r.width, `${what}: right on screen`).toBeLessThanOrEqual(w.width + 0.5);
}

async function setLanguage(api: Api, as: Session, language: string) {
  await okJson(
    await api.request.post('/api/set_user_language', { headers: { authorization: `Bearer ${as.access_token}` }, data: { user_id: as.user.user_id, language } }),
  );
}

/** A spray product with a 48-hour re-entry interval, applied now to `boxes`: they carry the treated corner. */
async function treat(api: Api, as: Session, boxes: readonly ArrangedBox[], product: string) {
  const headers = { authorization: `Bearer ${as.access_token}` };
  await okJson(
    await api.request.post(`/api/add_spray_product?company_id=${as.user.company_id}`, { headers, multipart: { name: product, reentry_interval_hours: '48' } }),
  );
  await okJson(
    await api.request.post('/api/link_treatment_products_gridboxes', {
      headers: { ...headers, 'idempotency-key': randomBytes(8).toString('hex') },
      multipart: { ApplicationDate: new Date().toISOString(), ProductName: product, QuantityUsed: '1', Grid_boxIDs: boxes.map((b) => b.id).join(',') },
    }),
  );
}

const WORDS = {
  es: { markRoom: 'Marcar sala como inspeccionada', roomForm: 'Rellenar formulario de sala', problems: /problemas? abiertos?/, by: /por ti/, key: 'Leyenda', treated: 'Tratada', more: 'Más acciones de la sala' },
  en: { markRoom: 'Mark room scanned', roomForm: 'Fill in a room form', problems: /open problems?/, by: /by you/, key: 'Legend', treated: 'Treated', more: 'More room actions' },
} as const;

test('the room map at 390 px in Spanish and 1440 px in English: actions first, the whole map and its scanned line on screen, the zoom control over no box', async ({ browser, api, server }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  // Taller than a phone's screen at the width's box size, so the fit is decided by the height left for it.
  const s = await roomWithGrid(api, admin, `Phone Room ${tag}`, { name: 'Bench P', nx: 12, ny: 30 });
  const at = (x: number, y: number) => s.boxes.find((b) => b.X === x && b.Y === y)!;
  await problemInBoxes(api, admin, `Phone check ${tag}`, [at(2, 3), at(3, 3)], 'Western flower thrips');
  await treat(api, admin, [at(5, 5), at(6, 5), at(5, 6)], `Phone spray ${tag}`);
  const tree = await api.get<{ rooms: Array<{ grids: Array<{ id: number }> }> }>(admin, `/api/load_room_grids_boxes?company_id=${s.companyId}&room_id=${s.roomId}`);
  await okJson(await api.request.post(`/api/mark_grid_scanned?grid_id=${tree.rooms[0]!.grids[0]!.id}&user_id=${admin.user.user_id}`, { headers: s.headers }));

  for (const [language, width] of [['es', 390], ['en', 1440]] as const) {
    await setLanguage(api, admin, language);
    const words = WORDS[language];
    const phone = width === 390;
    const height = phone ? 844 : 900;
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height }, isMobile: phone, hasTouch: phone, deviceScaleFactor: phone ? 2 : 1, locale: 'en-US', timezoneId: 'UTC' });
    const page = await context.newPage();
    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto(`/dashboard/rooms/${s.roomId}`);
    const map = page.getByRole('application').first();
    await expect(map).toBeVisible({ timeout: 30_000 });
    const grid = page.getByRole('region', { name: 'Bench P' });
    const scanned = grid.getByText(words.by);
    await expect(scanned).toBeVisible();
    await expect(page.getByRole('link', { name: words.problems })).toBeVisible();
    await expect(page.getByTestId('no-entry-legend')).toBeVisible();
    // Fitted: every row and column in view.
    await expect(map).toHaveAttribute('data-columns-in-view', '1-12');
    await expect(map).toHaveAttribute('data-rows-in-view', '1-30');
    expect(await page.evaluate(() => window.scrollY), 'nothing scrolled').toBe(0);

    // The room's actions come first, above the map, on the screen.
    const mapRect = await rectOf(map);
    for (const action of [
      page.getByRole('button', { name: words.markRoom }),
      page.getByRole('button', { name: words.roomForm }),
      page.getByRole('link', { name: words.problems }),
    ]) {
      await expectOnScreen(page, action, 'a room action');
      const r = await rectOf(action);
      expect(r.y + r.height, 'a room action above the map').toBeLessThanOrEqual(mapRect.y);
    }
    // The whole fitted map, the treated-box key and the grid's scanned line are on the screen without scrolling.
    await expectOnScreen(page, map, 'the map');
    await expectOnScreen(page, page.getByTestId('no-entry-legend'), 'the no-entry key');
    await expectOnScreen(page, scanned, 'the scanned line');
    await expectOnScreen(page, grid.getByText(language === 'es' ? 'Inspeccionada' : 'Scanned', { exact: true }), 'the scanned badge');
    // The − + Fit control is on the screen and over none of the boxes drawn.
    const zoom = grid.getByRole('group', { name: 'Zoom' });
    await expectOnScreen(page, zoom, 'the zoom control');
    expect(overlaps(await rectOf(zoom), await drawnBoxesArea(map)), 'the zoom control over a box').toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'sideways overflow').toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/room-map-${language}-${width}.png` });

    // The key explains the treated-box corner (folded on a phone).
    const key = page.getByRole('list', { name: words.key });
    if (!(await key.isVisible())) await page.getByText(words.key, { exact: true }).click();
    await expect(key).toContainText(words.treated);

    if (phone) {
      // The rest of the room's actions are one tap away, in a sheet.
      await page.getByRole('button', { name: words.more }).click();
      const sheet = page.getByRole('dialog');
      await expect(sheet.getByRole('button', { name: 'Añadir cuadrícula' })).toBeVisible();
      await expect(sheet.getByRole('link', { name: 'Todas las salas' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/room-actions-sheet-es-390.png` });
      await page.keyboard.press('Escape');
      await grid.getByRole('button', { name: 'Acciones de Bench P' }).click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Marcar cuadrícula como inspeccionada' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/grid-actions-sheet-es-390.png` });
      await page.keyboard.press('Escape');
    } else {
      await expect(grid.getByRole('button', { name: 'Mark grid scanned' })).toBeVisible();
    }
    await context.close();
  }
  await setLanguage(api, admin, '');
});
