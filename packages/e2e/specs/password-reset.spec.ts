import { expect, linkFrom, newestMail, signInThroughUi, test } from '../src/fixtures';

test('forgot password: the link from the outbox sets a new password that signs in', async ({ page, api, server }) => {
  // A user of its own, so the first-start account's password never changes under other specs.
  const user = await api.newAccount('Regular', 'forgetful');
  const since = new Date();

  await page.goto('/signIn');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/ResetPassword$/);
  await page.getByLabel(/e-?mail/i).fill(user.email);
  const requested = page.waitForResponse((r) => r.url().includes('/api/request_password_reset'));
  await page.getByRole('button', { name: /send|reset link|request/i }).click();
  expect((await requested).status()).toBe(200);
  // The form gives way to a confirmation.
  await expect(page.getByLabel(/e-?mail/i)).toHaveCount(0);

  const mail = await newestMail(server, user.email, { since: new Date(since.getTime() - 1000) });
  const link = linkFrom(mail, '/NewPassword');
  expect(link.origin).toBe(server.baseURL);
  expect(link.searchParams.get('token')).toBeTruthy();

  await page.goto(link.pathname + link.search);
  const newPassword = 'fresh-basil-2026';
  await page.getByRole('textbox', { name: /^new password$/i }).fill(newPassword);
  await page.getByRole('textbox', { name: /repeat|confirm/i }).fill(newPassword);
  const reset = page.waitForResponse((r) => r.url().includes('/api/reset_password'));
  await page.getByRole('button', { name: /save new password|set password|change password/i }).click();
  expect((await reset).status()).toBe(200);

  await signInThroughUi(page, user.email, newPassword);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard/quickview');

  // The old password no longer works, and the link is single-use.
  const old = await api.request.post('/api/login', { multipart: { email: user.email, password: user.password } });
  expect(old.status()).toBe(401);
  const again = await api.request.post(`/api/reset_password?token=${encodeURIComponent(link.searchParams.get('token')!)}`, {
    multipart: { new_password: 'another-password-1' },
  });
  expect(again.status()).toBe(400);
});
