import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';
import { okJson } from '../src/arrange';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

interface Tasks {
  tasks: Array<{ task_id: number; title: string; status: string; assignee: { user_id: number } | null }>;
}

test('on a phone: create a task from the task form, assign it to a colleague and complete it', async ({ page, api, server }) => {
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const colleague = await api.newAccount('Regular', 'tasks');
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const formName = `Task form ${tag}`;
  await okJson(
    await api.request.post('/api/save_form_template', {
      headers,
      data: { templateName: formName, companyID: admin.user.company_id, FormCategory: 'Task', fields: [{ fieldName: 'What needs doing', fieldType: 'text', isRequired: 1 }] },
    }),
  );

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/tasks');
  await waitForContent(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();

  // Create: the task form, filled in, assigned on the way.
  await page.getByRole('button', { name: 'New task' }).click();
  const create = page.getByRole('dialog', { name: 'New task' });
  const assignTo = create.getByRole('combobox', { name: 'Assign to (optional)' });
  await expect(assignTo).toBeEnabled();
  // The company may hold other task forms (the built-in one): the picker shows only then.
  const formPicker = create.getByRole('combobox', { name: 'Task form' });
  if (await formPicker.count()) await formPicker.selectOption({ label: formName });
  await assignTo.selectOption(String(colleague.session.user.user_id));
  const title = `Prune the mothers ${tag}`;
  await create.getByRole('textbox', { name: /What needs doing/ }).fill(title);
  await create.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created.')).toBeVisible();
  await expect(create).toBeHidden();

  // All tasks, Open (the phone shows one status at a time): the new task, with its assignee.
  await page.getByRole('button', { name: 'All tasks' }).click();
  const card = page.getByTestId('task-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Assigned to Erin Grower');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scroll at 390 px').toBeLessThanOrEqual(0);

  // Complete it from its details.
  await card.getByRole('button', { name: `Open ${title}` }).click();
  const details = page.getByRole('dialog', { name: title });
  await details.getByRole('combobox', { name: 'Status' }).selectOption('done');
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(page.getByTestId('task-column-open').getByText(title)).toHaveCount(0);
  await page.getByRole('group', { name: 'Status shown' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('task-column-done').getByTestId('task-card').filter({ hasText: title })).toBeVisible();

  // The server has it: done, the colleague's.
  const theirs = await api.get<Tasks>(admin, `/api/get_tasks?user_id=${colleague.session.user.user_id}&status=done`);
  expect(theirs.tasks.find((t) => t.title === title)).toMatchObject({ status: 'done', assignee: { user_id: colleague.session.user.user_id } });
});

test('the tasks screen, a task opened and the recurring list have no serious accessibility problems at 390 px', async ({ page, api, server }) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const serious = async () =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const saved = (await okJson(
    await api.request.post('/api/save_form_template', {
      headers,
      data: { templateName: `Task form ${tag}`, companyID: admin.user.company_id, FormCategory: 'Task', fields: [{ fieldName: 'What needs doing', fieldType: 'text', isRequired: 1 }] },
    }),
  )) as { template: { TemplateID: number; fields: Array<{ FieldID: number }> } };
  const title = `Water the cuttings ${tag}`;
  const made = (await okJson(
    await api.request.post('/api/submit_form', {
      headers,
      data: { submittedBy: admin.user.user_id, templateID: saved.template.TemplateID, fieldResponses: [{ fieldID: saved.template.fields[0]!.FieldID, inputData: title }] },
    }),
  )) as { response_id: number };
  await okJson(await api.request.post(`/api/update_task_fields?response_id=${made.response_id}`, { headers, data: { assignee_id: admin.user.user_id } }));

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/tasks');
  await waitForContent(page);
  await expect(page.getByTestId('task-card').filter({ hasText: title })).toBeVisible();
  expect(await serious(), 'board').toEqual([]);
  await page.getByRole('button', { name: `Open ${title}` }).click();
  await expect(page.getByRole('dialog', { name: title }).getByText('No comments yet.')).toBeVisible();
  expect(await serious(), 'task opened').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Recurring' }).click();
  await page.getByRole('button', { name: 'New recurring task' }).click();
  await page.getByRole('combobox', { name: 'Repeats' }).selectOption('weekdays');
  expect(await serious(), 'recurring').toEqual([]);
});
