import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';
import { clickBox } from '../src/map';

/** What the map's base canvas shows, to see it change. */
function mapPixels(page: Page, gridName: string): Promise<string> {
  return page.evaluate((name) => {
    const map = document.querySelector(`[role="application"][aria-label^="${name},"]`);
    return (map?.querySelector('canvas') as HTMLCanvasElement | null)?.toDataURL() ?? '';
  }, gridName);
}

/** A room with one grid, made through the API as the client would (multipart room, JSON grid). */
async function roomWithGrid(api: Api, as: Session, roomName: string, gridName: string) {
  const headers = { authorization: `Bearer ${as.access_token}` };
  const room = await api.request.post(`/api/create_room?company_id=${as.user.company_id}`, { headers, multipart: { name: roomName, description: 'Scouting e2e' } });
  expect(room.ok(), await room.text()).toBe(true);
  const roomId = ((await room.json()) as { room: { RoomID: number } }).room.RoomID;
  const grid = await api.request.post('/api/Create_grid', {
    headers,
    data: { nx: 6, ny: 4, ngrid_name: gridName, ncompany_id: as.user.company_id, nroom_id: roomId },
  });
  expect(grid.ok(), await grid.text()).toBe(true);
  return roomId;
}

test('scouting: one form for three boxes colours them, then a problem is resolved in the box panel', async ({ page, api, server }) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const problem = `E2E mites ${tag}`;
  const admin = await api.signInAdmin();
  const roomId = await roomWithGrid(api, admin, `Scouting Room ${tag}`, 'Bench S');

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto(`/dashboard/rooms/${roomId}`);
  const map = page.getByRole('application', { name: 'Bench S, 6 columns by 4 rows' });
  await expect(map).toBeVisible();
  await expect(page.getByText('No open problems in this room.', { exact: false })).toBeVisible();
  const before = await mapPixels(page, 'Bench S');

  // Select three boxes by tapping them, then fill in one form for all.
  await page.getByRole('button', { name: 'Select boxes' }).click();
  for (const x of [1, 2, 3]) await clickBox(map, x, 1);
  await expect(page.getByText('3 boxes selected')).toBeVisible();
  await page.getByRole('button', { name: 'Fill in a form for 3 boxes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Form for 3 boxes' });
  await expect(dialog.getByLabel('Form', { exact: true })).toHaveValue(/\d+/);
  await expect(dialog.getByRole('textbox', { name: /^Coordinates/ })).toHaveValue('1,1; 2,1; 3,1');
  await dialog.getByRole('combobox', { name: /^Problem/ }).fill(problem);
  await dialog.getByRole('combobox', { name: /^Problem/ }).press('Tab');
  await dialog.getByText('4', { exact: true }).click();
  const submitted = page.waitForResponse((r) => r.url().includes('/api/submit_form_boxes'));
  await dialog.getByRole('button', { name: 'Save form' }).click();
  const body = (await submitted).request().postDataJSON() as { GridBoxIDs: unknown[]; fieldResponses: Array<{ fieldID: unknown }> };
  expect(body.GridBoxIDs).toHaveLength(3);
  for (const id of body.GridBoxIDs) expect(typeof id).toBe('string');
  for (const a of body.fieldResponses) expect(typeof a.fieldID).toBe('number');
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();

  // The boxes are coloured and the legend lists the problem.
  const legend = page.getByRole('list', { name: 'Problems in this room' });
  await expect(legend.getByText(problem)).toBeVisible();
  await expect(legend.getByText('(3 boxes)')).toBeVisible();
  await expect.poll(() => mapPixels(page, 'Bench S')).not.toBe(before);
  await expect(page.getByRole('link', { name: '3 open problems: manage' })).toBeVisible();

  // Resolve the problem of box 2,1 in its panel.
  await clickBox(map, 2, 1);
  const panel = page.getByRole('complementary', { name: 'Grid box' });
  await expect(panel.getByRole('heading', { name: '2,1' })).toBeVisible();
  const open = panel.getByRole('list', { name: 'Open problems of this box' });
  await expect(open.getByText(problem)).toBeVisible();
  await open.getByRole('button', { name: `Resolve ${problem}` }).click();
  await expect(page.getByText(`${problem} resolved.`)).toBeVisible();
  await expect(panel.getByText('No open problems in this box. Fill in a form to record one.')).toBeVisible();
  await expect(legend.getByText('(2 boxes)')).toBeVisible();

  // The unresolved page shows the two that are left.
  await page.getByRole('link', { name: '2 open problems: manage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Open problems in Scouting Room ${tag}` })).toBeVisible();
  await expect(page.getByRole('region', { name: problem }).getByText(/^2 observations/).first()).toBeVisible();
});
