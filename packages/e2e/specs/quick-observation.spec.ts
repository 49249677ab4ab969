import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test } from '../src/fixtures';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('quick observation on a 390 px phone: the scanned box is the place, a problem and a severity by tap, saved; then the problem is a one-tap button', async ({ page, api, server }) => {
  const tag = randomBytes(3).toString('hex');
  const problem = `E2E rust ${tag}`;
  const admin = await api.signInAdmin();
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const room = await api.request.post(`/api/create_room?company_id=${admin.user.company_id}`, { headers, multipart: { name: `Quick Room ${tag}`, description: '' } });
  const roomId = ((await room.json()) as { room: { RoomID: number } }).room.RoomID;
  const grid = await api.request.post('/api/Create_grid', { headers, data: { nx: 2, ny: 2, ngrid_name: 'Bench O', ncompany_id: admin.user.company_id, nroom_id: roomId } });
  expect(grid.ok(), await grid.text()).toBe(true);
  const tree = await api.get<{ rooms: Array<{ RoomID: number; grids: Array<{ grid_boxes: Array<{ id: number; X: number; Y: number }> }> }> }>(
    admin,
    `/api/load_room_grids_boxes?company_id=${admin.user.company_id}`,
  );
  const box = tree.rooms.find((r) => r.RoomID === roomId)!.grids[0]!.grid_boxes.find((b) => b.X === 1 && b.Y === 2)!;

  await signInThroughUi(page, server.admin.email, server.admin.password);
  // Opening a box's label link makes it the place quick observation starts from.
  await page.goto(`/dashboard/place/box/${box.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '1,2' })).toBeVisible();

  // Quick observation is on the phone's bottom bar.
  await page.getByRole('navigation', { name: 'Field actions' }).getByRole('link', { name: 'Observe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quick observation' })).toBeVisible();
  await expect(page.getByTestId('quick-place')).toHaveText(`1,2 · Quick Room ${tag} › Bench O`);

  // The first time the problem is typed once ("Other…"), severity by tap.
  await page.getByRole('button', { name: 'Other…' }).click();
  await page.getByRole('textbox', { name: 'Problem' }).fill(problem);
  const severity = page.getByRole('group', { name: /^Severity/ });
  await expect(severity.getByRole('button')).toHaveText(['1', '2', '3', '4', '5']);
  const three = severity.getByRole('button', { name: '3' });
  const size = (await three.boundingBox())!;
  expect(size.height).toBeGreaterThanOrEqual(48);
  expect(size.width).toBeGreaterThanOrEqual(48);
  await three.click();
  const sent = page.waitForResponse((r) => r.url().includes('/api/submit_form') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save observation' }).click();
  const body = (await sent).request().postDataJSON() as { GridBoxID: number; fieldResponses: Array<{ inputData: string }> };
  expect(body.GridBoxID).toBe(box.id);
  expect(body.fieldResponses.map((f) => f.inputData)).toEqual([problem, '3']);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText(`${problem}, severity 3, at 1,2 · Quick Room ${tag} › Bench O`);

  // Now it is one of the company's most-seen problems: one tap.
  await page.reload();
  const problems = page.getByRole('group', { name: 'Problem' });
  await problems.getByRole('button', { name: problem }).click();
  await severity.getByRole('button', { name: '5' }).click();
  await page.getByRole('button', { name: 'Save observation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText(`${problem}, severity 5`);

  // Nothing sideways on the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
