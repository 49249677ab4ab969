import { describe, expect, it } from 'vitest';
import { sprayProductsMessages as msg } from '@verdant/contract';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = { authorization: string };
type Fields = Record<string, string | number | Blob>;
const PDF = () => new Blob(['%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'], { type: 'application/pdf' });
const multipart = (fields: Fields) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v instanceof Blob) form.append(k, v, k === 'label' ? 'Label Spruzit NL.pdf' : 'file');
    else form.append(k, String(v));
  }
  return form;
};
const add = (auth: Auth, companyId: number, fields: Fields) =>
  t.app.inject({ method: 'POST', url: '/api/add_spray_product', query: { company_id: String(companyId) }, headers: auth, payload: multipart(fields) });
const update = (auth: Auth, productId: number, fields: Fields) =>
  t.app.inject({ method: 'POST', url: '/api/update_spray_product', query: { product_id: String(productId) }, headers: auth, payload: multipart(fields) });
const label = (auth: Auth, productId: number | string) =>
  t.app.inject({ method: 'GET', url: '/api/spray_product_label', query: { product_id: String(productId) }, headers: auth });
const details = async (auth: Auth, companyId: number) =>
  (await t.app.inject({ method: 'GET', url: '/api/get_product_details', query: { company_id: String(companyId) }, headers: auth })).json().products;

const FULL: Fields = {
  name: 'Spruzit Neu',
  authorisation_number: '12345 N',
  authorisation_country: 'nl',
  product_type: 'chemical',
  active_substances: JSON.stringify([{ name: 'Pyrethrins', concentration: 4.59, concentration_unit: 'g/L' }, { name: 'Rapeseed oil', concentration: 825.3, concentration_unit: 'g/L' }]),
  formulation: 'EC',
  unit: 'L',
  max_dose: '10',
  max_dose_basis: 'per_ha',
  max_applications_per_cycle: 3,
  authorised_crops: JSON.stringify([{ eppo_code: 'lypes', bbch_min: 10, bbch_max: 89 }, { eppo_code: 'CUMSA' }]),
  protective_equipment: 'Gloves, face shield',
  reentry_interval_hours: 12,
  preharvest_interval_days: 1,
};

