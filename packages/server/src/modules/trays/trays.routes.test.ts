import { describe, expect, it } from 'vitest';
import { traysMessages as msg } from '@verdant/contract';
import { makeTenant } from '../../test/factories.js';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';
import { seedTraysDemo } from '../../setup/demo/trays-demo.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

const send = (method: 'POST' | 'DELETE', path: string, auth: object, payload: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api${path}`, headers: auth as Record<string, string>, payload });
const form = (path: string, auth: object, fields: Record<string, string | number>) =>
  t.app.inject({
    method: 'POST', url: `/api${path}`,
    headers: { ...(auth as Record<string, string>), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
const get = (path: string, auth: object, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth as Record<string, string>, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const audits = (action: string, entityId: number) =>
  t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).where('entity_id', '=', String(entityId)).execute();

describe('tray templates', () => {
  it('creates (trimmed name), lists with the batch number, uses and deletes a template', async () => {
    const batch = await makeBatch(t.app, a.companyId, { batchNumber: 'TT-1' });
    const made = await send('POST', '/create_tray_template', a.regular.auth, {
      template_name: '  72 cells ', company_id: a.companyId, user_id: a.regular.user_id, number_of_plants: 72, description: ' Domes ', default_batch_id: batch,
    });
    expect(made.statusCode, made.body).toBe(200);
    const template = made.json().template;
    expect(made.json()).toMatchObject({ status: 'success', message: msg.templateCreated });
    expect(template).toMatchObject({ template_name: '72 cells', number_of_plants: 72, description: 'Domes', default_batch_id: batch, default_batch_number: 'TT-1', created_by: a.regular.user_id });
    expect(await audits('tray_template.create', template.template_id)).toHaveLength(1);

    const list = await get('/get_tray_templates', a.regular.auth, { company_id: a.companyId });
    expect(list.json()).toEqual({ status: 'success', templates: [template] });

    const used = await form('/use_tray_template', a.regular.auth, { template_id: template.template_id, company_id: a.companyId, user_id: a.regular.user_id, tray_name: ' Prop 1 ' });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().tray).toMatchObject({ tray_name: 'Prop 1', number_of_plants: 72, batch_id: batch, batch_number: 'TT-1', template_id: template.template_id, template_name: '72 cells' });

    const other = await makeBatch(t.app, a.companyId, { batchNumber: 'TT-2' });
    const withBatch = await send('POST', '/use_tray_template', a.regular.auth, { template_id: template.template_id, company_id: a.companyId, user_id: a.regular.user_id, tray_name: 'Prop 2', batch_id: other });
    expect(withBatch.json().tray).toMatchObject({ batch_id: other, batch_number: 'TT-2' });

    const refused = await send('DELETE', '/delete_tray_template', a.regular.auth, { template_id: template.template_id, company_id: a.companyId });
    expect(refused.statusCode).toBe(403);
    const deleted = await send('DELETE', '/delete_tray_template', a.admin.auth, { template_id: template.template_id, company_id: a.companyId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ status: 'success', message: msg.templateDeleted, template_id: template.template_id });
    expect(await audits('tray_template.delete', template.template_id)).toHaveLength(1);
    const again = await send('DELETE', '/delete_tray_template', a.admin.auth, { template_id: template.template_id, company_id: a.companyId });
    expect(again.statusCode).toBe(404);
    // Trays made from it stay, without the template.
    const trays = (await get('/get_all_trays', a.regular.auth, { company_id: a.companyId })).json().trays;
    expect(trays.find((x: { tray_name: string }) => x.tray_name === 'Prop 1')).toMatchObject({ template_id: null, template_name: null });
  });

  it('refuses a blank name, a plant count of 0 or less, and missing fields, naming the field', async () => {
    const base = { template_name: 'T', company_id: a.companyId, user_id: a.admin.user_id, number_of_plants: 5 };
    for (const [patch, field, message] of [
      [{ template_name: '   ' }, 'template_name', 'template_name is required.'],
      [{ number_of_plants: 0 }, 'number_of_plants', 'number_of_plants must be greater than 0.'],
      [{ number_of_plants: -3 }, 'number_of_plants', 'number_of_plants must be greater than 0.'],
      [{ number_of_plants: 2.5 }, 'number_of_plants', 'number_of_plants must be a whole number.'],
      [{ number_of_plants: undefined }, 'number_of_plants', 'number_of_plants is required.'],
      [{ user_id: undefined }, 'user_id', 'user_id is required.'],
    ] as const) {
      const res = await send('POST', '/create_tray_template', a.admin.auth, { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message, field });
    }
    const use = await send('POST', '/use_tray_template', a.admin.auth, { template_id: 1, company_id: a.companyId, user_id: a.admin.user_id, tray_name: ' ' });
    expect(use.json()).toMatchObject({ message: 'tray_name is required.', field: 'tray_name' });
  });

  it("keeps to the caller's company: other company 403, its batch and template 404, its user 404", async () => {
    const theirs = await makeBatch(t.app, b.companyId);
    const base = { template_name: 'T', company_id: a.companyId, user_id: a.admin.user_id, number_of_plants: 5 };
    expect((await send('POST', '/create_tray_template', a.admin.auth, { ...base, company_id: b.companyId })).statusCode).toBe(403);
    expect((await send('POST', '/create_tray_template', a.admin.auth, { ...base, default_batch_id: theirs })).statusCode).toBe(404);
    expect((await send('POST', '/create_tray_template', a.admin.auth, { ...base, user_id: b.admin.user_id })).statusCode).toBe(404);
    const theirTemplate = (await send('POST', '/create_tray_template', b.admin.auth, { ...base, company_id: b.companyId, user_id: b.admin.user_id })).json().template;
    const use = await send('POST', '/use_tray_template', a.admin.auth, { template_id: theirTemplate.template_id, company_id: a.companyId, user_id: a.admin.user_id, tray_name: 'X' });
    expect(use.statusCode).toBe(404);
    const del = await send('DELETE', '/delete_tray_template', a.admin.auth, { template_id: theirTemplate.template_id, company_id: a.companyId });
    expect(del.statusCode).toBe(404);
    expect((await get('/get_tray_templates', a.admin.auth, { company_id: b.companyId })).statusCode).toBe(403);
    const mine = (await get('/get_tray_templates', a.admin.auth, { company_id: a.companyId })).json().templates;
    expect(mine.some((x: { template_id: number }) => x.template_id === theirTemplate.template_id)).toBe(false);
  });

  it('skips a harvested default batch when the template is used, and refuses one that is named', async () => {
    const harvested = await makeBatch(t.app, a.companyId, { harvested: true });
    const open = await makeBatch(t.app, a.companyId);
    const template = (await send('POST', '/create_tray_template', a.admin.auth, { template_name: 'Later harvested', company_id: a.companyId, user_id: a.admin.user_id, number_of_plants: 9, default_batch_id: open })).json().template;
    const refused = await send('POST', '/create_tray_template', a.admin.auth, { template_name: 'X', company_id: a.companyId, user_id: a.admin.user_id, number_of_plants: 9, default_batch_id: harvested });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(msg.harvestedBatch);
    await t.app.db.updateTable('batches').set({ harvested_at: new Date() }).where('batch_id', '=', open).execute();
    const used = await send('POST', '/use_tray_template', a.admin.auth, { template_id: template.template_id, company_id: a.companyId, user_id: a.admin.user_id, tray_name: 'After harvest' });
    expect(used.json().tray).toMatchObject({ batch_id: null, number_of_plants: 9 });
    const named = await send('POST', '/use_tray_template', a.admin.auth, { template_id: template.template_id, company_id: a.companyId, user_id: a.admin.user_id, tray_name: 'X', batch_id: harvested });
    expect(named.statusCode).toBe(409);
  });
});

describe('trays', () => {
  it('creates, lists, updates only what was sent, and deletes a tray, with audit events', async () => {
    const batch = await makeBatch(t.app, a.companyId, { batchNumber: 'TR-1' });
    const made = await form('/create_tray', a.regular.auth, { tray_name: '  Bench tray ', company_id: a.companyId, user_id: a.regular.user_id, number_of_plants: 24, batch_id: batch });
    expect(made.statusCode, made.body).toBe(200);
    const tray = made.json().tray;
    expect(made.json()).toMatchObject({ status: 'success', message: msg.trayCreated });
    expect(tray).toMatchObject({ tray_name: 'Bench tray', number_of_plants: 24, batch_id: batch, batch_number: 'TR-1', template_id: null });
    expect(await audits('tray.create', tray.tray_id)).toHaveLength(1);

    const list = (await get('/get_all_trays', a.regular.auth, { company_id: a.companyId })).json();
    expect(list.status).toBe('success');
    expect(list.trays.find((x: { tray_id: number }) => x.tray_id === tray.tray_id)).toEqual(tray);

    const renamed = await send('POST', '/update_tray', a.regular.auth, { tray_id: tray.tray_id, company_id: a.companyId, tray_name: ' Renamed ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().tray).toMatchObject({ tray_name: 'Renamed', number_of_plants: 24, batch_id: batch });
    const counted = await send('POST', '/update_tray', a.regular.auth, { tray_id: tray.tray_id, company_id: a.companyId, number_of_plants: '30' });
    expect(counted.json().tray).toMatchObject({ tray_name: 'Renamed', number_of_plants: 30, batch_id: batch });
    const unlinked = await send('POST', '/update_tray', a.regular.auth, { tray_id: tray.tray_id, company_id: a.companyId, batch_id: null });
    expect(unlinked.json().tray).toMatchObject({ batch_id: null, batch_number: null });
    const [update] = await audits('tray.update', tray.tray_id);
    expect(update!.after).toEqual({ tray_name: 'Renamed' });

    const deleted = await send('POST', '/delete_tray', a.regular.auth, { tray_id: tray.tray_id, company_id: a.companyId });
    expect(deleted.json()).toEqual({ status: 'success', message: msg.trayDeleted, tray_id: tray.tray_id });
    expect(await audits('tray.delete', tray.tray_id)).toHaveLength(1);
    expect((await send('POST', '/delete_tray', a.regular.auth, { tray_id: tray.tray_id, company_id: a.companyId })).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const base = { tray_name: 'T', company_id: a.companyId, user_id: a.admin.user_id, number_of_plants: 5 };
    for (const [patch, field, message] of [
      [{ tray_name: ' ' }, 'tray_name', 'tray_name is required.'],
      [{ number_of_plants: 0 }, 'number_of_plants', 'number_of_plants must be greater than 0.'],
      [{ number_of_plants: 'many' }, 'number_of_plants', 'number_of_plants must be a number.'],
      [{ batch_id: 'x' }, 'batch_id', 'batch_id must be a number.'],
    ] as const) {
      const res = await send('POST', '/create_tray', a.admin.auth, { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json()).toMatchObject({ message, field });
    }
    const tray = (await send('POST', '/create_tray', a.admin.auth, base)).json().tray;
    const zero = await send('POST', '/update_tray', a.admin.auth, { tray_id: tray.tray_id, company_id: a.companyId, number_of_plants: 0 });
    expect(zero.json()).toMatchObject({ message: 'number_of_plants must be greater than 0.', field: 'number_of_plants' });
    const blank = await send('POST', '/update_tray', a.admin.auth, { tray_id: tray.tray_id, company_id: a.companyId, tray_name: '   ', number_of_plants: '' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().tray).toMatchObject({ tray_name: 'T', number_of_plants: 5 });
    const noId = await send('POST', '/update_tray', a.admin.auth, { company_id: a.companyId });
    expect(noId.json()).toMatchObject({ message: 'tray_id is required.', field: 'tray_id' });
  });

  it("keeps to the caller's company and refuses a harvested batch", async () => {
    const theirs = await makeBatch(t.app, b.companyId);
    const harvested = await makeBatch(t.app, a.companyId, { harvested: true });
    const base = { tray_name: 'T', company_id: a.companyId, user_id: a.admin.user_id, number_of_plants: 5 };
    expect((await send('POST', '/create_tray', a.admin.auth, { ...base, company_id: b.companyId })).statusCode).toBe(403);
    expect((await send('POST', '/create_tray', a.admin.auth, { ...base, batch_id: theirs })).statusCode).toBe(404);
    expect((await send('POST', '/create_tray', a.admin.auth, { ...base, batch_id: harvested })).statusCode).toBe(409);
    const theirTray = (await send('POST', '/create_tray', b.admin.auth, { ...base, company_id: b.companyId, user_id: b.admin.user_id })).json().tray;
    expect((await send('POST', '/update_tray', a.admin.auth, { tray_id: theirTray.tray_id, company_id: a.companyId, tray_name: 'Mine' })).statusCode).toBe(404);
    expect((await send('POST', '/delete_tray', a.admin.auth, { tray_id: theirTray.tray_id, company_id: a.companyId })).statusCode).toBe(404);
    expect((await get('/get_all_trays', a.admin.auth, { company_id: b.companyId })).statusCode).toBe(403);
    const mine = (await get('/get_all_trays', a.admin.auth, { company_id: a.companyId })).json().trays;
    expect(mine.some((x: { tray_id: number }) => x.tray_id === theirTray.tray_id)).toBe(false);
    const tray = (await send('POST', '/create_tray', a.admin.auth, base)).json().tray;
    expect((await send('POST', '/update_tray', a.admin.auth, { tray_id: tray.tray_id, company_id: a.companyId, batch_id: harvested })).statusCode).toBe(409);
    expect((await send('POST', '/update_tray', a.admin.auth, { tray_id: tray.tray_id, company_id: a.companyId, batch_id: theirs })).statusCode).toBe(404);
  });
});

describe('seedTraysDemo', () => {
  it('makes three templates and five trays, linked to open batches when there are some', async () => {
    const c = await makeTenant(t.app);
    await seedTraysDemo(t.app, { companyId: c.companyId, userId: c.superAdmin.user_id });
    const trays = (await get('/get_all_trays', c.regular.auth, { company_id: c.companyId })).json().trays;
    expect(trays).toHaveLength(5);
    expect(trays.every((x: { batch_id: number | null }) => x.batch_id === null)).toBe(true);

    const d = await makeTenant(t.app);
    await makeBatch(t.app, d.companyId, { harvested: true });
    const open = await makeBatch(t.app, d.companyId);
    await seedTraysDemo(t.app, { companyId: d.companyId, userId: d.superAdmin.user_id });
    const templates = (await get('/get_tray_templates', d.regular.auth, { company_id: d.companyId })).json().templates;
    expect(templates).toHaveLength(3);
    const linked = (await get('/get_all_trays', d.regular.auth, { company_id: d.companyId })).json().trays.filter((x: { batch_id: number | null }) => x.batch_id !== null);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.every((x: { batch_id: number }) => x.batch_id === open)).toBe(true);
  });
});
