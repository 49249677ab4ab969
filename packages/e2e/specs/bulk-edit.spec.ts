import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, signInThroughUi, test, waitForContent, type Api, type Session } from '../src/fixtures';
import { okJson, problemInBoxes, roomWithGrid } from '../src/arrange';
import { boxCentre, clickBox } from '../src/map';

/**
 * Issue 25, change many at once on the room map: at 390 px boxes are tapped, at 1440 px a rectangle is dragged
 * over them; a status is set on them in one change, shows under the map and on each box (the map's description of
 * a box and the server's answer), is undone, and is gone again. Then the same on the tasks and observations lists:
 * tick several, close or resolve them in one change, undo. Screenshots go to $BULK_EDIT_SHOTS (default
 * /tmp/bulk-edit-shots) for a person to look at.
 */
const SHOTS = process.env.BULK_EDIT_SHOTS ?? '/tmp/bulk-edit-shots';
mkdirSync(SHOTS, { recursive: true });

async function open(browser: Browser, baseURL: string, width: 390 | 1440) {
  const phone = width === 390;
  const context = await browser.newContext({
    baseURL, viewport: { width, height: phone ? 844 : 900 }, isMobile: phone, hasTouch: phone, deviceScaleFactor: phone ? 2 : 1, locale: 'en-US', timezoneId: 'UTC',
  });
  return { context, page: await context.newPage(), phone };
}