describe('spray products: the register fields', () => {
  it('adds a product with every register field and its label, lists them, downloads the label', async () => {
    const res = await add(a.admin.auth, a.companyId, { ...FULL, label: PDF() });
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json().product;
    expect(product).toMatchObject({
      authorisation_number: '12345 N', authorisation_country: 'NL', product_type: 'chemical', formulation: 'EC', unit: 'L',
      max_dose: 10, max_dose_basis: 'per_ha', max_applications_per_cycle: 3, protective_equipment: 'Gloves, face shield',
      active_substances: [{ name: 'Pyrethrins', concentration: 4.59, concentration_unit: 'g/L' }, { name: 'Rapeseed oil', concentration: 825.3, concentration_unit: 'g/L' }],
      authorised_crops: [{ eppo_code: 'LYPES', bbch_min: 10, bbch_max: 89 }, { eppo_code: 'CUMSA', bbch_min: null, bbch_max: null }],
      label_filename: 'Label Spruzit NL.pdf',
    });
    expect((await details(a.regular.auth, a.companyId)).find((p: { name: string }) => p.name === 'Spruzit Neu')).toEqual(product);
    const pdf = await label(a.regular.auth, product.product_id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-')).toBe(true);
    // Another company neither reads it nor learns it exists.
    expect((await label(b.admin.auth, product.product_id)).statusCode).toBe(404);
  });

  it('keeps the old calls working: a product with only a name has empty register fields', async () => {
    const res = await add(a.admin.auth, a.companyId, { name: 'Plain old product' });
    expect(res.json().product).toMatchObject({
      authorisation_number: null, product_type: null, active_substances: [], authorised_crops: [], unit: null, max_dose: null, label_filename: null,
    });
    expect((await label(a.admin.auth, res.json().product.product_id)).statusCode).toBe(404);
  });

  it('updates only what was sent; blank clears; a new label replaces the old file; remove_label drops it; audited', async () => {
    const made = (await add(a.admin.auth, a.companyId, { ...FULL, name: 'Updatable', label: PDF() })).json().product;
    const oldKey = (await t.app.db.selectFrom('spray_products').select('label_key').where('product_id', '=', made.product_id).executeTakeFirstOrThrow()).label_key!;
    const changed = await update(a.admin.auth, made.product_id, { formulation: '', authorised_crops: '[]', unit: 'kg', label: PDF() });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().product).toMatchObject({ formulation: null, authorised_crops: [], unit: 'kg', authorisation_number: '12345 N', max_dose: 10 });
    expect(await t.app.files.exists(oldKey)).toBe(false);
    const audit = await t.app.db.selectFrom('audit_events').select(['before', 'after']).where('action', '=', 'spray_product.update')
      .where('entity_id', '=', String(made.product_id)).executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ formulation: 'EC', unit: 'L' });
    expect(audit.after).toMatchObject({ formulation: null, unit: 'kg' });
    const removed = await update(a.admin.auth, made.product_id, { remove_label: 1 });
    expect(removed.json().product.label_filename).toBeNull();
    expect((await label(a.admin.auth, made.product_id)).statusCode).toBe(404);
    // Clearing the dose clears with its basis; one without the other is refused.
    expect((await update(a.admin.auth, made.product_id, { max_dose: '' })).json()).toMatchObject({ field: 'max_dose', message: msg.doseRequired });
    expect((await update(a.admin.auth, made.product_id, { max_dose: '', max_dose_basis: '' })).json().product).toMatchObject({ max_dose: null, max_dose_basis: null });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Fields, string][] = [
      [{ authorised_crops: JSON.stringify([{ eppo_code: 'TOM' }]) }, 'authorised_crops.0.eppo_code'],
      [{ authorised_crops: JSON.stringify([{ eppo_code: 'LYPES-1' }]) }, 'authorised_crops.0.eppo_code'],
      [{ authorised_crops: JSON.stringify([{ eppo_code: 'LYPES', bbch_min: 100 }]) }, 'authorised_crops.0.bbch_min'],
      [{ authorised_crops: JSON.stringify([{ eppo_code: 'LYPES', bbch_max: -1 }]) }, 'authorised_crops.0.bbch_max'],
      [{ authorised_crops: JSON.stringify([{ eppo_code: 'LYPES', bbch_min: 60, bbch_max: 20 }]) }, 'authorised_crops.0.bbch_max'],
      [{ authorised_crops: JSON.stringify([{ eppo_code: 'LYPES' }, { eppo_code: 'lypes' }]) }, 'authorised_crops'],
      [{ authorised_crops: 'LYPES' }, 'authorised_crops'],
      [{ active_substances: JSON.stringify([{ name: '' }]) }, 'active_substances.0.name'],
      [{ active_substances: JSON.stringify([{ name: 'Abamectin', concentration: -1 }]) }, 'active_substances.0.concentration'],
      [{ active_substances: JSON.stringify([{ name: 'Abamectin', concentration_unit: 'furlongs' }]) }, 'active_substances.0.concentration_unit'],
      [{ unit: 'gallons' }, 'unit'],
      [{ product_type: 'magic' }, 'product_type'],
      [{ max_dose: '-2', max_dose_basis: 'per_ha' }, 'max_dose'],
      [{ max_dose: 'lots', max_dose_basis: 'per_ha' }, 'max_dose'],
      [{ max_dose: '2' }, 'max_dose_basis'],
      [{ max_dose: '2', max_dose_basis: 'per_m2' }, 'max_dose_basis'],
      [{ max_applications_per_cycle: 0 }, 'max_applications_per_cycle'],
      [{ max_applications_per_cycle: 2.5 }, 'max_applications_per_cycle'],
      [{ authorisation_country: 'NLD' }, 'authorisation_country'],
      [{ authorisation_number: 'x'.repeat(101) }, 'authorisation_number'],
      [{ protective_equipment: 'bad\u0000text' }, 'protective_equipment'],
      [{ label: new Blob(['not a pdf at all']) }, 'label'],
      [{ label: 'just text' }, 'label'],
    ];
    for (const [fields, field] of cases) {
      const res = await add(a.admin.auth, a.companyId, { name: 'Bad input', ...fields });
      expect(res.statusCode, `${JSON.stringify(fields)} ${res.body}`).toBe(400);
      expect(res.json().field, JSON.stringify(fields)).toBe(field);
    }
    expect((await add(a.admin.auth, a.companyId, { name: 'Bad input', unit: 'gallons' })).json().message).toBe('unit must be one of L, kg, units.');
    expect((await add(a.admin.auth, a.companyId, { name: 'Bad input', label: new Blob(['nope']) })).json().message).toBe(msg.labelNotPdf);
    expect(await t.app.db.selectFrom('spray_products').select('product_id').where('name', '=', 'Bad input').execute()).toHaveLength(0);
    expect((await label(a.admin.auth, '2147483648')).json().field).toBe('product_id');
  });

  it('lets only admins set the register fields; another company cannot change them', async () => {
    const made = (await add(a.admin.auth, a.companyId, { name: 'Guarded' })).json().product;
    expect((await update(a.regular.auth, made.product_id, { unit: 'kg' })).statusCode).toBe(403);
    expect((await update(b.admin.auth, made.product_id, { unit: 'kg' })).statusCode).toBe(404);
    expect((await update(a.superAdmin.auth, made.product_id, { unit: 'kg' })).json().product.unit).toBe('kg');
    expect((await label({ authorization: '' }, made.product_id)).statusCode).toBe(401);
  });
});
