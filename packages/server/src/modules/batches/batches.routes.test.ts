import { describe, expect, it } from 'vitest';
import { batchesMessages as msg } from '@verdant/contract';
import { batchForm, formBody, postBatch } from '../../test/fixtures/batches.test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

const create = (headers: Record<string, string>, fields: Record<string, string | number | null>) =>
  t.app.inject({ method: 'POST', url: '/api/create_batch', headers, payload: batchForm(fields) });
const update = (headers: Record<string, string>, batchId: number, companyId: number, fields: Record<string, string | number | null>) =>
  t.app.inject({ method: 'PUT', url: `/api/update_batches?batch_id=${batchId}&company_id=${companyId}`, headers, payload: batchForm(fields) });
const audits = (entityId: number, action: string) =>
  t.app.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'batch').where('entity_id', '=', String(entityId)).where('action', '=', action).execute();

describe('POST /create_batch', () => {
  it('creates a batch with every field, history and an audit event; any role may', async () => {
    const res = await create(a.regular.auth, {
      BatchNumber: '  WW-001 ', NumberOfPlants: '48', StrainName: 'White Widow', BatchStatus: 'propagation', Color: '#2E7D32',
      company_id: a.companyId, PreBooks: '12', StartDate: '2026-03-01', EndDate: '2026-06-30',
    });
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json().batch;
    expect(batch).toMatchObject({
      BatchNumber: 'WW-001', NumberOfPlants: 48, StrainName: 'White Widow', BatchStatus: 'Propagation', Color: '#2E7D32',
      company_id: a.companyId, PreBooks: 12, StartDate: '2026-03-01', EndDate: '2026-06-30', Harvested: false,
    });
    const history = await t.app.db.selectFrom('batch_status_history').selectAll().where('batch_id', '=', batch.BatchID).execute();
    expect(history.map((h) => [h.from_status, h.to_status])).toEqual([[null, 'Propagation']]);
    expect(await audits(batch.BatchID, 'batch.created')).toHaveLength(1);
  });

  it('defaults: status Planned, no dates when empty, 0 plants', async () => {
    const res = await create(a.admin.auth, { BatchNumber: 'DEF-1', company_id: a.companyId, StartDate: '', EndDate: 'null', Color: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().batch).toMatchObject({ BatchStatus: 'Planned', StartDate: null, EndDate: null, Color: null, NumberOfPlants: 0 });
  });

  it.each([
    [{}, 'BatchNumber', 'BatchNumber is required.'],
    [{ BatchNumber: 'X', NumberOfPlants: '-1' }, 'NumberOfPlants', 'NumberOfPlants must be 0 or more.'],
    [{ BatchNumber: 'X', NumberOfPlants: '2.5' }, 'NumberOfPlants', 'NumberOfPlants must be a whole number.'],
    [{ BatchNumber: 'X', Color: 'green' }, 'Color', 'Color must be a colour as #RRGGBB.'],
    [{ BatchNumber: 'X', StartDate: '01/03/2026' }, 'StartDate', 'StartDate must be a date as YYYY-MM-DD.'],
    [{ BatchNumber: 'X', StartDate: '2026-02-30' }, 'StartDate', 'StartDate must be a real calendar date.'],
    [{ BatchNumber: 'X', StartDate: '2026-05-01', EndDate: '2026-04-30' }, 'EndDate', msg.endBeforeStart],
  ] as Array<[Record<string, string>, string, string]>)('%o → 400 naming %s', async (fields, field, message) => {
    const res = await create(a.admin.auth, { company_id: a.companyId, ...fields });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field, message });
  });

  it('an unknown status is a 400 listing the choices; a custom status is accepted', async () => {
    const bad = await create(a.admin.auth, { BatchNumber: 'ST-1', company_id: a.companyId, BatchStatus: 'Drying' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('BatchStatus');
    expect(bad.json().message).toContain('Planned, Propagation');
    await t.app.inject({ method: 'POST', url: '/api/create_custom_batch_status', headers: a.admin.auth, payload: { company_id: a.companyId, status_name: 'Drying' } });
    const good = await create(a.admin.auth, { BatchNumber: 'ST-1', company_id: a.companyId, BatchStatus: 'drying' });
    expect(good.json().batch.BatchStatus).toBe('Drying');
  });

  it('a BatchNumber already used in the company (any case) is a 409; another company may use it', async () => {
    await postBatch(t.app, a.admin.auth, a.companyId, { BatchNumber: 'DUP-7' });
    const again = await create(a.admin.auth, { BatchNumber: 'dup-7', company_id: a.companyId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(msg.numberTaken);
    expect((await create(b.admin.auth, { BatchNumber: 'DUP-7', company_id: b.companyId })).statusCode).toBe(200);
  });

  it("another company's company_id → 403", async () => {
    expect((await create(b.admin.auth, { BatchNumber: 'Z', company_id: a.companyId })).statusCode).toBe(403);
  });
});

describe('GET /get_batches, PUT /update_batches, DELETE /delete_batches', () => {
  it('lists only the company batches as a bare array', async () => {
    const mine = await postBatch(t.app, a.admin.auth, a.companyId);
    const res = await t.app.inject({ method: 'GET', url: `/api/get_batches?company_id=${a.companyId}`, headers: a.regular.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((x: { BatchID: number }) => x.BatchID)).toContain(mine.BatchID);
    expect(list.every((x: { company_id: number }) => x.company_id === a.companyId)).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: `/api/get_batches?company_id=${a.companyId}`, headers: b.admin.auth });
    expect(other.statusCode).toBe(403);
  });

  it('updates the fields sent; a status change writes history and a status audit event', async () => {
    const made = await postBatch(t.app, a.admin.auth, a.companyId, { StrainName: 'Kush', StartDate: '2026-01-10' });
    const res = await update(a.regular.auth, made.BatchID, a.companyId, { BatchStatus: 'Vegetative', NumberOfPlants: 30, EndDate: '2026-04-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().batch).toMatchObject({ BatchStatus: 'Vegetative', NumberOfPlants: 30, StrainName: 'Kush', StartDate: '2026-01-10', EndDate: '2026-04-01' });
    const history = await t.app.db.selectFrom('batch_status_history').selectAll().where('batch_id', '=', made.BatchID).orderBy('id').execute();
    expect(history.map((h) => h.to_status)).toEqual(['Planned', 'Vegetative']);
    expect(await audits(made.BatchID, 'batch.status_changed')).toHaveLength(1);
    const early = await update(a.admin.auth, made.BatchID, a.companyId, { EndDate: '2026-01-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().field).toBe('EndDate');
    const cleared = await update(a.admin.auth, made.BatchID, a.companyId, { StartDate: '' });
    expect(cleared.json().batch.StartDate).toBeNull();
  });

  it("another company's batch → 404; renaming onto a taken number → 409", async () => {
    const one = await postBatch(t.app, a.admin.auth, a.companyId, { BatchNumber: 'REN-1' });
    await postBatch(t.app, a.admin.auth, a.companyId, { BatchNumber: 'REN-2' });
    expect((await update(a.admin.auth, one.BatchID, a.companyId, { BatchNumber: 'ren-2' })).statusCode).toBe(409);
    const theirs = await postBatch(t.app, b.admin.auth, b.companyId);
    expect((await update(a.admin.auth, theirs.BatchID, a.companyId, { StrainName: 'x' })).statusCode).toBe(404);
  });

  it('delete: Regular → 403; Admin deletes with an audit event holding the batch', async () => {
    const made = await postBatch(t.app, a.admin.auth, a.companyId);
    const url = `/api/delete_batches?batch_id=${made.BatchID}&company_id=${a.companyId}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: a.regular.auth })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url, headers: a.admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: msg.deleted });
    const [event] = await audits(made.BatchID, 'batch.deleted');
    expect(event!.before).toMatchObject({ BatchID: made.BatchID });
    expect((await t.app.inject({ method: 'DELETE', url, headers: a.admin.auth })).statusCode).toBe(404);
  });
});

describe('POST /harvest_batch', () => {
  it('records who, when and the weights; harvesting twice and later status or link changes → 409', async () => {
    const made = await postBatch(t.app, a.admin.auth, a.companyId, { BatchStatus: 'Ready' });
    const url = `/api/harvest_batch?batch_id=${made.BatchID}&company_id=${a.companyId}&user_id=${a.regular.user_id}&wet_weight=12.5&dry_weight=3.1&unit=kg`;
    const res = await t.app.inject({ method: 'POST', url, headers: a.regular.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().batch).toMatchObject({ BatchStatus: 'Harvested', Harvested: true, HarvestedBy: a.regular.user_id, HarvestWetWeight: 12.5, HarvestDryWeight: 3.1, HarvestUnit: 'kg' });
    expect(await audits(made.BatchID, 'batch.harvested')).toHaveLength(1);

    const twice = await t.app.inject({ method: 'POST', url, headers: a.regular.auth });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(msg.harvestedReadOnly);
    const status = await update(a.admin.auth, made.BatchID, a.companyId, { BatchStatus: 'Flowering' });
    expect(status.statusCode).toBe(409);
    expect((await update(a.admin.auth, made.BatchID, a.companyId, { StrainName: 'Renamed after harvest' })).statusCode).toBe(200);
    const room = await t.app.db.insertInto('rooms').values({ company_id: a.companyId, name: 'Late room' }).returning('room_id').executeTakeFirstOrThrow();
    const link = await t.app.inject({ method: 'POST', url: `/api/link_room_batch?room_id=${room.room_id}&batch_id=${made.BatchID}`, headers: a.admin.auth });
    expect(link.statusCode).toBe(409);
  });

  it('a weight without unit, a bad unit, a user of another company, another company', async () => {
    const made = await postBatch(t.app, a.admin.auth, a.companyId);
    const base = `/api/harvest_batch?batch_id=${made.BatchID}&company_id=${a.companyId}`;
    const noUnit = await t.app.inject({ method: 'POST', url: `${base}&wet_weight=3`, headers: a.admin.auth });
    expect(noUnit.json()).toMatchObject({ field: 'unit' });
    expect((await t.app.inject({ method: 'POST', url: `${base}&unit=ton`, headers: a.admin.auth })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${base}&user_id=${b.admin.user_id}`, headers: a.admin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: base, headers: b.admin.auth })).statusCode).toBe(403);
  });
});

describe('statuses', () => {
  it('assign_status_to_batches changes all listed batches; a foreign id → 404 and nothing changes; harvested → 409', async () => {
    const one = await postBatch(t.app, a.admin.auth, a.companyId);
    const two = await postBatch(t.app, a.admin.auth, a.companyId);
    const theirs = await postBatch(t.app, b.admin.auth, b.companyId);
    const assign = (ids: number[], status = 'Flowering', headers = a.regular.auth) =>
      t.app.inject({
        method: 'POST', url: `/api/assign_status_to_batches?company_id=${a.companyId}`,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ batch_status: status, batch_ids: ids.join(',') }),
      });
    const foreign = await assign([one.BatchID, theirs.BatchID]);
    expect(foreign.statusCode).toBe(404);
    const rows = await t.app.db.selectFrom('batches').select('batch_status').where('batch_id', 'in', [one.BatchID, theirs.BatchID]).execute();
    expect(rows.map((r) => r.batch_status)).toEqual(['Planned', 'Planned']);

    const res = await assign([one.BatchID, two.BatchID]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ batch_status: 'Flowering', changed: 2, batch_ids: [one.BatchID, two.BatchID] });
    expect(await audits(one.BatchID, 'batch.status_changed')).toHaveLength(1);

    expect((await assign([one.BatchID], 'Nope')).json()).toMatchObject({ field: 'batch_status' });
    const empty = await assign([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('batch_ids');

    await t.app.inject({ method: 'POST', url: `/api/harvest_batch?batch_id=${two.BatchID}&company_id=${a.companyId}`, headers: a.admin.auth });
    expect((await assign([one.BatchID, two.BatchID], 'Ready')).statusCode).toBe(409);
    expect((await t.app.db.selectFrom('batches').select('batch_status').where('batch_id', '=', one.BatchID).executeTakeFirst())!.batch_status).toBe('Flowering');
  });

  it('with expected_status, a batch changed by someone else meanwhile refuses the change (409 naming it) and nothing changes', async () => {
    const one = await postBatch(t.app, a.admin.auth, a.companyId);
    const two = await postBatch(t.app, a.admin.auth, a.companyId);
    const assign = (ids: number[], status: string, expected?: string) =>
      t.app.inject({
        method: 'POST', url: `/api/assign_status_to_batches?company_id=${a.companyId}`,
        headers: { ...a.regular.auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ batch_status: status, batch_ids: ids.join(','), ...(expected ? { expected_status: expected } : {}) }),
      });
    // A colleague moved batch two on; the scout, who saw both Planned, sends Vegetative for both.
    expect((await assign([two.BatchID], 'Flowering')).statusCode).toBe(200);
    const late = await assign([one.BatchID, two.BatchID], 'Vegetative', 'Planned');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`The status of batch ${two.BatchNumber} was changed to "Flowering" by someone else meanwhile.`);
    expect(late.headers['verdant-current-value']).toBe('Flowering');
    const rows = await t.app.db.selectFrom('batches').select('batch_status').where('batch_id', 'in', [one.BatchID, two.BatchID]).orderBy('batch_id').execute();
    expect(rows.map((r) => r.batch_status)).toEqual(['Planned', 'Flowering']);
    // Already at the new status is no conflict; what the user saw still there goes through.
    expect((await assign([two.BatchID], 'Flowering', 'Planned')).statusCode).toBe(200);
    expect((await assign([one.BatchID], 'Vegetative', 'planned')).json()).toMatchObject({ changed: 1 });
  });

  it('custom statuses: create, list, built-in and duplicate names 409, in use 409, Regular cannot delete', async () => {
    const post = (status_name: string) =>
      t.app.inject({ method: 'POST', url: '/api/create_custom_batch_status', headers: a.regular.auth, payload: { company_id: a.companyId, status_name } });
    const made = await post('Curing');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().custom_status.status_name).toBe('Curing');
    expect((await post('curing')).statusCode).toBe(409);
    expect((await post('harvested')).json().message).toBe(msg.statusIsBuiltIn);
    expect((await post('')).json()).toMatchObject({ field: 'status_name' });

    const list = await t.app.inject({ method: 'GET', url: `/api/get_custom_batch_statuses?company_id=${a.companyId}`, headers: a.regular.auth });
    expect(list.json().custom_statuses.map((s: { status_name: string }) => s.status_name)).toContain('Curing');
    expect(list.json().built_in_statuses).toContain('Destroyed');

    const used = await postBatch(t.app, a.admin.auth, a.companyId, { BatchStatus: 'Curing' });
    const filtered = await t.app.inject({ method: 'GET', url: `/api/filter_batches_by_status?company_id=${a.companyId}&status_name=curing`, headers: a.regular.auth });
    expect(filtered.json().batches.map((x: { BatchID: number }) => x.BatchID)).toEqual([used.BatchID]);

    const del = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/delete_custom_batch_status?company_id=${a.companyId}&status_name=Curing`, headers });
    expect((await del(a.regular.auth)).statusCode).toBe(403);
    expect((await del(a.admin.auth)).json().message).toBe(msg.statusInUse);
    await update(a.admin.auth, used.BatchID, a.companyId, { BatchStatus: 'Ready' });
    expect((await del(a.admin.auth)).statusCode).toBe(200);
    expect((await del(a.admin.auth)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/get_custom_batch_statuses?company_id=${a.companyId}`, headers: b.admin.auth })).statusCode).toBe(403);
  });
});
