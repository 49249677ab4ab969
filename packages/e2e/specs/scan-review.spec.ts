import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import { makeCardImage, makeLeafImage } from '@verdant/vision/testing';
import { expect, signInThroughUi, test, type Api, type Session } from '../src/fixtures';
import { okJson, roomWithGrid } from '../src/arrange';
import { png } from '../src/png';

interface Detection { detection_id: number; count: number | null; reviewed_count: number | null; reviewed_regions: unknown[] | null; origin: string; corrected_problem: string | null }
interface Scan { scan_id: number; images: Array<{ scan_image_id: number }>; detections: Detection[] }

/** A scan made through the API (multipart, as the phone sends it) of a room: a sticky card or a leaf. */
async function scanRoom(api: Api, as: Session, roomId: number, photo: Buffer): Promise<Scan> {
  const res = await api.request.post('/api/create_scan', {
    headers: { authorization: `Bearer ${as.access_token}` },
    multipart: { company_id: String(as.user.company_id), scan_type: 'room', room_id: String(roomId), images: { name: 'photo.png', mimeType: 'image/png', buffer: photo } },
  });
  return ((await okJson(res)) as { scan: Scan }).scan;
}

const details = async (api: Api, as: Session, scanId: number) =>
  (await api.get<{ scan: Scan }>(as, `/api/get_scan_details?company_id=${as.user.company_id}&scan_id=${scanId}`)).scan;

/** Every entry of a zip, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => (out.set(entry.fileName, Buffer.concat(chunks)), file.readEntry()));
        }),
      );
      file.on('end', () => resolve(out));
      file.readEntry();
    });
  });
}

/** Where on the draw layer, in page pixels, a point given in fractions of the photo is. */
async function at(page: Page, fx: number, fy: number) {
  const layer = page.getByTestId('draw-layer');
  await layer.scrollIntoViewIfNeeded();
  const box = (await layer.boundingBox())!;
  return { x: box.x + fx * box.width, y: box.y + fy * box.height };
}

