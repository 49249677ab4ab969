import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { okJson, roomWithGrid } from '../src/arrange';
import { expect, newestMail, signInThroughUi, test, uniqueEmail, waitForContent } from '../src/fixtures';

// Set up on a phone: the screen must work at 390 px, as the field staff use it.
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

/** Serious and critical axe violations (WCAG 2.2 AA) of the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

test('an e-mail automation on a form: a test send, then a real submission, lands in the outbox and the delivery log', async ({ page, api, server }) => {
  const admin = await api.newAccount('Admin', 'automator');
  const recipient = uniqueEmail('grower-lead');
  const formName = `Scouting round ${Date.now().toString(36)}`;

  // A room to scout and a form with one problem question, made through the API.
  const { headers, boxes } = await roomWithGrid(api, admin.session, `Automation room ${Date.now().toString(36)}`, { name: 'Bench', nx: 2, ny: 1 });
  const saved = (await okJson(
    await api.request.post('/api/save_form_template', {
      headers,
      data: { templateName: formName, companyID: admin.session.user.company_id, fields: [{ fieldName: 'Problem', fieldType: 'problem', isRequired: 1 }] },
    }),
  )) as { template: { TemplateID: number } };
  const templateId = saved.template.TemplateID;

  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/dashboard/automations');
  await waitForContent(page);
  await expect(page.getByText('No automations yet')).toBeVisible();

  // Create: a form of this template submitted → an e-mail. Without a recipient the spec's rule stops it.
  await page.getByRole('button', { name: 'New automation' }).click();
  const form = page.getByRole('form', { name: 'New automation' });
  await form.getByLabel('When', { exact: true }).selectOption('form_submitted');
  await form.getByRole('radio', { name: 'One form' }).check();
  await form.getByLabel('Form', { exact: true }).selectOption(String(templateId));
  await form.getByRole('button', { name: 'Create automation' }).click();
  await expect(form.getByText('An email recipient is required for email notifications.')).toBeVisible();
  expect(await seriousViolations(page), 'axe on the form with its errors').toEqual([]);

  await form.getByLabel('E-mail recipients').fill(recipient);
  const created = page.waitForResponse((r) => r.url().includes('/api/Create_new_notification'));
  await form.getByRole('button', { name: 'Create automation' }).click();
  expect((await created).status()).toBe(200);
  const row = page.getByTestId('automation').filter({ hasText: formName });
  await expect(row).toContainText(`The form “${formName}” is submitted`);
  await expect(row).toContainText(recipient);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no horizontal scroll at 390 px').toBeLessThanOrEqual(0);

  // "Send a test": what was sent and the mail server's answer (the outbox without SMTP_URL).
  const beforeTest = new Date(Date.now() - 1000);
  await row.getByRole('button', { name: /^Send a test/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a test' });
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(dialog.getByText('Delivered to E-mail')).toBeVisible();
  await expect(dialog).toContainText('Verdant test notification');
  const testMail = await newestMail(server, recipient, { since: beforeTest, subject: /test notification/i });
  expect(testMail.subject).toContain('Verdant test notification');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // A scout submits the form: exactly one mail about it arrives, linking back to the app.
  const beforeSubmit = new Date(Date.now() - 1000);
  const { templates } = await api.get<{ templates: Array<{ fields: Array<{ FieldID: number; FieldType: string }> }> }>(
    admin.session,
    `/api/get_form_templates?company_id=${admin.session.user.company_id}&template_id=${templateId}`,
  );
  const problemField = templates[0]!.fields.find((f) => f.FieldType === 'problem')!;
  await okJson(
    await api.request.post('/api/submit_form_boxes', {
      headers,
      data: {
        submittedBy: admin.session.user.user_id,
        templateID: templateId,
        GridBoxIDs: [String(boxes[0]!.id)],
        fieldResponses: [{ fieldID: problemField.FieldID, inputData: 'Aphids' }],
      },
    }),
  );
  const mail = await newestMail(server, recipient, { since: beforeSubmit, subject: /Form submitted/, timeoutMs: 30_000 });
  expect(mail.subject).toBe(`Verdant: Form submitted: ${formName}`);
  expect(mail.text).toContain(server.baseURL);

  // The delivery log shows both sends as sent.
  await page.reload();
  await waitForContent(page);
  const log = page.getByRole('list', { name: 'Delivery log' });
  await expect(log.getByTestId('delivery').filter({ hasText: `Form submitted: ${formName}` }).first()).toContainText('Sent');
  expect(await seriousViolations(page), 'axe on the list and the log').toEqual([]);
  await page.getByLabel('Status', { exact: true }).selectOption('dead');
  await expect(page.getByText('No dead letters')).toBeVisible();
});
