import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Api } from '../src/fixtures';
import type { E2EServer } from '../src/env';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';
import { okJson, roomWithGrid } from '../src/arrange';
import { clickBox } from '../src/map';

/** Reads a CSV the register writes (quoted cells, doubled quotes, CRLF) back into rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\n') { row.push(cell.replace(/\r$/, '')); rows.push(row); row = []; cell = ''; }
    else cell += c;
  }
  if (cell !== '' || row.length > 0) { row.push(cell); rows.push(row); }
  return rows;
}

/** The register page's export of `format` for today, downloaded and read as text. */
async function exportToday(page: Page, format: string) {
  await page.goto('/dashboard/register');
  await waitForContent(page);
  await page.getByLabel(/^Export/).selectOption({ label: format });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  await expect(page.getByText(/Export saved/)).toBeVisible();
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  return (await readFile(path!, 'utf8')).replace(/^\uFEFF/, '');
}

const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

/**
 * The register's day at one width: a tank mix (and, on the phone, a release of beneficials) recorded on two boxes
 * picked on the map, "no entry until" on the map, a grower's harvest inside the pre-harvest interval refused and
 * an Admin's override with a reason, the EU 2023/564 record exported and read back.
 */
async function registerDay(page: Page, api: Api, server: E2EServer, view: (typeof VIEWPORTS)[number]) {
  const tag = randomBytes(3).toString('hex');
  const main = `E2E Vertimec ${tag}`;
  const partner = `E2E Teppeki ${tag}`;
  const admin = await api.signInAdmin();
  const { headers, companyId, roomId, boxes } = await roomWithGrid(api, admin, `Register Room ${tag}`, { name: 'Bench R', nx: 4, ny: 2 });
  for (const [name, auth, unit] of [[main, '12345 N', 'L'], [partner, '13012 N', 'kg']] as const) {
    await okJson(await api.request.post(`/api/add_spray_product?company_id=${companyId}`, {
      headers,
      multipart: { name, reentry_interval_hours: '24', preharvest_interval_days: '7', authorisation_number: auth, authorisation_country: 'NL', unit },
    }));
  }
  const batchMade = (await okJson(await api.request.post('/api/create_batch', {
    headers,
    multipart: { BatchNumber: `REG-${tag}`, NumberOfPlants: '50', StrainName: 'Tomato', company_id: String(companyId), PreBooks: '0' },
  }))) as { batch: { BatchID: number } };
  const batchId = batchMade.batch.BatchID;
  const boxAt = (x: number, y: number) => boxes.find((b) => b.X === x && b.Y === y)!.id;
  await okJson(await api.request.post('/api/link_gridbox_batch', { headers, data: { batch_id: batchId, grid_box_ids: [boxAt(1, 1), boxAt(2, 1)] } }));

  await page.setViewportSize({ width: view.width, height: view.height });
  await signInThroughUi(page, server.admin.email, server.admin.password);
  await page.goto(`/dashboard/rooms/${roomId}`);
  await waitForContent(page);
  const map = page.getByRole('application', { name: 'Bench R, 4 columns by 2 rows' });
  await expect(map).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Select boxes' }).click();
  await clickBox(map, 1, 1);
  await clickBox(map, 2, 1);
  await page.getByRole('button', { name: 'Apply a treatment to 2 boxes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply a treatment to 2 boxes' });
  await dialog.getByLabel(/^Spray product/).selectOption({ label: main });
  await dialog.getByLabel(/^Quantity used/).fill('0.4');
  await expect(dialog.getByText('No open problems in these boxes.', { exact: false })).toBeVisible();
  await dialog.getByText('Register details (times, crop, tank mix, weather, beneficials)').click();
  await dialog.getByLabel(/^Crop \(EPPO code\)/).fill('LYPES');
  await dialog.getByLabel(/^Growth stage/).fill('65');
  await dialog.getByLabel(/^Water volume/).fill('800');
  await dialog.getByLabel(/^Equipment/).fill('Spray boom 2');
  await dialog.getByRole('button', { name: 'Add a product to the mix' }).click();
  const line = dialog.getByTestId('tank-mix-line');
  await line.getByLabel(/^Product 2/).selectOption({ label: partner });
  await line.getByLabel(/^Quantity used/).fill('0.1');
  const phone = view.width < 640;
  if (phone) {
    // A release of beneficials with the spray, checked before sending: a release line without its method is named.
    await dialog.getByRole('button', { name: 'Add a release of beneficials' }).click();
    const release = dialog.getByTestId('release-line');
    await release.getByLabel(/^Species 1/).fill('Phytoseiulus persimilis');
    await release.getByLabel(/^Number per m²/).fill('5');
    await dialog.getByRole('button', { name: 'Apply to 2 boxes' }).click();
    await expect(release.getByText('Choose how they were released.')).toBeVisible();
    await release.getByLabel(/^Method/).selectOption({ label: 'Loose (sprinkled)' });
  }
  await page.screenshot({ path: test.info().outputPath(`apply-tank-mix-${view.name}.png`), fullPage: true });
  const linked = page.waitForResponse((r) => r.url().includes('/api/link_treatment_products_gridboxes'));
  await dialog.getByRole('button', { name: 'Apply to 2 boxes' }).click();
  const answer = await linked;
  expect(answer.status(), await answer.text()).toBe(200);
  const sent = (await answer.json()) as {
    application: { application_id: number };
    register: { products: Array<{ product_name: string }>; bbch: number; releases: Array<{ species: string; quantity_per_m2: number; method: string }> };
  };
  expect(sent.register.products.map((p) => p.product_name)).toEqual([main, partner]);
  expect(sent.register.bbch).toBe(65);
  expect(sent.register.releases).toEqual(phone ? [{ species: 'Phytoseiulus persimilis', quantity_per_m2: 5, method: 'loose' }] : []);
  await expect(page.getByTestId('no-entry-legend')).toContainText('2 boxes treated: no entry until');
  await page.screenshot({ path: test.info().outputPath(`no-entry-${view.name}.png`) });

  // A task on a treated box, assigned before the interval ends, is flagged on the tasks screen; one elsewhere is not.
  const form = (await okJson(await api.request.post('/api/save_form_template', {
    headers,
    data: { templateName: `Task form ${tag}`, companyID: companyId, FormCategory: 'Task', fields: [{ fieldName: 'What needs doing', fieldType: 'text', isRequired: 1 }] },
  }))) as { template: { TemplateID: number; fields: Array<{ FieldID: number }> } };
  const taskOn = async (title: string, box: number) => {
    const made = (await okJson(await api.request.post('/api/submit_form', {
      headers,
      data: { submittedBy: admin.user.user_id, templateID: form.template.TemplateID, GridBoxID: box, fieldResponses: [{ fieldID: form.template.fields[0]!.FieldID, inputData: title }] },
    }))) as { response_id: number };
    await okJson(await api.request.post(`/api/update_task_fields?response_id=${made.response_id}`, { headers, data: { assignee_id: admin.user.user_id } }));
  };
  await taskOn(`Prune treated ${tag}`, boxAt(1, 1));
  await taskOn(`Prune clean ${tag}`, boxAt(4, 2));
  await page.goto('/dashboard/tasks');
  await waitForContent(page);
  const treatedTask = page.getByTestId('task-card').filter({ hasText: `Prune treated ${tag}` });
  await expect(treatedTask.getByTestId('task-no-entry')).toContainText('No entry until');
  await expect(page.getByTestId('task-card').filter({ hasText: `Prune clean ${tag}` }).getByTestId('task-no-entry')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`task-no-entry-${view.name}.png`), fullPage: true });

  // The harvest inside the pre-harvest interval: refused for a grower (the server's reason), an Admin overrides with a reason.
  const grower = await api.newAccount('Regular', `register-grower-${view.name}`);
  const refused = await api.request.post(`/api/harvest_batch?batch_id=${batchId}&company_id=${companyId}`, { headers: { authorization: `Bearer ${grower.session.access_token}` } });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { message: string }).message).toContain(`${main} applied on`);
  await page.goto(`/dashboard/batch-info/${batchId}`);
  await waitForContent(page);
  await page.getByRole('button', { name: 'Harvest' }).click();
  const harvest = page.getByRole('dialog', { name: `Harvest batch REG-${tag}?` });
  await expect(harvest.getByTestId('preharvest-warning')).toContainText(main);
  await expect(harvest.getByRole('button', { name: 'Harvest anyway' })).toBeDisabled();
  await harvest.getByLabel(/^Reason for harvesting inside the interval/).fill('Crop destroyed after a virus test');
  await page.screenshot({ path: test.info().outputPath(`harvest-override-${view.name}.png`), fullPage: true });
  await harvest.getByRole('button', { name: 'Harvest anyway' }).click();
  await expect(page.getByText(new RegExp(`Batch REG-${tag} harvested inside the pre-harvest interval`))).toBeVisible();

  // The EU 2023/564 record, exported from the register page and read back.
  const csv = parseCsv(await exportToday(page, 'EU 2023/564 record (CSV)'));
  const header = csv[0]!;
  const ours = csv.slice(1).filter((r) => r[header.indexOf('application_id')] === String(sent.application.application_id));
  const cell = (r: string[], name: string) => r[header.indexOf(name)];
  expect(ours.map((r) => [cell(r, 'product_name'), cell(r, 'authorisation_number'), cell(r, 'crop_eppo_code'), cell(r, 'bbch_stage'), cell(r, 'boxes_treated')])).toEqual([
    [main, '12345 N', 'LYPES', '65', '2'],
    [partner, '13012 N', 'LYPES', '65', '2'],
  ]);
  expect(cell(ours[0]!, 'location_rooms')).toBe(`Register Room ${tag}`);
  await page.screenshot({ path: test.info().outputPath(`register-${view.name}.png`), fullPage: true });
  return { main, partner };
}

for (const view of VIEWPORTS) {
  test(`plant-protection register at ${view.width} px: a tank mix recorded on boxes from the map, "no entry until", a harvest inside the pre-harvest interval refused then overridden by an Admin, the EU record exported and read back`, async ({ page, api, server }) => {
    test.setTimeout(180_000);
    const { main, partner } = await registerDay(page, api, server, view);
    if (view.width < 640) {
      // On the phone: the printable diary of the same day, and nothing wider than the screen.
      const diary = await exportToday(page, 'Printable spray diary (HTML)');
      expect(diary).toContain(`${main} + ${partner}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
}
