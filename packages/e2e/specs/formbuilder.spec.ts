import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

test('form builder: build a template with a hide-until rule, then fill it in for a box', async ({ page, api, server }) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const templateName = `Bench check ${tag}`;
  const roomName = `Form Room ${tag}`;
  const admin = await api.signInAdmin();
  const auth = { authorization: `Bearer ${admin.access_token}` };

  // A room with a 3 × 2 grid to submit for.
  const roomRes = await api.request.post(`/api/create_room?company_id=${admin.user.company_id}`, {
    headers: auth,
    multipart: { name: roomName, description: '' },
  });
  const room = ((await roomRes.json()) as { room: { RoomID: number } }).room;
  const gridRes = await api.request.post('/api/Create_grid', {
    headers: auth,
    data: { nx: 3, ny: 2, ngrid_name: 'Bench 1', ncompany_id: admin.user.company_id, nroom_id: room.RoomID },
  });
  expect(gridRes.ok()).toBe(true);

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/formbuilder');
  await waitForContent(page);
  await page.getByRole('link', { name: 'New template' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New form template' })).toBeVisible();

  await page.getByLabel('Template name').fill(templateName);
  await page.getByLabel('Category').fill('scouting');

  const addField = async (type: string, name: string) => {
    await page.getByLabel('Field type to add').selectOption(type);
    await page.getByRole('button', { name: 'Add field' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Move .* up$/ }) }).last();
    await card.getByLabel('Field name').fill(name);
    return page.getByRole('listitem', { name: new RegExp(`: ${name}$`) });
  };

  const pests = await addField('select', 'Pests seen');
  await pests.getByLabel(/^Options/).fill('No\nYes');
  await pests.getByRole('switch', { name: 'Required' }).click();

  const which = await addField('text', 'Which pest');
  await which.getByRole('switch', { name: 'Required' }).click();
  await which.getByLabel('Show this field').selectOption({ label: 'Pests seen' });
  await which.getByLabel(/only when Pests seen is/).selectOption('Yes');

  // The live preview follows the rule.
  const preview = page.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByLabel(/^Which pest/)).toHaveCount(0);
  await preview.getByLabel(/^Pests seen/).selectOption('Yes');
  await expect(preview.getByLabel(/^Which pest/)).toBeVisible();

  const saved = page.waitForResponse((r) => r.url().includes('/api/save_form_template'));
  const linked = page.waitForResponse((r) => r.url().includes('/api/add_hide_field_until_link'));
  await page.getByRole('button', { name: 'Save template' }).first().click();
  const saveBody = (await saved).request().postDataJSON() as { fields: Array<Record<string, unknown>> };
  expect(saveBody.fields.map((f) => [f.fieldName, f.fieldType, f.isRequired])).toEqual([
    ['Pests seen', 'select', 1],
    ['Which pest', 'text', 1],
  ]);
  expect((await linked).ok()).toBe(true);
  await expect(page.getByText(`Template "${templateName}" created.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit form template' })).toBeVisible();

  // Fill it in for box 2,1.
  await page.getByRole('link', { name: 'Fill in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: templateName })).toBeVisible();
  await page.getByLabel('Room', { exact: true }).selectOption({ label: roomName });
  await page.getByLabel('Box', { exact: true }).selectOption({ label: '2,1 (column 2, row 1)' });
  const form = page.getByRole('form', { name: templateName });
  await expect(form.getByLabel(/^Which pest/)).toHaveCount(0);

  // Hidden required field: not required while hidden; required once shown.
  await form.getByLabel(/^Pests seen/).selectOption('Yes');
  await expect(form.getByLabel(/^Which pest/)).toBeVisible();
  await form.getByRole('button', { name: 'Submit for box 2,1' }).click();
  await expect(form.getByText('Which pest is required.').first()).toBeVisible();

  await form.getByLabel(/^Which pest/).fill('Thrips');
  const submitted = page.waitForResponse((r) => r.url().includes('/api/submit_form'));
  await form.getByRole('button', { name: 'Submit for box 2,1' }).click();
  const res = await submitted;
  expect(res.ok()).toBe(true);
  const body = res.request().postDataJSON() as { GridBoxID: number; fieldResponses: Array<{ fieldID: unknown; inputData: string }> };
  expect(body.fieldResponses.map((r) => r.inputData)).toEqual(['Yes', 'Thrips']);
  expect(body.fieldResponses.every((r) => typeof r.fieldID === 'number')).toBe(true);
  await expect(page.getByText('Form submitted for box 2,1.').first()).toBeVisible();

  // The server kept one response for that box.
  const responses = await api.get<{ responses: Array<{ TemplateName: string }> }>(admin, `/api/get_field_responses_by_gridbox?GridBoxID=${body.GridBoxID}`);
  expect(responses.responses.filter((r) => r.TemplateName === templateName)).toHaveLength(1);
});