/** Drags the mouse from the centre of one box to another's (Area selection). */
async function dragOver(page: Page, map: Locator, from: [number, number], to: [number, number]) {
  const at = (await map.boundingBox())!;
  const a = await boxCentre(map, ...from);
  const b = await boxCentre(map, ...to);
  await page.mouse.move(at.x + a.x, at.y + a.y);
  await page.mouse.down();
  await page.mouse.move(at.x + (a.x + b.x) / 2, at.y + (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(at.x + b.x, at.y + b.y, { steps: 4 });
  await page.mouse.up();
}

async function statuses(api: Api, as: Session, companyId: number, roomId: number) {
  const tree = await api.get<{ rooms: Array<{ grids: Array<{ grid_boxes: Array<{ X: number; Y: number; Status: string | null }> }> }> }>(
    as,
    `/api/load_room_grids_boxes?company_id=${companyId}&room_id=${roomId}`,
  );
  return tree.rooms[0]!.grids[0]!.grid_boxes.filter((b) => b.Status).map((b) => `${b.X},${b.Y}:${b.Status}`).sort();
}

test('bulk edit on the room map: tap at 390 px, drag at 1440 px, set a status, see it on the boxes, undo, see them back', async ({ browser, api, server }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();

  for (const width of [390, 1440] as const) {
    const gridName = `Bench ${width}`;
    const s = await roomWithGrid(api, admin, `Bulk Room ${tag} ${width}`, { name: gridName, nx: 6, ny: 4 });
    const { context, page, phone } = await open(browser, server.baseURL, width);
    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto(`/dashboard/rooms/${s.roomId}`);
    await waitForContent(page);
    const map = page.getByRole('application', { name: `${gridName}, 6 columns by 4 rows` });
    await expect(map).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Select boxes' }).click();

    const status = `Flowering ${width}`;
    let expected: string[];
    if (phone) {
      // Tap three boxes, and one of them twice (it leaves the selection again).
      for (const [x, y] of [[1, 1], [2, 1], [4, 3], [2, 1], [2, 2]] as const) await clickBox(map, x, y, 'tap');
      expected = ['1,1', '2,2', '4,3'];
    } else {
      await page.getByRole('button', { name: 'Drag an area' }).click();
      await dragOver(page, map, [2, 2], [4, 3]);
      expected = ['2,2', '2,3', '3,2', '3,3', '4,2', '4,3'];
    }
    const n = expected.length;
    await expect(page.getByText(`${n} boxes selected`)).toBeVisible();

    await page.getByRole('button', { name: 'Set status or colour' }).click();
    const dialog = page.getByRole('dialog', { name: `Change ${n} boxes` });
    await dialog.getByLabel('New status').fill(status);
    await page.screenshot({ path: `${SHOTS}/bulk-dialog-${width}.png` });
    const sent = page.waitForResponse((r) => r.url().includes('/api/bulk/grid_boxes'));
    await dialog.getByRole('button', { name: `Apply to ${n} boxes` }).click();
    const answer = await sent;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(answer.request().headers()['idempotency-key']).toBeTruthy();

    // Seen on the boxes: under the map, in the map's own description of a chosen box, and on the server.
    await expect(page.getByRole('region', { name: 'Selecting boxes' }).getByText(`Changed ${n} boxes.`, { exact: true })).toBeVisible();
    const legend = page.getByRole('list', { name: 'Box statuses' });
    await expect(legend).toContainText(`${status} · ${n} boxes`);
    // Box 2, 2 is chosen at both sizes: the keyboard cursor on it (from box 1, 1) reads out its status.
    await map.focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect(map.locator('p[aria-live="polite"]')).toContainText(`status ${status}`);
    expect(await statuses(api, admin, s.companyId, s.roomId)).toEqual(expected.map((p) => `${p}:${status}`).sort());
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'sideways overflow').toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/bulk-status-${width}.png` });

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Change undone: the boxes are back as they were.')).toBeVisible();
    await expect(legend).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    expect(await statuses(api, admin, s.companyId, s.roomId)).toEqual([]);
    await context.close();
  }
});

test('bulk edit on the tasks and observations lists at 390 px and 1440 px: tick several, close or resolve them in one change, undo', async ({ browser, api, server }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const companyId = admin.user.company_id;
  const form = (await okJson(
    await api.request.post('/api/save_form_template', {
      headers, data: { templateName: `Bulk tasks ${tag}`, companyID: companyId, FormCategory: 'Task', fields: [{ fieldName: 'What needs doing', fieldType: 'text', isRequired: 1 }] },
    }),
  )) as { template: { TemplateID: number; fields: Array<{ FieldID: number }> } };
  const taskStatus = async (ids: number[]) => {
    const all = await api.get<{ responses: Array<{ task_id: number; status: string }> }>(admin, `/api/get_task_form_responses?CompanyID=${companyId}&status=all&per_page=100`);
    return ids.map((id) => all.responses.find((r) => r.task_id === id)?.status);
  };

  for (const width of [390, 1440] as const) {
    const titles = [`Tie up the vines ${tag} ${width}`, `Clean the gutters ${tag} ${width}`];
    const ids: number[] = [];
    for (const title of titles) {
      const made = (await okJson(
        await api.request.post('/api/submit_form', {
          headers, data: { submittedBy: admin.user.user_id, templateID: form.template.TemplateID, fieldResponses: [{ fieldID: form.template.fields[0]!.FieldID, inputData: title }] },
        }),
      )) as { response_id: number };
      ids.push(made.response_id);
    }
    const room = await roomWithGrid(api, admin, `Bulk Obs ${tag} ${width}`, { name: 'Bench O', nx: 2, ny: 1 });
    const problem = `Bulk thrips ${tag} ${width}`;
    await problemInBoxes(api, admin, `Bulk scouting ${tag} ${width}`, room.boxes, problem);

    const { context, page } = await open(browser, server.baseURL, width);
    await signInThroughUi(page, server.admin.email, server.admin.password);

    // Tasks: tick both, close them after the question, then undo.
    await page.goto('/dashboard/tasks');
    await waitForContent(page);
    await page.getByRole('button', { name: 'All tasks' }).click();
    await page.getByRole('button', { name: 'Select tasks' }).click();
    for (const title of titles) await page.getByRole('checkbox', { name: `Select “${title}”` }).check();
    await expect(page.getByText('2 tasks selected')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/bulk-tasks-${width}.png` });
    await page.getByRole('button', { name: 'Close 2 tasks' }).click();
    await page.getByRole('dialog', { name: 'Close 2 tasks?' }).getByRole('button', { name: 'Close 2 tasks' }).click();
    const taskBar = page.getByRole('region', { name: 'Selecting tasks' });
    await expect(taskBar.getByText('Changed 2 tasks.', { exact: true })).toBeVisible();
    expect(await taskStatus(ids)).toEqual(['done', 'done']);
    await taskBar.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Change undone: the tasks are back as they were.')).toBeVisible();
    expect(await taskStatus(ids)).toEqual(['open', 'open']);

    // Observations of one problem: tick both, resolve them, then undo.
    await page.goto(`/dashboard/observations?problem=${encodeURIComponent(problem)}`);
    await waitForContent(page);
    await page.getByRole('button', { name: 'Select observations' }).click();
    const boxes = page.getByRole('list', { name: 'Observations' }).getByRole('checkbox');
    await expect(boxes).toHaveCount(2);
    for (const box of await boxes.all()) await box.check();
    await expect(page.getByText('2 observations selected')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/bulk-observations-${width}.png` });
    await page.getByRole('button', { name: 'Resolve 2 observations' }).click();
    const obsBar = page.getByRole('region', { name: 'Selecting observations' });
    await expect(obsBar.getByText('Changed 2 observations.', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Observations' }).getByText('Resolved', { exact: true })).toHaveCount(2);
    await obsBar.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Change undone: the observations are back as they were.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Observations' }).getByText('Open', { exact: true })).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'sideways overflow').toBeLessThanOrEqual(0);
    await context.close();
  }
});
