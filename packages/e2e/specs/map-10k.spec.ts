import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';

/** A room with one 100 × 100 grid (10,000 boxes), made through the API as the client would. */
async function bigRoom(api: Api, as: Session, name: string): Promise<number> {
  const headers = { authorization: `Bearer ${as.access_token}` };
  const room = await api.request.post(`/api/create_room?company_id=${as.user.company_id}`, { headers, multipart: { name, description: 'Map e2e' } });
  expect(room.ok(), await room.text()).toBe(true);
  const roomId = ((await room.json()) as { room: { RoomID: number } }).room.RoomID;
  const grid = await api.request.post('/api/Create_grid', {
    headers,
    data: { nx: 100, ny: 100, ngrid_name: 'Bay 10k', ncompany_id: as.user.company_id, nroom_id: roomId },
    timeout: 60_000,
  });
  expect(grid.ok(), await grid.text()).toBe(true);
  return roomId;
}

/** Dark pixels in the map's column-number gutter (the top 20 CSS px of the base canvas): the drawn labels. */
function labelInk(map: Locator): Promise<number> {
  return map.evaluate((el) => {
    const canvas = el.querySelector('canvas') as HTMLCanvasElement;
    const ctx = canvas.getContext('2d')!;
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    const data = ctx.getImageData(0, 0, canvas.width, Math.floor(20 * ratio)).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 110 && data[i + 1]! < 110 && data[i + 2]! < 110 && data[i + 3]! > 200) ink++;
    return ink;
  });
}

const range = async (map: Locator, axis: 'columns' | 'rows') => ((await map.getAttribute(`data-${axis}-in-view`)) ?? '').split('-').map(Number) as [number, number];

async function openRoom(page: Page, server: { admin: { email: string; password: string } }, roomId: number): Promise<Locator> {
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto(`/dashboard/rooms/${roomId}`);
  const map = page.getByRole('application', { name: 'Bay 10k, 100 columns by 100 rows' });
  await expect(map).toBeVisible({ timeout: 30_000 });
  return map;
}

let roomId = 0;
test.beforeAll(async ({ api }) => {
  test.setTimeout(120_000);
  roomId = await bigRoom(api, await api.signInAdmin(), `Map 10k ${randomBytes(3).toString('hex')}`);
});

// The specs share one company: the 10,000 boxes go again, so the overview and the phone's offline fill in the
// specs after this one measure the company they were written for (their reads at this size are issue 19's).
test.afterAll(async ({ api }) => {
  test.setTimeout(120_000);
  const as = await api.signInAdmin();
  const gone = await api.request.delete(`/api/delete_room?room_id=${roomId}`, { headers: { authorization: `Bearer ${as.access_token}` }, timeout: 60_000 });
  expect(gone.ok(), await gone.text()).toBe(true);
});

test('reads the map of a 10,000-box room: fitted, zoomed with labels visible, a tapped box opens', async ({ page, server }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const map = await openRoom(page, server, roomId);

  // Fitted by default: every row and column in view, numbered every 5th or 10th so the numbers never overlap.
  await expect(map).toHaveAttribute('data-columns-in-view', '1-100');
  await expect(map).toHaveAttribute('data-rows-in-view', '1-100');
  await expect(map).toHaveAccessibleDescription(/10000 boxes, 0 culled\. Columns 1 to 100 and rows 1 to 100 are in view\./);
  expect(Number(await map.getAttribute('data-label-step-x'))).toBeGreaterThanOrEqual(5);
  expect(await labelInk(map)).toBeGreaterThan(50);
  const fitted = Number(await map.getAttribute('data-cell'));
  // …and the whole map is in the window, nothing scrolled.
  const whole = (await map.boundingBox())!;
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(whole.y).toBeGreaterThanOrEqual(0);
  expect(whole.y + whole.height).toBeLessThanOrEqual(900);

  // Zoom in with the buttons: bigger boxes, fewer in view, every column or every 2nd numbered — still drawn.
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  for (let i = 0; i < 4; i++) await zoomIn.click();
  expect(Number(await map.getAttribute('data-cell'))).toBeGreaterThan(fitted * 4);
  const [x0, x1] = await range(map, 'columns');
  expect(x1 - x0 + 1).toBeLessThan(100);
  expect((await range(map, 'rows'))[1] - (await range(map, 'rows'))[0] + 1).toBeLessThan(100);
  expect(Number(await map.getAttribute('data-label-step-x'))).toBeLessThanOrEqual(2);
  await expect(map).toHaveAccessibleDescription(new RegExp(`Columns ${x0} to ${x1} and rows \\d+ to \\d+ are in view`));
  expect(await labelInk(map)).toBeGreaterThan(50);

  // Wheel zoom around the pointer, then Fit brings the whole grid back.
  const canvas = map.getByTestId('grid-map-canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const before = Number(await map.getAttribute('data-cell'));
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number(await map.getAttribute('data-cell'))).toBeGreaterThan(before);

  // A tap opens the box under it, named by its X and Y.
  await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  const panel = page.getByRole('complementary', { name: 'Grid box' });
  await expect(panel).toBeVisible();
  const heading = (await panel.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
  const [bx, by] = heading.split(',').map(Number) as [number, number];
  const [cx0, cx1] = await range(map, 'columns');
  const [cy0, cy1] = await range(map, 'rows');
  expect(bx).toBeGreaterThanOrEqual(cx0);
  expect(bx).toBeLessThanOrEqual(cx1);
  expect(by).toBeGreaterThanOrEqual(cy0);
  expect(by).toBeLessThanOrEqual(cy1);
  await expect(panel.getByText(`Bay 10k · column ${bx}, row ${by}`)).toBeVisible();

  await page.getByRole('button', { name: 'Fit the whole grid on screen' }).click();
  await expect(map).toHaveAttribute('data-columns-in-view', '1-100');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('the whole map fits in one screen and the box sheet leaves it in view', async ({ page, server }) => {
    test.setTimeout(90_000);
    const map = await openRoom(page, server, roomId);
    await expect(map).toHaveAttribute('data-rows-in-view', '1-100');
    // Under the room's actions (issue 20), with nothing scrolled, the whole fitted map is in view above the bottom
    // navigation bar.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const first = (await map.boundingBox())!;
    expect(first.y).toBeGreaterThanOrEqual(0);
    expect(first.y + first.height).toBeLessThanOrEqual(844 - 56);
    // The box sheet takes the screen's lower part: with the map scrolled to the top, its upper half stays uncovered.
    await map.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const r = (await map.boundingBox())!;

    await map.getByTestId('grid-map-canvas').tap({ position: { x: r.width / 2, y: r.height / 2 } });
    const sheet = page.getByRole('complementary', { name: 'Grid box' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAttribute('data-sheet-size', 'small');
    await expect.poll(() => sheet.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(844 * 0.45);
    // The map's top half, where the box was tapped, is still uncovered.
    await expect.poll(() => sheet.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(r.y + r.height / 2);
    // The handle grows it from the keyboard too.
    await sheet.getByRole('button', { name: /^Resize the panel/ }).press('ArrowUp');
    await expect(sheet).toHaveAttribute('data-sheet-size', 'medium');
  });
});
