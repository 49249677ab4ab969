import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test } from '../src/fixtures';

// Reloading offline needs the app's service worker (the default config blocks it for the other specs).
test.use({ serviceWorkers: 'allow' });

interface Box {
  id: number;
}
interface RoomTree {
  rooms: Array<{ RoomID: number; Name: string; grids: Array<{ id: number; grid_boxes: Box[] }> }>;
}
interface BoxResponses {
  responses: Array<{ response_id: number; fieldResponses: Array<{ FieldName: string; inputData: string }> }>;
}

async function cachedTemplate(page: Page, templateId: number): Promise<boolean> {
  return page.evaluate(
    (id) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('verdant');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const req = open.result.transaction('formTemplates').objectStore('formTemplates').get(id);
          req.onsuccess = () => {
            resolve(Boolean(req.result));
            open.result.close();
          };
          req.onerror = () => resolve(false);
        };
      }),
    templateId,
  );
}

test('offline: submit a form twice from a box, reload offline, reconnect — exactly two submissions', async ({ page, context, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const auth = { authorization: `Bearer ${admin.access_token}` };
  const companyId = admin.user.company_id;

  // A one-question template, and a room with a 3 × 2 grid.
  const saved = await api.request.post('/api/save_form_template', {
    headers: auth,
    data: { templateName: `Offline check ${tag}`, companyID: companyId, fields: [{ fieldName: 'Note', fieldType: 'text', isRequired: 1 }] },
  });
  expect(saved.ok()).toBe(true);
  const template = ((await saved.json()) as { template: { TemplateID: number; TemplateName: string } }).template;
  const madeRoom = await api.request.post(`/api/create_room?company_id=${companyId}`, {
    headers: auth,
    multipart: { name: `Offline room ${tag}`, description: '' },
  });
  expect(madeRoom.ok()).toBe(true);
  const roomId = ((await madeRoom.json()) as { room: { RoomID: number } }).room.RoomID;
  const madeGrid = await api.request.post('/api/Create_grid', {
    headers: auth,
    data: { nx: 3, ny: 2, ngrid_name: 'Bench O', ncompany_id: companyId, nroom_id: roomId },
  });
  expect(madeGrid.ok()).toBe(true);
  const tree = await api.get<RoomTree>(admin, `/api/load_room_grids_boxes?company_id=${companyId}&room_id=${roomId}`);
  const box = tree.rooms.flatMap((r) => r.grids).flatMap((g) => g.grid_boxes)[0];
  expect(box, 'the new grid has boxes').toBeTruthy();
  const before = await api.get<BoxResponses>(admin, `/api/get_field_responses_by_gridbox?GridBoxID=${box!.id}&limit=100`);

  await signInThroughUi(page, server.admin.email, server.admin.password);
  const url = `/dashboard/formbuilder/submit/${template.TemplateID}/${encodeURIComponent(template.TemplateName)}?GridBoxID=${box!.id}`;
  await page.goto(url);
  const submit = page.getByRole('button', { name: /^Submit for box / });
  await expect(submit).toBeVisible();

  // The service worker is in control, and the form and the rooms are on the device, before the connection goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(submit).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect.poll(() => cachedTemplate(page, template.TemplateID)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Working offline')).toBeVisible();
  for (const note of [`first ${tag}`, `second ${tag}`]) {
    await page.getByLabel('Note').fill(note);
    await submit.click();
    await expect(page.getByText(/is saved on this device/).first()).toBeVisible();
  }
  const banner = page.getByRole('banner');
  await expect(banner.getByText('2 changes waiting')).toBeVisible();

  // Still there after a reload without a connection.
  await page.reload();
  await expect(page.getByText('Working offline')).toBeVisible();
  await expect(banner.getByText('2 changes waiting')).toBeVisible();
  await banner.getByRole('button', { name: '2 changes waiting' }).click();
  const panel = page.getByRole('dialog', { name: 'Waiting to be sent' });
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Close' }).first().click();

  await context.setOffline(false);
  await expect(page.getByText('2 form submissions were sent.')).toBeVisible();
  await expect(banner.getByText(/changes? waiting|Sending/)).toHaveCount(0);

  const after = await api.get<BoxResponses>(admin, `/api/get_field_responses_by_gridbox?GridBoxID=${box!.id}&limit=100`);
  const fresh = after.responses.filter((r) => !before.responses.some((b) => b.response_id === r.response_id));
  expect(fresh).toHaveLength(2);
  const texts = fresh.flatMap((r) => r.fieldResponses.filter((f) => f.FieldName === 'Note').map((f) => f.inputData));
  expect(texts.sort()).toEqual([`first ${tag}`, `second ${tag}`]);
});
