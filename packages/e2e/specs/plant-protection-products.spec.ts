import { randomBytes } from 'node:crypto';
import { expect, signInThroughUi, test, waitForContent } from '../src/fixtures';

/** A one-page PDF small enough to write inline: what a label upload is checked for is the PDF header. */
const LABEL_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('plant-protection register: a product is added with its register fields and label, stock is received, and the stock page shows it (1440 px and 390 px)', async ({ page, api, server }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const product = `E2E Vertimec ${tag}`;
  const admin = await api.signInAdmin();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughUi(page, server.admin.email, server.admin.password);

  // The product with its register fields and label, on the treatmentProduct screen.
  await page.goto('/dashboard/treatmentProduct');
  await waitForContent(page);
  await page.getByRole('button', { name: 'Add a product' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a spray product' });
  await form.getByLabel(/^Name/).fill(product);
  await form.getByLabel('Re-entry interval (hours)').fill('12');
  await form.getByLabel('Pre-harvest interval (days)').fill('3');
  await form.getByLabel('Authorisation number').fill('12345 N');
  await form.getByLabel(/^Country/).fill('NL');
  await form.getByLabel('Product type').selectOption('chemical');
  await form.getByLabel(/^Unit/).selectOption('L');
  await form.getByLabel('Maximum dose').fill('0.5');
  await form.getByLabel('Dose per').selectOption('per_ha');
  await form.getByRole('button', { name: 'Add a substance' }).click();
  await form.getByRole('textbox', { name: 'Substance' }).fill('Abamectin');
  await form.getByLabel('Concentration').fill('18');
  await form.getByRole('combobox', { name: 'Unit', exact: true }).last().selectOption('g/L');
  await form.getByRole('button', { name: 'Add a crop' }).click();
  await form.getByRole('combobox', { name: 'EPPO code' }).fill('LYPES');
  await form.getByLabel('BBCH from').fill('12');
  await form.getByLabel('BBCH to').fill('89');
  await form.getByLabel('Label (PDF)').setInputFiles({ name: 'vertimec-label.pdf', mimeType: 'application/pdf', buffer: LABEL_PDF });
  await page.screenshot({ path: test.info().outputPath('product-form-1440.png'), fullPage: true });
  const added = page.waitForResponse((r) => r.url().includes('/api/add_spray_product'));
  await form.getByRole('button', { name: 'Add a product' }).click();
  const answer = await added;
  expect(answer.status()).toBe(200);
  const saved = ((await answer.json()) as { product: { product_id: number; label_filename: string; authorised_crops: unknown[] } }).product;
  expect(saved.label_filename).toBe('vertimec-label.pdf');
  expect(saved.authorised_crops).toEqual([{ eppo_code: 'LYPES', bbch_min: 12, bbch_max: 89 }]);
  const row = page.getByTestId('spray-product').filter({ hasText: product });
  await expect(row).toContainText('Auth. 12345 N NL');
  await expect(row).toContainText('Authorised on: LYPES (BBCH 12–89)');
  await expect(row).toContainText('Active substances: Abamectin 18 g/L');
  // The label comes back as it was uploaded.
  const label = await api.request.get(`/api/spray_product_label?product_id=${saved.product_id}`, { headers: { authorization: `Bearer ${admin.access_token}` } });
  expect(label.status()).toBe(200);
  expect(label.headers()['content-type']).toBe('application/pdf');
  expect(await label.body()).toEqual(LABEL_PDF);

  // Stock received on the stock page.
  await page.getByRole('link', { name: 'Open the stock' }).click();
  await waitForContent(page);
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Receive stock of ${product}` }).click();
  const receive = page.getByRole('dialog', { name: 'Receive stock' });
  await receive.getByLabel(/^Lot number/).fill(`LOT-${tag}`);
  await receive.getByLabel('Supplier').fill('Agrifirm');
  await receive.getByLabel(/^Quantity/).fill('5');
  await receive.getByLabel(/^Expiry date/).fill('2030-06-30');
  const received = page.waitForResponse((r) => r.url().includes('/api/stock/receive'));
  await receive.getByRole('button', { name: 'Receive' }).click();
  expect((await received).status()).toBe(200);
  const card = page.getByTestId('stock-product').filter({ hasText: '5 L on hand' });
  await expect(card).toBeVisible();
  const lot = page.getByTestId('stock-lot').filter({ hasText: `LOT-${tag}` });
  await expect(lot).toContainText('Agrifirm');
  await expect(lot).toContainText('2030-06-30');
  await page.screenshot({ path: test.info().outputPath('stock-1440.png'), fullPage: true });

  // After a reload it is still there, and on a phone it reads the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await waitForContent(page);
  await expect(page.getByTestId('stock-lot').filter({ hasText: `LOT-${tag}` })).toBeVisible();
  await expect(page.getByTestId('stock-product').filter({ hasText: '5 L on hand' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('stock-390.png'), fullPage: true });

  // The product's history on the phone: the receipt, and how many of how many movements are shown.
  await page.getByRole('button', { name: `History of ${product}` }).click();
  const history = page.getByRole('dialog', { name: `History: ${product}` });
  await expect(history.getByTestId('stock-movement')).toHaveCount(1);
  await expect(history.getByTestId('stock-movement')).toContainText('Received');
  await expect(history.getByTestId('stock-history-count')).toHaveText('Showing 1 of 1 movements.');
  await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('stock-history-390.png') });
  await page.keyboard.press('Escape');

  // The CSV export carries the lot.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(`${product},12345 N,L,LOT-${tag},Agrifirm,2030-06-30`);

  await page.goto('/dashboard/crops');
  await waitForContent(page);
  await expect(page.getByTestId('crop').filter({ hasText: 'Tomato' })).toContainText('LYPES');
  await page.screenshot({ path: test.info().outputPath('crops-390.png'), fullPage: true });
});
