import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';
import { okJson, roomWithGrid } from '../src/arrange';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface Templates {
  templates: Array<{ TemplateID: number; TemplateName: string }>;
}


/** A room with a 3 × 2 grid and a form with a problem and a photo field, made through the API. */
async function arrange(api: Api, admin: Session, tag: string) {
  const { headers, companyId, roomId, boxes: gridBoxes } = await roomWithGrid(api, admin, `Photo room ${tag}`, { name: 'Bench P', nx: 3, ny: 2 });
  const box = gridBoxes.find((b) => b.X === 2 && b.Y === 1)!;
  const templateName = `Leaf check ${tag}`;
  await okJson(
    await api.request.post('/api/save_form_template', {
      headers,
      data: {
        templateName,
        companyID: companyId,
        fields: [
          { fieldName: 'Problem', fieldType: 'problem', isRequired: 1 },
          { fieldName: 'Leaf', fieldType: 'photo', isRequired: 0 },
        ],
      },
    }),
  );
  const templates = await api.get<Templates>(admin, `/api/get_form_templates?company_id=${companyId}`);
  const templateId = templates.templates.find((t) => t.TemplateName === templateName)!.TemplateID;
  return { roomId, box, templateId, templateName };
}

/** A 640 × 480 PNG drawn by the browser: big enough to see a zoom. */
function leafPng(page: Page): Promise<Buffer> {
  return page
    .evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 480;
      const g = c.getContext('2d')!;
      g.fillStyle = '#2f6b3a';
      g.fillRect(0, 0, 640, 480);
      g.fillStyle = '#e8d44d';
      g.beginPath();
      g.ellipse(320, 240, 180, 90, 0.4, 0, Math.PI * 2);
      g.fill();
      return c.toDataURL('image/png').split(',')[1]!;
    })
    .then((b64) => Buffer.from(b64, 'base64'));
}

/** Opens box X, Y from the keyboard (the map's cursor starts at 1,1). */
async function openBox(map: Locator, x: number, y: number) {
  await map.focus();
  for (let i = 1; i < x; i++) await map.press('ArrowRight');
  for (let j = 1; j < y; j++) await map.press('ArrowDown');
  await map.press('Enter');
}

/** The scale the viewer shows the photo at, from its transform. */
function scaleOf(img: Locator): Promise<number> {
  return img.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);
}

test('photos: a photo taken with a form shows as a thumbnail in the box panel and in observations, and opens full screen with zoom', async ({ page, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const s = await arrange(api, admin, tag);
  const problem = `Photo aphids ${tag}`;

  await signInThroughUi(page, server.admin.email, server.admin.password);
  const png = await leafPng(page);

  // Fill in the form for the box with a photo.
  await page.goto(`/dashboard/formbuilder/submit/${s.templateId}/${encodeURIComponent(s.templateName)}?GridBoxID=${s.box.id}`);
  const problemBox = page.getByRole('combobox', { name: /^Problem/ });
  await expect(problemBox).toBeVisible();
  await problemBox.fill(problem);
  await problemBox.press('Tab');
  await page.locator('input[type="file"]').setInputFiles({ name: 'leaf.png', mimeType: 'image/png', buffer: png });
  // The form queue sends the answers, then the photo; with the background offline fill running it may take a while.
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/submit_form_image') && r.ok(), { timeout: 45_000 });
  await page.getByRole('button', { name: /^Submit for box / }).click();
  await uploaded;

  // The box panel shows the photo as a thumbnail, loaded with the token from the server.
  await page.goto(`/dashboard/rooms/${s.roomId}`);
  const map = page.getByRole('application', { name: 'Bench P, 3 columns by 2 rows' });
  await expect(map).toBeVisible();
  await openBox(map, 2, 1);
  const panel = page.getByRole('complementary', { name: 'Grid box' });
  const responses = panel.getByRole('list', { name: 'Forms' });
  await expect(responses.getByText(s.templateName)).toBeVisible();
  await expect(responses.getByText(/^Photo$/)).toHaveCount(0);
  const thumb = responses.getByRole('button', { name: new RegExp(`^Open photo 1 of 1: Leaf photo from ${s.templateName}`) });
  await expect(thumb.locator('img')).toHaveJSProperty('complete', true);
  await expect.poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

  // The viewer: full image, zoom in, pinch-free zoom by double tap, then Escape closes and focus returns.
  await thumb.click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer.getByText('1 of 1')).toBeVisible();
  const full = viewer.getByRole('img', { name: new RegExp(`^Leaf photo from ${s.templateName}`) });
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('150%')).toBeVisible();
  await expect.poll(() => scaleOf(full)).toBeCloseTo(1.5, 1);
  await viewer.getByRole('button', { name: 'Fit to screen' }).click();
  await expect(viewer.getByText('100%')).toBeVisible();
  await full.dblclick();
  await expect(viewer.getByText('250%')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('viewer-zoomed.png') });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumb).toBeFocused();

  // Observations: the problem's row shows the same photo.
  await page.goto('/dashboard/observations');
  const row = page.getByRole('listitem').filter({ hasText: problem }).first();
  await expect(row).toBeVisible();
  const obsThumb = row.getByRole('button', { name: /^Open photo 1 of 1: Leaf photo from / });
  await expect.poll(() => obsThumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await obsThumb.click();
  const again = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(again.getByRole('img', { name: /^Leaf photo from / })).toBeVisible();
  await again.getByRole('button', { name: 'Close photo' }).click();
  await expect(again).toBeHidden();
});
