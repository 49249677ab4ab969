import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';
import { problemInBoxes, roomWithGrid } from '../src/arrange';

/**
 * Action thresholds (issue 12): an Admin sets one from the automations screen (2 observations of a problem in
 * 24 h is amber, 3 red); two observations through the API put the room over it, and the rooms list, the room's
 * map and the overview say so in words.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test('an Admin sets a threshold; two observations badge the room amber on the rooms list, its map and the overview', async ({ page, api, server }, testInfo) => {
  const tag = randomBytes(3).toString('hex');
  const problem = `Threshold thrips ${tag}`;
  const roomName = `Threshold room ${tag}`;
  const admin = await api.signInAdmin();
  const { roomId, boxes } = await roomWithGrid(api, admin, roomName, { name: 'Bench T', nx: 2, ny: 1 });

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/automations');
  await waitForContent(page);
  await page.getByRole('link', { name: 'Action thresholds' }).click();
  await expect(page).toHaveURL(/\/dashboard\/thresholds$/);
  await waitForContent(page);

  await page.getByRole('button', { name: 'New threshold' }).click();
  const form = page.getByRole('form', { name: 'New threshold' });
  await form.getByLabel(/^Problem/).fill(problem);
  await form.getByLabel(/^Rolling window/).fill('24');
  await form.getByLabel(/^Amber at/).fill('2');
  await form.getByLabel(/^Red at/).fill('3');
  await form.getByLabel('Room').selectOption({ label: roomName });
  await form.getByRole('button', { name: 'Save threshold' }).click();
  await expect(page.getByText('Threshold saved.')).toBeVisible();
  const row = page.getByTestId('threshold').filter({ hasText: problem });
  await expect(row).toContainText('Green: under threshold');
  await expect(row).toContainText('Amber at 2 observations in 24 h, red at 3');
  await expect(row).toContainText(roomName);

  // Two scouts' findings in the room, through the API.
  await problemInBoxes(api, admin, `Threshold check A ${tag}`, [boxes[0]!], problem);
  await problemInBoxes(api, admin, `Threshold check B ${tag}`, [boxes[1]!], problem);

  const badge = `Amber: ${problem} over threshold`;
  await page.reload();
  await expect(page.getByTestId('threshold').filter({ hasText: problem })).toContainText('Amber: over the amber level');
  await waitForContent(page);
  await page.screenshot({ path: testInfo.outputPath('thresholds-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'New threshold' }).click();
  await page.getByRole('form', { name: 'New threshold' }).getByRole('button', { name: 'Save threshold' }).click();
  await expect(page.getByText('Name the problem to watch.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('thresholds-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/dashboard/rooms');
  await waitForContent(page);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: roomName }) });
  await expect(card.getByText(badge)).toBeVisible();

  await page.goto(`/dashboard/rooms/${roomId}`);
  await expect(page.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
  await expect(page.getByText(badge)).toBeVisible();

  await page.goto('/dashboard/overview');
  await waitForContent(page);
  const overview = page.getByTestId('overview-thresholds');
  await expect(overview.getByRole('link', { name: new RegExp(roomName) })).toContainText(badge);
  await page.screenshot({ path: testInfo.outputPath('thresholds-overview.png'), fullPage: true });
  await page.goto(`/dashboard/rooms/${roomId}`);
  await expect(page.getByText(badge)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('thresholds-room-1440.png') });
});
