import { expect, newestMail, linkFrom, test, uniqueEmail, waitForContent } from '../src/fixtures';

test('an invited Regular user signs up from the mailed link and lands on /dashboard/quickview', async ({ page, api, server }) => {
  const admin = await api.signInAdmin();
  const email = uniqueEmail('invited');
  const token = await api.createInvitation(admin, email, 'Regular');

  // The invitation mail carries the sign-up link with the same token, on PUBLIC_URL.
  const mail = await newestMail(server, email);
  const link = linkFrom(mail, '/signUp');
  expect(link.searchParams.get('invite_token')).toBe(token);
  expect(link.origin).toBe(server.baseURL);

  await page.goto(link.pathname + link.search);
  await page.getByLabel(/first name/i).fill('Rosa');
  await page.getByLabel(/last name/i).fill('Field');
  // The invited address is filled in and cannot be changed.
  await expect(page.getByLabel(/e-?mail/i)).toHaveValue(email);
  await expect(page.getByLabel(/e-?mail/i)).not.toBeEditable();
  const password = 'tomato-vine-42';
  await page.getByRole('textbox', { name: /^(new )?password$/i }).fill(password);
  await page.getByRole('textbox', { name: /repeat|confirm/i }).fill(password);
  await page.getByRole('button', { name: /create account|sign up/i }).click();

  await page.waitForURL((url) => url.pathname === '/dashboard/quickview');
  await waitForContent(page);

  // The new account works on its own, and the invitation is used up.
  const session = await api.signIn(email, password);
  expect(session.user.user_role).toBe('Regular');
  expect(session.user.company_id).toBe(admin.user.company_id);
  const reuse = await api.request.post('/api/Create_new_user', {
    multipart: { first_name: 'Again', last_name: 'Again', email, password, invite_token: token },
  });
  expect(reuse.status()).toBe(400);
});

test('sign-up without an invitation explains that one is needed', async ({ page }) => {
  await page.goto('/signUp');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /create account|sign up/i })).toHaveCount(0);
});
