import { expect, linkFrom, newestMail, signInThroughUi, test, uniqueEmail, waitForContent } from '../src/fixtures';

test('an Admin invites a colleague from /dashboard/company and sees it among the pending invitations', async ({ page, api, server }) => {
  const admin = await api.newAccount('Admin', 'inviter');
  const colleague = uniqueEmail('colleague');

  await signInThroughUi(page, admin.email, admin.password);
  await page.goto('/dashboard/company');
  await waitForContent(page);

  const form = page.locator('form').filter({ has: page.getByRole('combobox') });
  await form.getByLabel(/e-?mail/i).fill(colleague);
  await form.getByRole('combobox').selectOption('Regular');
  const created = page.waitForResponse((r) => r.url().includes('/api/create_invitation'));
  await form.getByRole('button', { name: /invit|send/i }).click();
  expect((await created).status()).toBe(200);
  await expect(page.locator('[data-kind="success"]').first()).toBeVisible();

  // The pending list shows it (refreshed after the invitation), and it is still there after a reload.
  await expect(page.getByText(colleague, { exact: true })).toBeVisible();
  await page.reload();
  await waitForContent(page);
  await expect(page.getByText(colleague, { exact: true })).toBeVisible();

  // The colleague got the sign-up link.
  const mail = await newestMail(server, colleague);
  expect(linkFrom(mail, '/signUp').searchParams.get('invite_token')).toBeTruthy();
  const pending = await api.get<Array<{ email: string; role: string }>>(
    admin.session,
    `/api/pending_invitations?company_id=${admin.session.user.company_id}`,
  );
  expect(pending.find((p) => p.email === colleague)?.role).toBe('Regular');
});
