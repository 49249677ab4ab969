import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signInThroughUi, test, waitForContent, type Api, type Session } from '../src/fixtures';
import { okJson, roomWithGrid } from '../src/arrange';

interface Crop {
  crop_id: number;
  name: string;
  eppo_code: string;
}
interface MeasurementType {
  type_id: number;
  name: string;
  min: number;
  max: number;
  decimals: number;
  kind: 'number' | 'truss_position';
  measure: string | null;
}
interface Walk {
  week: string;
  plants: Array<{ sample_plant_id: number; label: string; values: Array<{ type_id: number; value: number; out_of_range: boolean }> }>;
  progress: { done: number; total: number };
}

const DAY = 86_400_000;
/** The Monday of this week, `weeks` weeks from now (UTC, as the e2e browser's clock). */
function monday(weeks = 0): string {
  const now = new Date();
  const back = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - back * DAY + weeks * 7 * DAY).toISOString().slice(0, 10);
}

/** A crop registration call through the API as `as` (JSON body, company in the query). */
async function call<T>(api: Api, as: Session, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${as.access_token}` };
  const sep = path.includes('?') ? '&' : '?';
  const url = `/api/crop_registration/${path}${sep}company_id=${as.user.company_id}`;
  const res = method === 'get' ? await api.request.get(url, { headers }) : await api.request.post(url, { headers, data });
  return (await okJson(res)) as T;
}

async function cropNamed(api: Api, as: Session, eppo: string): Promise<Crop> {
  const { crops } = await api.get<{ crops: Crop[] }>(as, `/api/crops?company_id=${as.user.company_id}`);
  return crops.find((c) => c.eppo_code === eppo)!;
}

/**
 * The phone's walk: aubergine (a crop without default types) gets two types of its own — a stem diameter and a
 * set truss position — and a room of 10 grid boxes, each a sample plant from this week.
 */
async function arrangeWalk(api: Api, admin: Session, tag: string) {
  const { roomId, boxes } = await roomWithGrid(api, admin, `Aubergine house ${tag}`, { name: 'Row A', nx: 5, ny: 2 });
  const crop = await cropNamed(api, admin, 'SOLME');
  const diameter = await call<{ type: MeasurementType }>(api, admin, 'post', 'measurement_types/save', {
    crop_id: crop.crop_id, name: `Head ${tag}`, unit: 'mm', min: 5, max: 25, decimals: 1, kind: 'number', measure: 'stem_diameter',
    how_to_measure: 'With a calliper, 15 cm below the head.',
  });
  const truss = await call<{ type: MeasurementType }>(api, admin, 'post', 'measurement_types/save', {
    crop_id: crop.crop_id, name: `Set truss ${tag}`, unit: 'truss', min: 0, max: 99.9, decimals: 1, kind: 'truss_position', measure: 'set_truss',
  });
  const { planting } = await call<{ planting: { planting_id: number } }>(api, admin, 'post', 'plantings/save', {
    room_id: roomId, crop_id: crop.crop_id, area_m2: 500, stems_per_m2: 2.5, start_week: monday(-1), rotation_weeks: 4,
  });
  const ordered = [...boxes].sort((a, b) => a.Y - b.Y || a.X - b.X);
  await call(api, admin, 'post', 'sample_sets/save', { planting_id: planting.planting_id, valid_from: monday(), plants: ordered.map((b) => ({ grid_box_id: b.id })) });
  return { plantingId: planting.planting_id, diameterId: diameter.type.type_id, trussId: truss.type.type_id };
}

/** A value of a tomato default type for week `i` of the arranged season and plant `p`, inside its range. */
function tomatoValue(type: MeasurementType, i: number, p: number): string {
  const flowering = 12 + i + 0.2 * p;
  const byMeasure: Record<string, number> = {
    weekly_growth: 20 + 0.5 * i + p,
    stem_diameter: 10 + 0.1 * i + 0.2 * p,
    leaves: 16 + (i % 2),
    flowering_height: 20 + i,
    flowering_truss: flowering,
    set_truss: flowering - 2,
    harvest_truss: flowering - 8,
    fruits_per_truss: 5,
    fruit_weight: 120,
  };
  const v = Math.min(type.max, Math.max(type.min, byMeasure[type.measure ?? ''] ?? (type.min + type.max) / 2));
  return v.toFixed(type.kind === 'truss_position' ? 1 : type.decimals);
}

/**
 * The desk screens: tomato (default types) in a room of its own, three sample plants registered for twelve weeks,
 * harvests recorded for the last six, a forecast made each week and a flowering height target.
 */
async function arrangeSeason(api: Api, admin: Session, tag: string) {
  const { roomId, boxes } = await roomWithGrid(api, admin, `Tomato house ${tag}`, { name: 'Path 1', nx: 3, ny: 1 });
  const crop = await cropNamed(api, admin, 'LYPES');
  const { types } = await call<{ types: MeasurementType[] }>(api, admin, 'get', `measurement_types?crop_id=${crop.crop_id}`);
  const { planting } = await call<{ planting: { planting_id: number } }>(api, admin, 'post', 'plantings/save', {
    room_id: roomId, crop_id: crop.crop_id, area_m2: 1000, stems_per_m2: 3.5, start_week: monday(-13), rotation_weeks: 16,
  });
  const plantingId = planting.planting_id;
  const { set } = await call<{ set: { plants: Array<{ sample_plant_id: number }> } }>(api, admin, 'post', 'sample_sets/save', {
    planting_id: plantingId, valid_from: monday(-12), plants: boxes.map((b) => ({ grid_box_id: b.id })),
  });
  for (let i = 0; i < 12; i++) {
    const week = monday(i - 11);
    for (const [p, plant] of set.plants.entries()) {
      await call(api, admin, 'post', 'registrations', {
        sample_plant_id: plant.sample_plant_id, week, values: types.map((t) => ({ type_id: t.type_id, value: tomatoValue(t, i, p) })),
      });
    }
    await call(api, admin, 'post', 'forecast', { planting_id: plantingId, made_week: week });
    // About what 1 truss a week × 5 fruits × 120 g × 3.5 stems/m² gives on 1000 m², once the first trusses ripen.
    if (i >= 6) await call(api, admin, 'post', 'harvests/save', { planting_id: plantingId, week, kg: 2000 + 30 * i });
  }
  await call(api, admin, 'post', 'targets/save', { crop_id: crop.crop_id, indicator: 'flowering_height', value: 30 });
  // Other specs may have pinned reports: the overview starts with its four slots free.
  await okJson(await api.request.post('/api/set_dashboard_reports', {
    headers: { authorization: `Bearer ${admin.access_token}` },
    data: { company_id: admin.user.company_id, report_id1: null, report_id2: null, report_id3: null, report_id4: null },
  }));
  return { cropId: crop.crop_id, cropName: crop.name, plantingId };
}

const pad = (page: Page) => page.getByRole('group', { name: 'Number pad' });

/** Types `text` on the walk's number pad. */
async function typeOnPad(page: Page, text: string) {
  for (const ch of text) await pad(page).getByRole('button', { name: ch === '.' ? 'Decimal point' : ch, exact: true }).click();
}

/** Measures the plant in hand: its head diameter, then its set truss; saves it. */
async function measurePlant(page: Page, diameter: string, truss: string) {
  await typeOnPad(page, diameter);
  await page.getByRole('button', { name: 'Next field' }).click();
  await typeOnPad(page, truss);
  await page.getByRole('button', { name: 'Save plant' }).click();
}

test.describe('on the phone', () => {
  // Reloading offline needs the app's service worker (the default config blocks it).
  test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a registration walk of 10 plants offline, reloaded offline mid-walk, arrives exactly once when online', async ({ page, context, api, server }) => {
    test.setTimeout(240_000);
    const tag = randomBytes(3).toString('hex');
    const admin = await api.signInAdmin();
    const s = await arrangeWalk(api, admin, tag);

    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await expect(page.getByTestId('offline-readiness').first()).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The walk opened once with signal: its plants and types are on the phone.
    await page.goto(`/dashboard/crop-registration?planting=${s.plantingId}`);
    await expect(page.getByTestId('walk-progress')).toHaveText('0 of 10 plants');
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(page.getByTestId('walk-progress')).toHaveText('0 of 10 plants');

    await context.setOffline(true);
    // Last week's value and how to measure are beside the field.
    await expect(page.getByText('No value last week').first()).toBeVisible();
    await expect(page.getByText('With a calliper, 15 cm below the head.')).toBeVisible();
    for (let i = 0; i < 5; i++) {
      await expect(page.getByText(`Plant ${i + 1} of 10 on the route`)).toBeVisible();
      await measurePlant(page, `1${i}.5`, `1${i}.2`);
      await expect(page.getByTestId('walk-progress')).toHaveText(`${i + 1} of 10 plants`);
    }
    await expect(page.getByText('5 waiting to send')).toBeVisible();
    // The sixth plant is in hand with one figure typed when the app is closed.
    await typeOnPad(page, '9');
    await page.screenshot({ path: test.info().outputPath('walk-390-offline.png'), fullPage: true });

    await page.reload();
    await expect(page.getByTestId('walk-progress')).toHaveText('5 of 10 plants');
    await expect(page.getByText('5 waiting to send')).toBeVisible();
    await expect(page.getByText('Plant 6 of 10 on the route')).toBeVisible();
    const field = page.getByRole('button', { name: /^Head .* mm$/ });
    await expect(field).toContainText('9');
    await pad(page).getByRole('button', { name: 'Delete last digit' }).click();

    // A head of 30 mm is outside 5–25: asked, kept, and sent with the confirm flag.
    await typeOnPad(page, '30');
    await page.getByRole('button', { name: 'Next field' }).click();
    await typeOnPad(page, '15.2');
    await page.getByRole('button', { name: 'Save plant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check these values' });
    await expect(dialog).toContainText('is outside 5–25');
    await dialog.getByRole('button', { name: 'Keep the values' }).click();
    await expect(page.getByTestId('walk-progress')).toHaveText('6 of 10 plants');
    for (let i = 6; i < 10; i++) {
      await measurePlant(page, `1${i}.5`, `1${i}.2`);
      await expect(page.getByTestId('walk-progress')).toHaveText(`${i + 1} of 10 plants`);
    }
    await expect(page.getByText('All 10 plants are measured this week.')).toBeVisible();
    await expect(page.getByText('10 waiting to send')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(/waiting to send/)).toHaveCount(0, { timeout: 30_000 });

    const { walk } = await call<{ walk: Walk }>(api, admin, 'get', `walk?planting_id=${s.plantingId}&week=${monday()}`);
    const registered = walk.plants.filter((p) => p.values.length > 0);
    expect(registered).toHaveLength(10);
    expect(walk.progress).toMatchObject({ done: 10, total: 10 });
    expect(walk.plants.flatMap((p) => p.values)).toHaveLength(20);
    const outside = walk.plants.flatMap((p) => p.values).filter((v) => v.out_of_range);
    expect(outside).toEqual([{ type_id: s.diameterId, value: 30, out_of_range: true }]);
    expect(walk.plants[0]!.values.find((v) => v.type_id === s.trussId)!.value).toBeCloseTo(10.2, 5);
    await page.screenshot({ path: test.info().outputPath('walk-390-done.png'), fullPage: true });

    // The other screens fit the phone too.
    const overflow = () => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
    await page.getByRole('navigation', { name: 'Crop registration screens' }).getByRole('link', { name: 'Sample plants' }).click();
    await expect(page.getByRole('list', { name: 'Crops in rooms' })).toContainText(`Aubergine house ${tag}`);
    await expect(page.getByText('Rotation rule: a new set every 4 weeks')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('sample-plants-390.png'), fullPage: true });
    await page.goto('/dashboard/crop-registration/types');
    await waitForContent(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('types-390.png'), fullPage: true });
    await page.goto('/dashboard/crop-registration/balance');
    await waitForContent(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('balance-390.png'), fullPage: true });
  });
});

test.describe('at the desk', () => {
  test.use({ viewport: { width: 1440, height: 1000 } });

  test('the crop balance and the harvest forecast show the season with formulas, targets, inputs and MAPE; the balance as a report is saved, pinned and on the overview', async ({ page, api, server }) => {
    test.setTimeout(240_000);
    const tag = randomBytes(3).toString('hex');
    const admin = await api.signInAdmin();
    const s = await arrangeSeason(api, admin, tag);

    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto('/dashboard/crop-registration/balance');
    await waitForContent(page);
    await page.getByLabel('Crop', { exact: true }).selectOption({ label: s.cropName }).catch(() => undefined);
    const rooms = page.getByRole('region', { name: 'Rooms this week' });
    const row = rooms.getByRole('row').filter({ hasText: `Tomato house ${tag}` });
    await expect(row).toContainText('3 plants measured');
    // Flowering height 31 cm against the target 30: 1.03, balanced.
    await expect(row).toContainText('Balanced');
    await expect(page.getByTestId('indicator-formula')).toContainText('Mean weekly growth');
    await expect(page.getByTestId('indicator-chart').locator('.recharts-line').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Targets' })).toContainText('Flowering height');
    await page.screenshot({ path: test.info().outputPath('balance-1440.png'), fullPage: true });

    await page.goto('/dashboard/crop-registration/forecast');
    await waitForContent(page);
    const next = page.getByRole('region', { name: 'Next five weeks (kg/m²)' });
    const forecastRow = next.getByRole('row').filter({ hasText: `Tomato house ${tag}` });
    await expect(forecastRow).toBeVisible();
    await forecastRow.getByRole('button').click();
    // The screen reads the kept forecast; its inputs come with a run, made only by the button.
    await page.getByRole('button', { name: 'Run forecast' }).click();
    await expect(page.getByTestId('forecast-inputs')).toContainText('Stems per m²');
    await expect(page.getByRole('table', { name: 'Error per horizon (MAPE)' })).toContainText('%');
    await expect(page.getByTestId('forecast-chart')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('forecast-1440.png'), fullPage: true });

    await page.getByRole('navigation', { name: 'Crop registration screens' }).getByRole('link', { name: 'Measurement types' }).click();
    await page.getByLabel('Crop', { exact: true }).selectOption({ label: s.cropName });
    await expect(page.getByRole('row').filter({ hasText: 'Flowering truss' })).toContainText('0 – 99.9');
    await page.getByRole('button', { name: 'Change Flowering truss' }).click();
    await expect(page.getByRole('dialog', { name: 'Change Flowering truss' }).getByLabel('Entered as')).toHaveValue('truss_position');
    await page.screenshot({ path: test.info().outputPath('types-1440.png'), fullPage: true });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/dashboard/crop-registration/sample-plants');
    await page.getByRole('button', { name: new RegExp(`^Tomato house ${tag}`) }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Measured now' })).toContainText('3 plants');
    await page.getByRole('button', { name: 'Choose new sample plants' }).click();
    await expect(page.getByRole('group', { name: 'Path 1' }).getByRole('button')).toHaveCount(3);
    await page.screenshot({ path: test.info().outputPath('sample-plants-1440.png'), fullPage: true });

    // The overview's crop balance card.
    await page.goto('/dashboard/overview');
    const card = page.getByTestId('overview-crop-balance');
    await expect(card.getByRole('listitem').filter({ hasText: `Tomato house ${tag} · Tomato` })).toContainText('Balanced');
    await card.screenshot({ path: test.info().outputPath('overview-card-1440.png') });

    // The crop balance as a report: the balance screen opens the reports builder on it, drawn at once.
    await page.goto('/dashboard/crop-registration/balance');
    await waitForContent(page);
    await page.getByLabel('Crop', { exact: true }).selectOption({ label: s.cropName }).catch(() => undefined);
    const firstDraw = page.waitForResponse((r) => r.url().includes('/api/get_crop_balance_report'));
    await page.getByRole('link', { name: 'Save or pin as a report' }).click();
    await expect(page).toHaveURL(/\/dashboard\/reports\?kind=crop_balance/);
    expect((await firstDraw).status()).toBe(200);
    await expect(page.getByRole('combobox', { name: 'Report', exact: true })).toHaveValue('crop_balance');
    await expect(page.getByRole('combobox', { name: 'Crop', exact: true })).toHaveValue(String(s.cropId));
    await expect(page.getByRole('combobox', { name: 'Indicator', exact: true })).toHaveValue('growth');

    // Build it: flowering height of this spec's room over the last four weeks (the default range), against the target.
    await page.getByRole('combobox', { name: 'Period', exact: true }).selectOption('date_range');
    await page.getByRole('combobox', { name: 'Indicator', exact: true }).selectOption('flowering_height');
    await page.getByRole('checkbox', { name: `Tomato house ${tag}` }).check();
    const drawn = page.waitForResponse((r) => r.url().includes('/api/get_crop_balance_report') && r.url().includes('indicator=flowering_height') && r.url().includes('room_ids='));
    await page.getByRole('button', { name: 'Show report' }).click();
    const answer = await drawn;
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { target: { value: number } | null; series: Array<{ label: string; points: Array<{ value: number | null }> }> };
    expect(body.target?.value).toBe(30);
    // Flowering height 20 + i cm in week i of the season: the last four weeks 28–31 cm.
    expect(body.series.map((x) => x.label)).toEqual([`Tomato house ${tag}`]);
    expect(body.series[0]!.points.map((p) => p.value)).toEqual([28, 29, 30, 31]);
    const chart = page.getByRole('figure', { name: new RegExp(`Chart of Tomato house ${tag}, Target`) });
    await expect(chart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
    await expect(chart.locator('.recharts-line')).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('report-builder-1440.png'), fullPage: true });

    // Save it, pin it.
    const name = `Flowering height ${tag}`;
    await page.getByRole('button', { name: 'Save report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save report' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    const savedCall = page.waitForResponse((r) => r.url().includes('/api/save_report'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await savedCall).status()).toBe(200);
    await expect(page.getByText('Report saved.')).toBeVisible();
    await page.getByRole('button', { name: `Pin ${name} to the overview` }).click();
    await expect(page.getByText('Pinned to the overview.')).toBeVisible();

    // On the overview beside the crop balance card, drawn from its saved figures.
    await page.goto('/dashboard/overview');
    await waitForContent(page);
    const pinned = page.getByTestId('pinned-report').filter({ hasText: name });
    await expect(pinned.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
    await expect(pinned.locator('.recharts-line')).toHaveCount(2);
    await expect(pinned.getByText('Target')).toBeVisible();
    await expect(page.getByTestId('overview-crop-balance')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('overview-pinned-1440.png'), fullPage: true });

    // Its CSV: one row per Monday week, the room's figures and the target.
    await pinned.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV' }).click();
    const csv = (await fs.readFile((await (await download).path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(`Date,Tomato house ${tag},Target`);
    expect(lines.slice(1).map((l) => l.split(',').slice(1).join(','))).toEqual(['28,30', '29,30', '30,30', '31,30']);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([monday(-3), monday(-2), monday(-1), monday()]);
  });
});

/** An 8 × 8 green PNG: what a phone's camera hands the walk's photo field in these tests. */
const PLANT_PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOwqdXBihiGlgQAYxI5Qfg7KbUAAAAASUVORK5CYII=', 'base64');

/** Three sample plants of aubergine on a 3 × 2 grid; the first registered last week. */
async function arrangeMarked(api: Api, admin: Session, tag: string) {
  const { roomId, boxes } = await roomWithGrid(api, admin, `Marked house ${tag}`, { name: 'Row M', nx: 3, ny: 2 });
  const crop = await cropNamed(api, admin, 'SOLME');
  const { type } = await call<{ type: MeasurementType }>(api, admin, 'post', 'measurement_types/save', {
    crop_id: crop.crop_id, name: `Stem ${tag}`, unit: 'mm', min: 5, max: 25, decimals: 1, kind: 'number',
  });
  const { planting } = await call<{ planting: { planting_id: number } }>(api, admin, 'post', 'plantings/save', {
    room_id: roomId, crop_id: crop.crop_id, area_m2: 300, stems_per_m2: 2.5, start_week: monday(-2), rotation_weeks: 4,
  });
  const chosen = [...boxes].sort((a, b) => a.Y - b.Y || a.X - b.X).slice(0, 3);
  const { set } = await call<{ set: { plants: Array<{ sample_plant_id: number; label: string }> } }>(api, admin, 'post', 'sample_sets/save', {
    planting_id: planting.planting_id, valid_from: monday(-1), plants: chosen.map((b) => ({ grid_box_id: b.id })),
  });
  await call(api, admin, 'post', 'registrations', { sample_plant_id: set.plants[0]!.sample_plant_id, week: monday(-1), values: [{ type_id: type.type_id, value: '12.5' }] });
  return { roomId, box: chosen[0]!, plantingId: planting.planting_id, plants: set.plants, typeName: type.name };
}

test.describe('on the phone: sample plants on the map, a photo per registration (helper D)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the map marks the sample plants; a tapped one shows its last registration and opens its walk, where a photo is taken online and offline', async ({ page, context, api, server }) => {
    test.setTimeout(180_000);
    const tag = randomBytes(3).toString('hex');
    const admin = await api.signInAdmin();
    const s = await arrangeMarked(api, admin, tag);

    await signInThroughUi(page, server.admin.email, server.admin.password);
    await page.goto(`/dashboard/rooms/${s.roomId}?box=${s.box.id}`);
    const layer = page.getByRole('switch', { name: /Sample/ });
    await expect(layer).toBeVisible();
    await layer.click();
    await expect(page.getByTestId('sample-plant-legend')).toHaveText('3 sample plants (crop registration)');
    const card = page.getByTestId('sample-plant-card');
    await expect(card).toContainText(`Sample plant ${s.plants[0]!.label}`);
    await expect(card).toContainText(s.typeName);
    await expect(card).toContainText('12.5 mm');
    const overflow = () => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('map-sample-plants-390.png'), fullPage: true });

    // The sheet's link (what the plant's QR label holds) opens the walk at that plant.
    await card.getByRole('link', { name: 'Register this plant' }).click();
    await expect(page.getByText('Plant 1 of 3 on the route')).toBeVisible();
    await page.getByLabel('Add a photo').setInputFiles({ name: 'plant.png', mimeType: 'image/png', buffer: PLANT_PHOTO });
    await expect(page.getByText(`Photo of ${s.plants[0]!.label} saved.`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photo of this week' })).toBeVisible();

    // Offline: the next plant's photo waits on the phone and arrives once online.
    await page.getByRole('button', { name: 'Next plant' }).click();
    await expect(page.getByText('Plant 2 of 3 on the route')).toBeVisible();
    await context.setOffline(true);
    await page.getByLabel('Add a photo').setInputFiles({ name: 'plant.png', mimeType: 'image/png', buffer: PLANT_PHOTO });
    await expect(page.getByText(`Photo of ${s.plants[1]!.label} is kept on this device`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Photo of this week' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('walk-photo-390-offline.png'), fullPage: true });
    await context.setOffline(false);
    await expect.poll(async () => {
      const { walk } = await call<{ walk: { plants: Array<{ sample_plant_id: number; photo: unknown }> } }>(api, admin, 'get', `walk?planting_id=${s.plantingId}&week=${monday()}`);
      return walk.plants.map((p) => p.photo !== null);
    }, { timeout: 30_000 }).toEqual([true, true, false]);

    // The plant's history shows last week's registration.
    await page.getByRole('button', { name: 'Previous plant' }).click();
    await page.getByText(`History of ${s.plants[0]!.label}`).click();
    await expect(page.getByText(`${s.typeName} 12.5 mm`)).toBeVisible();
  });
});
