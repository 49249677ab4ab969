import { randomBytes } from 'node:crypto';
import { expect, linkFrom, newestMail, signInThroughUi, test, uniqueEmail, waitForContent } from '../src/fixtures';
import { problemInBoxes, roomWithGrid } from '../src/arrange';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

test('an Admin invites a consultant to one room; the consultant reads only it, comments, and is shut out once revoked', async ({ browser, page, api, server }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const shared = await roomWithGrid(api, admin, `Advised room ${tag}`, { name: 'Bench', nx: 2, ny: 1 });
  await roomWithGrid(api, admin, `Private room ${tag}`, { name: 'Bench', nx: 1, ny: 1 });
  const problem = `Thrips ${tag}`;
  await problemInBoxes(api, admin, `Consultant scouting ${tag}`, shared.boxes.slice(0, 1), problem);
  const email = uniqueEmail('consultant');

  // The Admin invites from the consultants page, ticking one room.
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/consultants');
  await waitForContent(page);
  await page.getByLabel(/^Name/).fill(`Iris ${tag}`);
  await page.getByLabel(/^E-mail address/).fill(email);
  await page.getByRole('checkbox', { name: `Advised room ${tag}` }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const row = page.getByTestId('consultant').filter({ hasText: `Iris ${tag}` });
  await expect(row).toContainText('Invited');

  // The consultant signs up from the mailed link and lands on their rooms: the shared one only.
  const link = linkFrom(await newestMail(server, email), '/signUp');
  const password = `pw-${randomBytes(6).toString('hex')}`;
  await api.signUp({ invite_token: link.searchParams.get('invite_token')!, email, password, first_name: 'Iris', last_name: 'Adviser' });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const adviser = await context.newPage();
  await signInThroughUi(adviser, email, password);
  await adviser.waitForURL(/\/dashboard\/consultants$/);
  await waitForContent(adviser);
  await expect(adviser.getByRole('button', { name: new RegExp(`Advised room ${tag}`) })).toBeVisible();
  await expect(adviser.getByText(`Private room ${tag}`)).toHaveCount(0);

  // Read only: the room's observation, with a comment as the one thing to add.
  await adviser.getByRole('button', { name: new RegExp(`Advised room ${tag}`) }).click();
  const observation = adviser.getByTestId('observation').filter({ hasText: problem });
  await expect(observation).toBeVisible();
  await observation.getByRole('button', { name: 'Comments' }).click();
  await observation.getByLabel('Add a comment').fill('Release Orius this week.');
  await observation.getByRole('button', { name: 'Add comment' }).click();
  await expect(observation.getByText('Release Orius this week.')).toBeVisible();

  // A staff page is refused by the server, whatever the address bar says.
  const refused = await adviser.request.get(`/api/get_batches?company_id=${admin.user.company_id}`, {
    headers: { authorization: `Bearer ${await adviser.evaluate(() => localStorage.getItem('accessToken'))}` },
  });
  expect(refused.status()).toBe(403);

  // The Admin revokes (after confirming); the consultant's next step sends them to sign in.
  await page.reload();
  await waitForContent(page);
  await row.getByRole('button', { name: 'Revoke access' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();
  await expect(row).toHaveCount(0);
  await adviser.getByRole('button', { name: 'Back to my rooms' }).click();
  await adviser.reload();
  await adviser.waitForURL(/\/signIn/);
  await context.close();
});
