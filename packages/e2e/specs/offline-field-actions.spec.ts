import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';
import { okJson, roomWithGrid } from '../src/arrange';

// Reloading offline needs the app's service worker (the default config blocks it for the other specs).
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface RoomTree {
  rooms: Array<{ RoomID: number; grids: Array<{ id: number; grid_boxes: Array<{ id: number; X: number; Y: number; CustomName: string | null }> }> }>;
}
interface Templates {
  templates: Array<{ TemplateID: number; TemplateName: string; fields: Array<{ FieldID: number; FieldType: string }> }>;
}
interface BoxResponses {
  responses: Array<{ response_id: number; fieldResponses: Array<{ FieldName: string; inputData: string }> }>;
}


/** Opens box X, Y from the keyboard (the map's cursor starts at 1,1), whatever the zoom the map fitted. */
async function openBox(map: Locator, x: number, y: number) {
  await map.focus();
  for (let i = 1; i < x; i++) await map.press('ArrowRight');
  for (let j = 1; j < y; j++) await map.press('ArrowDown');
  await map.press('Enter');
}

/** A room with a 4 × 2 grid, a form (problem, note, photo) and an open problem in box 1,1 recorded online. */
async function arrange(api: Api, admin: Session, tag: string) {
  const { headers, companyId, roomId, boxes: gridBoxes } = await roomWithGrid(api, admin, `Outbox room ${tag}`, { name: 'Bench Q', nx: 4, ny: 2 });
  const boxes = gridBoxes;
  const at = (x: number, y: number) => boxes.find((b) => b.X === x && b.Y === y)!;
  const templateName = `Outbox walk ${tag}`;
  const saved = (await okJson(
    await api.request.post('/api/save_form_template', {
      headers,
      data: {
        templateName,
        companyID: companyId,
        fields: [
          { fieldName: 'Problem', fieldType: 'problem', isRequired: 1 },
          { fieldName: 'Photo', fieldType: 'photo', isRequired: 0 },
        ],
      },
    }),
  )) as { template: { TemplateID: number } };
  const templateId = saved.template.TemplateID;
  const template = (await api.get<Templates>(admin, `/api/get_form_templates?company_id=${companyId}&template_id=${templateId}`)).templates[0]!;
  const problemField = template.fields.find((f) => f.FieldType === 'problem')!;
  const problem = `Outbox thrips ${tag}`;
  const first = (await okJson(
    await api.request.post('/api/submit_form', {
      headers,
      data: { submittedBy: admin.user.user_id, templateID: templateId, GridBoxID: at(1, 1).id, fieldResponses: [{ fieldID: problemField.FieldID, inputData: problem }] },
    }),
  )) as { response_id: number };
  return { roomId, companyId, templateId, templateName, problem, responseId: first.response_id, scoutBox: at(2, 1), renameBox: at(3, 1) };
}

test('offline field actions: a phone scouts with a photo, renames a box, comments and resolves offline; online everything arrives once', async ({ page, context, api, server }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const s = await arrange(api, admin, tag);
  const newName = `Mother ${tag}`;
  const scouted = `Offline aphids ${tag}`;
  const comment = `Sprayed neem at dawn ${tag}`;
  // A 1 × 1 PNG: a real image the browser and the server both decode.
  const photo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEgQH/qL9Z1QAAAABJRU5ErkJggg==', 'base64');

  await signInThroughUi(page, server.admin.email, server.admin.password);
  // Everything the phone needs offline is on it (the cold-offline prefetch), and the service worker holds the app.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByTestId('offline-readiness').first()).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);

  // 1. Scout a box with a photo.
  await page.goto(`/dashboard/formbuilder/submit/${s.templateId}/${encodeURIComponent(s.templateName)}?GridBoxID=${s.scoutBox.id}`);
  const problemBox = page.getByRole('combobox', { name: /^Problem/ });
  await expect(problemBox).toBeVisible();
  await problemBox.fill(scouted);
  await problemBox.press('Tab');
  await page.locator('input[type="file"]').setInputFiles({ name: 'leaf.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: /^Submit for box / }).click();
  await expect(page.getByText(/is saved on this device/).first()).toBeVisible();

  // 2. Rename a box in the room's box panel.
  await page.goto(`/dashboard/rooms/${s.roomId}`);
  const map = page.getByRole('application', { name: 'Bench Q, 4 columns by 2 rows' });
  await expect(map).toBeVisible();
  await openBox(map, 3, 1);
  const panel = page.getByRole('complementary', { name: 'Grid box' });
  await panel.getByLabel('Box name').fill(newName);
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Box renamed to "${newName}".`)).toBeVisible();

  // 3. Comment on the problem and resolve it, in the observations.
  await page.goto('/dashboard/observations');
  const row = page.getByRole('listitem').filter({ hasText: s.problem }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Details' }).click();
  await row.getByRole('textbox', { name: /Add a comment/ }).fill(comment);
  await row.getByRole('button', { name: 'Add comment' }).click();
  await expect(row.getByText(comment)).toBeVisible();
  await row.getByRole('button', { name: `Resolve ${s.problem}` }).click();
  await expect(row.getByText('Resolved').first()).toBeVisible();

  // 4. The outbox, from the header's count: four changes waiting, in the order made.
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: /4 changes waiting/ }).click();
  await page.getByRole('link', { name: 'Open the outbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Changes on this device' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('listitem').nth(0)).toContainText('Form');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Rename box');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Comment');
  await expect(list.getByRole('listitem').nth(3)).toContainText('Resolve problem');
  await expect(list.getByText('Waiting')).toHaveCount(4);
  await page.screenshot({ path: test.info().outputPath('outbox-offline.png'), fullPage: true });

  // Online again: everything is sent, each once.
  await context.setOffline(false);
  await expect(list.getByText('Sent')).toHaveCount(3, { timeout: 30_000 });
  await expect(list.getByText('Waiting')).toHaveCount(0);
  await expect(banner.getByText(/changes? waiting|Sending/)).toHaveCount(0);

  const tree = await api.get<RoomTree>(admin, `/api/load_room_grids_boxes?company_id=${s.companyId}&room_id=${s.roomId}`);
  expect(tree.rooms[0]!.grids[0]!.grid_boxes.find((b) => b.id === s.renameBox.id)!.CustomName).toBe(newName);
  const comments = await api.get<{ comments: Array<{ CommentText: string }> }>(admin, `/api/get_comments?ResponseID=${s.responseId}`);
  expect(comments.comments.map((c) => c.CommentText)).toEqual([comment]);
  const observations = await api.get<{ observations: Array<{ Problem: string; Status: string }> }>(
    admin,
    `/api/get_problem_observations?company_id=${s.companyId}&problem=${encodeURIComponent(s.problem)}`,
  );
  expect(observations.observations.map((o) => o.Status)).toEqual(['resolved']);
  const responses = await api.get<BoxResponses>(admin, `/api/get_field_responses_by_gridbox?GridBoxID=${s.scoutBox.id}&limit=100`);
  expect(responses.responses).toHaveLength(1);
  const answers = responses.responses[0]!.fieldResponses;
  expect(answers.filter((f) => f.FieldName === 'Problem').map((f) => f.inputData)).toEqual([scouted]);
  expect(answers.filter((f) => f.FieldName === 'Photo')).toHaveLength(1);
});
