import { expect, homePathFor, signInThroughUi, test, waitForContent } from '../src/fixtures';

test.describe('sign-in', () => {
  test('the first-start SuperAdmin signs in and lands on the dashboard', async ({ page, server }) => {
    await page.goto('/signIn');
    await page.getByLabel(/e-?mail/i).fill(server.admin.email);
    await page.getByLabel(/^password/i).fill(server.admin.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();

    // Spec-1 §2: after sign-in an Admin goes to /dashboard, every other role to /dashboard/quickview.
    await page.waitForURL((url) => url.pathname === homePathFor('SuperAdmin'));
    await waitForContent(page);
    await expect(page.getByRole('navigation').first()).toBeVisible();

    // The session is kept: a reload stays on the dashboard instead of going back to /signIn.
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === homePathFor('SuperAdmin'));
    await waitForContent(page);
  });

  test('an Admin lands on /dashboard itself', async ({ page, api }) => {
    const admin = await api.newAccount('Admin');
    await signInThroughUi(page, admin.email, admin.password);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await waitForContent(page);
  });

  test('a wrong password is refused with a message and no session', async ({ page, api }) => {
    const user = await api.newAccount('Regular');
    await page.goto('/signIn');
    await page.getByLabel(/e-?mail/i).fill(user.email);
    await page.getByLabel(/^password/i).fill(`${user.password}-wrong`);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL(/\/signIn$/);

    await page.goto('/dashboard');
    await page.waitForURL(/\/signIn/);
  });
});
