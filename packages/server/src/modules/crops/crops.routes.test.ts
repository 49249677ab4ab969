import { describe, expect, it } from 'vitest';
import { cropsMessages as msg, DEFAULT_CROPS } from '@verdant/contract';
import { batchForm } from '../../test/fixtures/batches.test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = { authorization: string };
const list = async (auth: Auth, companyId: number) => t.app.inject({ method: 'GET', url: '/api/crops', query: { company_id: String(companyId) }, headers: auth });
const save = (auth: Auth, companyId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/crops/save', query: { company_id: String(companyId) }, headers: auth, payload });
const remove = (auth: Auth, companyId: number, cropId: number | string) =>
  t.app.inject({ method: 'DELETE', url: '/api/crops/delete', query: { company_id: String(companyId), crop_id: String(cropId) }, headers: auth });
const createBatch = (auth: Auth, fields: Record<string, string | number | null>) =>
  t.app.inject({ method: 'POST', url: '/api/create_batch', headers: auth, payload: batchForm(fields) });
const updateBatch = (auth: Auth, batchId: number, companyId: number, fields: Record<string, string | number | null>) =>
  t.app.inject({ method: 'PUT', url: `/api/update_batches?batch_id=${batchId}&company_id=${companyId}`, headers: auth, payload: batchForm(fields) });

describe('crops', () => {
  it('seeds the defaults once at the first read, even with two first reads at the same moment', async () => {
    const [one, two] = await Promise.all([list(a.regular.auth, a.companyId), list(a.admin.auth, a.companyId)]);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().crops).toEqual(two.json().crops);
    const crops = one.json().crops as Array<{ name: string; eppo_code: string; batch_count: number }>;
    expect(crops).toHaveLength(DEFAULT_CROPS.length);
    expect(crops).toContainEqual(expect.objectContaining({ name: 'Tomato', eppo_code: 'LYPES', batch_count: 0 }));
    expect(crops).toContainEqual(expect.objectContaining({ name: 'Sweet pepper', eppo_code: 'CPSAN' }));
  });

  it('adds, renames and deletes; names unique whatever their case; deleting every crop does not bring the defaults back; audited', async () => {
    const added = await save(a.admin.auth, a.companyId, { name: 'Cherry tomato', eppo_code: 'lypes' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ message: msg.saved, crop: { name: 'Cherry tomato', eppo_code: 'LYPES', batch_count: 0 } });
    const id = added.json().crop.crop_id;
    const taken = await save(a.admin.auth, a.companyId, { name: 'cherry TOMATO', eppo_code: 'LYPES' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: msg.nameTaken, field: 'name' });
    const renamed = await save(a.admin.auth, a.companyId, { crop_id: id, name: 'Vine tomato', eppo_code: 'LYPES' });
    expect(renamed.json().crop).toMatchObject({ crop_id: id, name: 'Vine tomato' });
    for (const c of (await list(a.admin.auth, a.companyId)).json().crops) expect((await remove(a.admin.auth, a.companyId, c.crop_id)).statusCode).toBe(200);
    expect((await list(a.admin.auth, a.companyId)).json().crops).toEqual([]);
    const actions = await t.app.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'crop').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(actions.map((x) => x.action)).toEqual(['crop.create', 'crop.update', 'crop.delete']);
  });

  it('links a batch to a crop, refuses deleting a crop in use with a clear message, clears the link', async () => {
    const crop = (await save(a.admin.auth, a.companyId, { name: 'Cucumber mini', eppo_code: 'CUMSA' })).json().crop;
    const made = await createBatch(a.admin.auth, { BatchNumber: 'C-1', company_id: a.companyId, CropID: crop.crop_id });
    expect(made.statusCode, made.body).toBe(200);
    const batch = made.json().batch;
    expect(batch.CropID).toBe(crop.crop_id);
    expect((await list(a.admin.auth, a.companyId)).json().crops).toContainEqual(expect.objectContaining({ crop_id: crop.crop_id, batch_count: 1 }));
    const refused = await remove(a.admin.auth, a.companyId, crop.crop_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: msg.inUse(1), field: 'crop_id' });
    // An update without CropID leaves it; blank clears it.
    expect((await updateBatch(a.admin.auth, batch.BatchID, a.companyId, { StrainName: 'Picolino' })).json().batch.CropID).toBe(crop.crop_id);
    expect((await updateBatch(a.admin.auth, batch.BatchID, a.companyId, { CropID: '' })).json().batch.CropID).toBeNull();
    expect((await remove(a.admin.auth, a.companyId, crop.crop_id)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'X', eppo_code: 'TOM' }, 'eppo_code'],
      [{ name: 'X', eppo_code: 'LYPES!' }, 'eppo_code'],
      [{ name: 'X', eppo_code: 'LYPESXX' }, 'eppo_code'],
      [{ name: ' ', eppo_code: 'LYPES' }, 'name'],
      [{ name: 'x'.repeat(101), eppo_code: 'LYPES' }, 'name'],
      [{ eppo_code: 'LYPES' }, 'name'],
      [{ name: 'X' }, 'eppo_code'],
      [{ name: 'bad\u0000', eppo_code: 'LYPES' }, 'name'],
      [{ crop_id: 2147483648, name: 'X', eppo_code: 'LYPES' }, 'crop_id'],
    ];
    for (const [body, field] of cases) {
      const res = await save(a.admin.auth, a.companyId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await save(a.admin.auth, a.companyId, { name: 'X', eppo_code: 'TOM' })).json().message).toBe('eppo_code must be an EPPO code (5 or 6 capital letters or digits, e.g. LYPES).');
    expect((await remove(a.admin.auth, a.companyId, 'abc')).json().field).toBe('crop_id');
    const badBatch = await createBatch(a.admin.auth, { BatchNumber: 'C-bad', company_id: a.companyId, CropID: -3 });
    expect(badBatch.json().field).toBe('CropID');
  });

  it("keeps companies apart and lets only admins change the list", async () => {
    const theirs = (await save(b.admin.auth, b.companyId, { name: 'Their crop', eppo_code: 'FRAAN' })).json().crop;
    expect((await list(a.admin.auth, b.companyId)).statusCode).toBe(403);
    expect((await save(a.admin.auth, a.companyId, { crop_id: theirs.crop_id, name: 'Mine', eppo_code: 'FRAAN' })).statusCode).toBe(404);
    expect((await remove(a.admin.auth, a.companyId, theirs.crop_id)).statusCode).toBe(404);
    expect((await createBatch(a.admin.auth, { BatchNumber: 'Theirs?', company_id: a.companyId, CropID: theirs.crop_id })).statusCode).toBe(404);
    expect((await list(a.admin.auth, a.companyId)).body).not.toContain('Their crop');
    expect((await save(a.regular.auth, a.companyId, { name: 'By regular', eppo_code: 'LACSA' })).statusCode).toBe(403);
    const mine = (await save(a.superAdmin.auth, a.companyId, { name: 'By super admin', eppo_code: 'LACSA' })).json().crop;
    expect((await remove(a.regular.auth, a.companyId, mine.crop_id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/crops', query: { company_id: String(a.companyId) } })).statusCode).toBe(401);
  });
});