/** A box dragged corner to corner: with the mouse, or with a finger (touch events through the DevTools protocol). */
async function dragBox(page: Page, from: [number, number], to: [number, number], touch: boolean) {
  const a = await at(page, ...from);
  const b = await at(page, ...to);
  if (!touch) {
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
    await page.mouse.move(b.x, b.y);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: b.x, y: b.y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** An outline tapped (or clicked) point by point. */
async function tapOutline(page: Page, points: Array<[number, number]>, touch: boolean) {
  for (const p of points) {
    const { x, y } = await at(page, ...p);
    if (touch) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  }
}

async function reviewFlow(page: Page, api: Api, server: { admin: { email: string; password: string } }, touch: boolean) {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const admin = await api.signInAdmin();
  const arranged = await roomWithGrid(api, admin, `Review room ${tag}`, { name: 'Bench R', nx: 2, ny: 1 });
  const card = await scanRoom(api, admin, arranged.roomId, png(makeCardImage({ width: 600, height: 400, seed: 4, insects: 30 }).image));
  const leaf = await scanRoom(api, admin, arranged.roomId, png(makeLeafImage({ width: 480, height: 360, seed: 7, lesions: { powdery: 0.12 } }).image));
  const counted = card.detections.find((d) => d.count !== null)!;

  await signInThroughUi(page, server.admin.email, server.admin.password);

  // Correct a card's count.
  await page.goto(`/dashboard/scanHistory/room/${card.scan_id}`);
  const row = page.getByTestId(`detection-${counted.detection_id}`);
  await row.getByRole('button', { name: /^Edit / }).click();
  await row.getByLabel('Insects on the card').fill(String(counted.count! + 5));
  await row.getByRole('button', { name: 'Save count' }).click();
  await expect(row.getByTestId('engine-said')).toHaveText(`The model counted ${counted.count} insect${counted.count === 1 ? '' : 's'}`);
  expect((await details(api, admin, card.scan_id)).detections.find((d) => d.detection_id === counted.detection_id)!.reviewed_count).toBe(counted.count! + 5);

  // Redraw its first region: a box dragged over the photo.
  await row.getByRole('button', { name: /^Redraw region 1 of / }).click();
  await dragBox(page, [0.2, 0.2], [0.6, 0.5], touch);
  await page.getByRole('button', { name: 'Use this region' }).click();
  await expect(page.getByTestId('draw-layer')).toHaveCount(0);
  await expect.poll(async () => (await details(api, admin, card.scan_id)).detections.find((d) => d.detection_id === counted.detection_id)!.reviewed_regions?.[0]).toMatchObject({ type: 'box' });
  const redrawn = (await details(api, admin, card.scan_id)).detections.find((d) => d.detection_id === counted.detection_id)!.reviewed_regions![0] as { x: number; y: number; width: number; height: number };
  expect(redrawn.x).toBeCloseTo(0.2, 1);
  expect(redrawn.width).toBeCloseTo(0.4, 1);

  // Add a problem the model missed on the leaf, outlined point by point.
  await page.goto(`/dashboard/scanHistory/room/${leaf.scan_id}`);
  await page.getByRole('button', { name: 'Add a problem the model missed on Photo 1' }).click();
  await page.getByRole('combobox', { name: 'Problem the model missed' }).selectOption({ label: 'Nitrogen (N) deficiency' });
  await page.getByRole('button', { name: 'Draw where it is' }).click();
  await page.getByRole('button', { name: 'Outline', exact: true }).click();
  await tapOutline(page, [[0.1, 0.1], [0.4, 0.15], [0.25, 0.45]], touch);
  await page.getByRole('button', { name: 'Use this region' }).click();
  await expect(page.getByText('Added by a reviewer')).toBeVisible();
  const added = (await details(api, admin, leaf.scan_id)).detections.find((d) => d.origin === 'reviewer')!;
  expect(added).toMatchObject({ corrected_problem: 'Nitrogen (N) deficiency' });
  expect(added.reviewed_regions![0]).toMatchObject({ type: 'polygon' });

  // Export the labelled examples as a zip and read it back.
  await page.goto('/dashboard/scanQuality');
  await expect(page.getByRole('region', { name: 'By model version' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as zip' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^verdant-labelled-examples-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText(/Export saved/)).toBeVisible();
  const files = await unzip(await readFile((await download.path())!));
  const coco = JSON.parse(files.get('annotations.json')!.toString('utf8')) as {
    images: Array<{ id: number; file_name: string; width: number; height: number }>;
    annotations: Array<{ id: number; image_id: number; category_id: number; bbox: number[]; verdant: { detection_id: number; origin: string } }>;
    categories: Array<{ id: number; name: string }>;
  };
  const images = new Map(coco.images.map((i) => [i.id, i]));
  const categories = new Set(coco.categories.map((c) => c.id));
  for (const a of coco.annotations) {
    const image = images.get(a.image_id)!;
    expect(image).toBeDefined();
    expect(categories.has(a.category_id)).toBe(true);
    expect(a.bbox[0]! + a.bbox[2]!).toBeLessThanOrEqual(image.width + 0.01);
    expect(a.bbox[1]! + a.bbox[3]!).toBeLessThanOrEqual(image.height + 0.01);
  }
  for (const image of images.values()) expect(files.get(image.file_name)?.length).toBeGreaterThan(0);
  expect(coco.annotations.some((a) => a.verdant.detection_id === added.detection_id && a.verdant.origin === 'reviewer')).toBe(true);
  expect(coco.annotations.some((a) => a.verdant.detection_id === counted.detection_id)).toBe(true);
}

test('review a scan with a mouse at 1440 px: count, redrawn box, added outline, zip export', async ({ page, api, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewFlow(page, api, server, false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('review a scan by touch at 390 px: count, redrawn box, added outline, zip export', async ({ page, api, server }) => {
    await reviewFlow(page, api, server, true);
  });
});
