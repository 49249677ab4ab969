import { randomBytes } from 'node:crypto';
import { makeLeafImage } from '@verdant/vision/testing';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';
import { roomWithGrid } from '../src/arrange';
import { png } from '../src/png';

/** A frame the camera posts: a leaf with powdery mildew on about a tenth of it. */
const frame = () => ({ name: 'frame.png', mimeType: 'image/png', buffer: png(makeLeafImage({ width: 640, height: 480, seed: 31, lesions: { powdery: 0.1 } }).image) });

test('fixed camera: an Admin registers one for a grid, its token (shown once) posts a frame that is analysed and listed; revoked, the token is refused', async ({ page, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  await roomWithGrid(api, admin, `Camera Room ${tag}`, { name: `Camera Bench ${tag}`, nx: 3, ny: 2 });
  const name = `Bench cam ${tag}`;

  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto('/dashboard/automatedcameras');
  await waitForContent(page);
  await page.getByLabel('Camera name').fill(name);
  await page.getByRole('combobox', { name: 'Room' }).selectOption({ label: `Camera Room ${tag}` });
  await page.getByRole('combobox', { name: 'Grid' }).selectOption({ label: `Camera Bench ${tag}` });
  await page.getByRole('button', { name: 'Register camera' }).click();
  const token = (await page.getByLabel('Ingest token').textContent())?.trim() ?? '';
  expect(token.length).toBeGreaterThan(20);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  // Shown once: gone from the page, and only its start is listed.
  await expect(page.getByLabel('Ingest token')).toHaveCount(0);
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Token active')).toBeVisible();
  await expect(row.getByText('no image yet')).toBeVisible();

  // The camera posts with its own token, no user session.
  const posted = await api.request.post('/api/camera_ingest', { headers: { authorization: `Bearer ${token}` }, multipart: { image: frame() } });
  expect(posted.status(), await posted.text()).toBe(200);

  await page.reload();
  await waitForContent(page);
  await expect(row).toContainText('1 image');
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const images = page.getByRole('list', { name: 'Images' });
  await expect(images.getByRole('listitem')).toHaveCount(1);
  await expect(images).toContainText(/Powdery mildew: [\d.]+% of the leaf/i);
  await expect(images.getByRole('img')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('camera-detail.png'), fullPage: true });

  // Revoked: the next post is refused and nothing more is filed.
  await page.goto('/dashboard/automatedcameras');
  await waitForContent(page);
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Revoke token' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name }).getByText('Token revoked')).toBeVisible();
  const refused = await api.request.post('/api/camera_ingest', { headers: { authorization: `Bearer ${token}` }, multipart: { image: frame() } });
  expect(refused.status()).toBe(401);
});
