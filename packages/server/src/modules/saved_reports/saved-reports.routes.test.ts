import { describe, expect, it } from 'vitest';
import { REPORT_TYPES, SAVED_REPORTS_PER_COMPANY_MAX, savedReportsMessages as msg } from '@verdant/contract';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';
import { makePlace } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = Record<string, string>;
const send = (method: 'POST' | 'DELETE', path: string, auth: Auth, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({ method, url: `/api${path}`, headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
const get = (path: string, auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const audits = (action: string, entityId: number) =>
  t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).where('entity_id', '=', String(entityId)).execute();

let counter = 0;
const report = (tenant: Tenant, patch: Record<string, unknown> = {}) => ({
  company_id: tenant.companyId,
  room_ids: [],
  report_name: `Weekly pressure ${++counter}`,
  chart_type: 'LineChart',
  report_data: [{ bucket: '2026-03-02', Aphids: 3 }, { bucket: '2026-03-09', Aphids: 5 }],
  filters: { date_option: 'weeks_ago', weeks_ago: 3 },
  report_type: 'trends',
  ...patch,
});
async function saved(tenant: Tenant, auth: Auth, patch: Record<string, unknown> = {}) {
  const res = await send('POST', '/save_report', auth, report(tenant, patch));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report as { report_id: number; report_name: string };
}
const dashboard = async (tenant: Tenant) =>
  ((await get('/get_dashboard_reports', tenant.regular.auth, { company_id: tenant.companyId })).json().reports as { slot: number; report_id: number }[])
    .map((r) => [r.slot, r.report_id]);

describe('save_report', () => {
  it('saves a report with its rooms, filters and data, lists it without data and reads it in full', async () => {
    const place = await makePlace(t.app, a.companyId, 1, 1, 'Saved room');
    const batch = await makeBatch(t.app, a.companyId);
    const body = report(a, {
      report_name: '  Thrips by week  ', room_ids: [place.roomId, place.roomId],
      filters: { date_option: 'date_range', start_date: '2026-03-02', end_date: '2026-03-29', problems: ['Thrips'], batch_id: batch, stacked: true },
    });
    const res = await send('POST', '/save_report', a.regular.auth, body);
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().report;
    expect(res.json()).toMatchObject({ status: 'success', message: msg.reportSaved });
    expect(made).toMatchObject({
      company_id: a.companyId, report_name: 'Thrips by week', chart_type: 'LineChart', report_type: 'trends', room_ids: [place.roomId],
      filters: body.filters, data_points: 2, report_data: body.report_data, created_by: a.regular.user_id, dashboard_slot: null,
    });
    expect(made.created_by_name).toEqual(expect.any(String));
    expect(await audits('saved_report.create', made.report_id)).toHaveLength(1);

    const list = (await get('/get_saved_reports', a.regular.auth, { company_id: a.companyId })).json();
    const { report_data: _data, ...summary } = made;
    expect(list.reports[0]).toEqual(summary);
    expect(list.report).toBeUndefined();
    const one = (await get('/get_saved_reports', a.admin.auth, { company_id: a.companyId, report_id: made.report_id })).json();
    expect(one).toEqual({ status: 'success', reports: [summary], report: made });
  });

  it('defaults report_type to trends and takes empty data, no filters and an empty room list', async () => {
    const made = await saved(a, a.admin.auth, { report_type: undefined, filters: undefined, report_data: [] });
    expect(made).toMatchObject({ report_type: 'trends', filters: {}, data_points: 0, room_ids: [] });
  });

  it('accepts every report kind and chart type the builder offers', async () => {
    const info = (await get('/get_report_info', a.regular.auth, { company_id: a.companyId })).json();
    expect(info.report_types.map((k: { report_type: string }) => k.report_type)).toEqual([...REPORT_TYPES]);
    for (const chart of info.chart_types) await saved(a, a.admin.auth, { chart_type: chart, report_type: REPORT_TYPES[counter % REPORT_TYPES.length] });
  });

  it('refuses missing and malformed fields, naming them', async () => {
    for (const [patch, field, message] of [
      [{ company_id: undefined }, 'company_id', 'company_id is required.'],
      [{ report_name: '   ' }, 'report_name', 'report_name is required.'],
      [{ report_name: undefined }, 'report_name', 'report_name is required.'],
      [{ report_name: 'x'.repeat(201) }, 'report_name', 'report_name must be at most 200 characters.'],
      [{ chart_type: undefined }, 'chart_type', 'chart_type is required.'],
      [{ chart_type: 'Radar' }, 'chart_type', 'chart_type must be one of LineChart, BarChart, AreaChart, PieChart, Table.'],
      [{ report_data: undefined }, 'report_data', 'report_data is required.'],
      [{ report_data: 'rows' }, 'report_data', 'report_data must be a list.'],
      [{ room_ids: undefined }, 'room_ids', 'room_ids is required.'],
      [{ room_ids: '1,2' }, 'room_ids', 'room_ids must be a list of room ids.'],
      [{ room_ids: [2 ** 31] }, 'room_ids.0', 'room_ids.0 must be at most 2147483647.'],
      [{ report_type: 'horoscope' }, 'report_type', `report_type must be one of ${REPORT_TYPES.join(', ')}.`],
      [{ filters: { date_option: 'date_range', start_date: '2026-03-02' } }, 'filters.end_date', 'filters.end_date is required for date_range.'],
      [{ filters: { date_option: 'date_range', end_date: '2026-03-02' } }, 'filters.start_date', 'filters.start_date is required for date_range.'],
      [{ filters: { start_date: '2026-03-09', end_date: '2026-03-02' } }, 'filters.start_date', 'filters.start_date must not be after end_date.'],
      [{ filters: { start_date: '2026-02-31' } }, 'filters.start_date', 'filters.start_date must be a real calendar date.'],
      [{ filters: { date_option: 'yesterday' } }, 'filters.date_option', 'filters.date_option must be one of weeks_ago, date_range, batch_related_date.'],
      [{ filters: [1] }, 'filters', 'filters must be an object.'],
      [{ filters: { deep: { deeper: 1 } } }, 'filters.deep', 'filters.deep must be a text, number, true/false, null or a short list.'],
      [{ report_data: Array.from({ length: 5001 }, () => 1) }, 'report_data', 'report_data must hold at most 5000 items.'],
    ] as const) {
      const res = await send('POST', '/save_report', a.admin.auth, report(a, patch));
      expect(res.statusCode, JSON.stringify(patch).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message, field });
    }
  });

  it('refuses NUL bytes and lone surrogates inside report data and filters', async () => {
    const nul = await send('POST', '/save_report', a.admin.auth, report(a, { report_data: [{ label: 'a\u0000b' }] }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().field).toBe('report_data.0.label');
    const lone = await t.app.inject({
      method: 'POST', url: '/api/save_report', headers: { ...a.admin.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(report(a, { filters: { note: 'x' } })).replace('"note":"x"', '"note":"\\ud800"'),
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().field).toBe('filters.note');
  });

  it('keeps names unique in a company, case-insensitively (409), but not across companies', async () => {
    await saved(a, a.admin.auth, { report_name: 'Morning view' });
    const again = await send('POST', '/save_report', a.regular.auth, report(a, { report_name: ' MORNING VIEW ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'error', message: msg.nameTaken });
    await saved(b, b.admin.auth, { report_name: 'Morning view' });
  });

  it('saves once for one Idempotency-Key, and one of two racing saves of one name', async () => {
    const body = report(a, { report_name: 'Keyed report' });
    const [first, second] = await Promise.all([
      send('POST', '/save_report', a.admin.auth, body, 'save-key-1'),
      send('POST', '/save_report', a.admin.auth, body, 'save-key-1'),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes[0]).toBe(200);
    const retry = await send('POST', '/save_report', a.admin.auth, body, 'save-key-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().report.report_id).toBe([first, second].find((r) => r.statusCode === 200)!.json().report.report_id);
    const named = await t.app.db.selectFrom('saved_reports').select('report_id').where('company_id', '=', a.companyId).where('report_name', '=', 'Keyed report').execute();
    expect(named).toHaveLength(1);

    const racing = await Promise.all([1, 2].map(() => send('POST', '/save_report', a.regular.auth, report(a, { report_name: 'Race' }))));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const both = await Promise.all([1, 2].map((n) => send('POST', '/save_report', a.regular.auth, report(a, { report_name: `Race ${n}` }))));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it("keeps to the caller's company: other company 403; its rooms, batches and fields 404", async () => {
    const theirRoom = await makePlace(t.app, b.companyId, 1, 1, 'Their room');
    const theirBatch = await makeBatch(t.app, b.companyId);
    const theirTemplate = await makeTemplate(t.app, b.companyId, 'Their form', 'scouting', [['Count', 'number', [], false]]);
    expect((await send('POST', '/save_report', a.admin.auth, report(b))).statusCode).toBe(403);
    for (const patch of [
      { room_ids: [theirRoom.roomId] },
      { filters: { room_id: theirRoom.roomId } },
      { filters: { batch_id: theirBatch } },
      { filters: { batch_ids: [theirBatch] } },
      { filters: { FieldID: theirTemplate.field.Count } },
    ]) {
      const res = await send('POST', '/save_report', a.admin.auth, report(a, patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(404);
    }
  });

  it('refuses a save past the company limit', async () => {
    const c = await (await import('../../test/factories.js')).makeTenant(t.app);
    await t.app.db
      .insertInto('saved_reports')
      .values(Array.from({ length: SAVED_REPORTS_PER_COMPANY_MAX }, (_, i) => ({
        company_id: c.companyId, report_name: `R${i}`, chart_type: 'LineChart', report_type: 'trends',
        room_ids: '[]', filters: '{}', report_data: '[]', data_points: 0, created_by: c.admin.user_id,
      })))
      .execute();
    const res = await send('POST', '/save_report', c.admin.auth, report(c));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.tooMany);
  });
});

describe('get_saved_reports', () => {
  it('answers 404 for another company’s report id and 403 for another company', async () => {
    const theirs = await saved(b, b.admin.auth);
    expect((await get('/get_saved_reports', a.admin.auth, { company_id: a.companyId, report_id: theirs.report_id })).statusCode).toBe(404);
    expect((await get('/get_saved_reports', a.admin.auth, { company_id: b.companyId })).statusCode).toBe(403);
    const missing = await get('/get_saved_reports', a.admin.auth, { report_id: 1 });
    expect(missing.json()).toMatchObject({ message: 'company_id is required.', field: 'company_id' });
    expect((await get('/get_saved_reports', a.admin.auth, { company_id: a.companyId, report_id: 'abc' })).json().field).toBe('report_id');
  });

  it('lists newest first and never another company’s reports', async () => {
    const first = await saved(a, a.admin.auth);
    const second = await saved(a, a.admin.auth);
    const reports = (await get('/get_saved_reports', a.regular.auth, { company_id: a.companyId })).json().reports as { report_id: number; company_id: number }[];
    expect(reports.findIndex((r) => r.report_id === second.report_id)).toBeLessThan(reports.findIndex((r) => r.report_id === first.report_id));
    expect(reports.every((r) => r.company_id === a.companyId)).toBe(true);
  });
});

describe('delete_report', () => {
  it('lets the author and admins delete, not another Regular; empties its dashboard slot; audits', async () => {
    const other = await (await import('../../test/factories.js')).makeUser(t.app, a.companyId, 'Regular');
    const mine = await saved(a, a.regular.auth);
    const refused = await send('DELETE', '/delete_report', other.auth, { report_id: mine.report_id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(msg.notOwner);
    const own = await send('DELETE', '/delete_report', a.regular.auth, { report_id: mine.report_id });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ status: 'success', message: msg.reportDeleted, report_id: mine.report_id, cleared_slots: [] });

    const pinned = await saved(a, a.regular.auth);
    expect((await send('POST', '/set_dashboard_reports', a.admin.auth, { company_id: a.companyId, report_id3: pinned.report_id })).statusCode).toBe(200);
    const byAdmin = await t.app.inject({ method: 'DELETE', url: `/api/delete_report?report_id=${pinned.report_id}`, headers: a.admin.auth });
    expect(byAdmin.json()).toMatchObject({ status: 'success', cleared_slots: [3] });
    expect((await dashboard(a)).some(([, id]) => id === pinned.report_id)).toBe(false);
    const [event] = await audits('saved_report.delete', pinned.report_id);
    expect(event!.before).toMatchObject({ report_name: pinned.report_name, dashboard_slots: [3] });
    expect((await send('DELETE', '/delete_report', a.admin.auth, { report_id: pinned.report_id })).statusCode).toBe(404);
  });

  it('answers 404 for another company’s report, even to its SuperAdmin, and names a bad id', async () => {
    const theirs = await saved(b, b.admin.auth);
    expect((await send('DELETE', '/delete_report', a.superAdmin.auth, { report_id: theirs.report_id })).statusCode).toBe(404);
    expect((await get('/get_saved_reports', b.admin.auth, { company_id: b.companyId, report_id: theirs.report_id })).statusCode).toBe(200);
    const bad = await send('DELETE', '/delete_report', a.admin.auth, {});
    expect(bad.json()).toMatchObject({ message: 'report_id is required.', field: 'report_id' });
    expect((await send('DELETE', '/delete_report', a.admin.auth, { report_id: 2 ** 31 })).statusCode).toBe(400);
  });
});

describe('dashboard reports', () => {
  it('pins, moves and empties slots; a slot not sent stays; answers the pinned reports in slot order with data', async () => {
    const c = await (await import('../../test/factories.js')).makeTenant(t.app);
    const [r1, r2, r3] = [await saved(c, c.admin.auth), await saved(c, c.admin.auth), await saved(c, c.admin.auth)];
    expect(await dashboard(c)).toEqual([]);

    const set = await send('POST', '/set_dashboard_reports', c.admin.auth, { company_id: c.companyId, report_id1: r1.report_id, report_id2: r2.report_id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ status: 'success', message: msg.dashboardSaved });
    expect(set.json().reports.map((r: { slot: number; report_id: number }) => [r.slot, r.report_id])).toEqual([[1, r1.report_id], [2, r2.report_id]]);
    expect(set.json().reports[0]).toMatchObject({ report_name: r1.report_name, report_data: expect.any(Array), dashboard_slot: 1 });

    // Slot 4 only: 1 and 2 stay. Then r1 moves to slot 3 and slot 2 is emptied with a blank.
    await send('POST', '/set_dashboard_reports', c.admin.auth, { company_id: c.companyId, report_id4: r3.report_id });
    expect(await dashboard(c)).toEqual([[1, r1.report_id], [2, r2.report_id], [4, r3.report_id]]);
    const form = await t.app.inject({
      method: 'POST', url: '/api/set_dashboard_reports', headers: { ...c.superAdmin.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `company_id=${c.companyId}&report_id3=${r1.report_id}&report_id2=`,
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(await dashboard(c)).toEqual([[3, r1.report_id], [4, r3.report_id]]);
    const listed = (await get('/get_saved_reports', c.regular.auth, { company_id: c.companyId })).json().reports as { report_id: number; dashboard_slot: number | null }[];
    expect(listed.find((r) => r.report_id === r1.report_id)!.dashboard_slot).toBe(3);

    const events = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'dashboard_reports.update').where('company_id', '=', c.companyId).execute();
    expect(events).toHaveLength(3);
    expect(events[2]!.after).toEqual({ report_id1: null, report_id2: null, report_id3: r1.report_id, report_id4: r3.report_id });
    // Sending what is there already changes nothing and writes no event.
    await send('POST', '/set_dashboard_reports', c.admin.auth, { company_id: c.companyId, report_id3: r1.report_id });
    expect(await t.app.db.selectFrom('audit_events').select('id').where('action', '=', 'dashboard_reports.update').where('company_id', '=', c.companyId).execute()).toHaveLength(3);
  });

  it('refuses no slot, one report in two slots, bad ids; Regular may read but not pin', async () => {
    const r = await saved(a, a.admin.auth);
    const none = await send('POST', '/set_dashboard_reports', a.admin.auth, { company_id: a.companyId });
    expect(none.json()).toMatchObject({ status: 'error', message: msg.slotRequired, field: 'report_id1' });
    const twice = await send('POST', '/set_dashboard_reports', a.admin.auth, { company_id: a.companyId, report_id1: r.report_id, report_id2: r.report_id });
    expect(twice.json()).toMatchObject({ message: msg.slotTwice, field: 'report_id2' });
    const bad = await send('POST', '/set_dashboard_reports', a.admin.auth, { company_id: a.companyId, report_id4: 'x' });
    expect(bad.json()).toMatchObject({ field: 'report_id4' });
    expect(bad.statusCode).toBe(400);
    expect((await send('POST', '/set_dashboard_reports', a.regular.auth, { company_id: a.companyId, report_id1: r.report_id })).statusCode).toBe(403);
    expect((await get('/get_dashboard_reports', a.regular.auth, { company_id: a.companyId })).statusCode).toBe(200);
  });

  it("pins only the company's own reports: another company's id 404, another company 403", async () => {
    const theirs = await saved(b, b.admin.auth);
    const res = await send('POST', '/set_dashboard_reports', a.admin.auth, { company_id: a.companyId, report_id1: theirs.report_id });
    expect(res.statusCode).toBe(404);
    expect((await send('POST', '/set_dashboard_reports', a.admin.auth, { company_id: b.companyId, report_id1: theirs.report_id })).statusCode).toBe(403);
    expect((await get('/get_dashboard_reports', a.admin.auth, { company_id: b.companyId })).statusCode).toBe(403);
    expect((await dashboard(a)).some(([, id]) => id === theirs.report_id)).toBe(false);
  });

  it('two admins pinning different slots at once both land; pinning one report at once keeps it in one slot', async () => {
    const c = await (await import('../../test/factories.js')).makeTenant(t.app);
    const [r1, r2] = [await saved(c, c.admin.auth), await saved(c, c.admin.auth)];
    const results = await Promise.all([
      send('POST', '/set_dashboard_reports', c.admin.auth, { company_id: c.companyId, report_id1: r1.report_id }),
      send('POST', '/set_dashboard_reports', c.superAdmin.auth, { company_id: c.companyId, report_id2: r2.report_id }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await dashboard(c)).toEqual([[1, r1.report_id], [2, r2.report_id]]);
    const same = await Promise.all([
      send('POST', '/set_dashboard_reports', c.admin.auth, { company_id: c.companyId, report_id3: r1.report_id }),
      send('POST', '/set_dashboard_reports', c.superAdmin.auth, { company_id: c.companyId, report_id4: r1.report_id }),
    ]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    const slots = await dashboard(c);
    expect(slots.filter(([, id]) => id === r1.report_id)).toHaveLength(1);
    expect(slots).toContainEqual([2, r2.report_id]);
  });
});

describe('what can be reported on', () => {
  it('describes the report kinds, chart types, date options, defaults and limits', async () => {
    const info = (await get('/get_report_info', a.regular.auth, { company_id: a.companyId })).json();
    expect(info).toMatchObject({
      status: 'success', default_chart_type: 'LineChart', default_date_option: 'date_range', dashboard_slots: 4,
      date_options: ['weeks_ago', 'date_range', 'batch_related_date'], saved_reports_max: SAVED_REPORTS_PER_COMPANY_MAX,
    });
    expect(info.saved_reports).toBeGreaterThan(0);
    expect(info.report_types.find((k: { report_type: string }) => k.report_type === 'field_responses')).toMatchObject({
      method: 'GET', path: '/get_field_responses_report', parameters: expect.arrayContaining([{ name: 'FieldID', required: true }]),
    });
    expect((await get('/get_report_info', a.regular.auth, { company_id: b.companyId })).statusCode).toBe(403);
  });

  it('lists templates and their active reportable fields, not deleted templates, retired fields or text fields', async () => {
    const c = await (await import('../../test/factories.js')).makeTenant(t.app);
    const empty = await get('/get_reportable_fields', c.regular.auth, { company_id: c.companyId });
    expect(empty.json()).toEqual({ status: 'success', reportable_fields: [] });
    expect((await get('/get_report_templates_by_company', c.regular.auth, { company_id: c.companyId })).json()).toEqual({ status: 'success', templates: [] });

    const scouting = await makeTemplate(t.app, c.companyId, 'Scouting', 'scouting', [
      ['Plants affected', 'number', [], false], ['Stage', 'select', ['Veg', 'Flower'], false], ['Notes', 'textarea', [], false],
      ['Confirmed', 'checkbox', [], false], ['Old count', 'number', [], false],
    ]);
    await t.app.db.updateTable('form_fields').set({ is_active: false }).where('field_id', '=', scouting.field['Old count']!).execute();
    const gone = await makeTemplate(t.app, c.companyId, 'Archived', 'scouting', [['Count', 'number', [], false]]);
    await t.app.db.updateTable('form_templates').set({ deleted_at: new Date() }).where('template_id', '=', gone.templateId).execute();
    await makeTemplate(t.app, b.companyId, 'Theirs', 'scouting', [['Count', 'number', [], false]]);

    const fields = (await get('/get_reportable_fields', c.regular.auth, { company_id: c.companyId })).json().reportable_fields;
    expect(fields).toEqual([
      { FieldID: scouting.field['Plants affected'], FieldName: 'Plants affected', FieldType: 'number', FieldOptions: [], TemplateID: scouting.templateId, TemplateName: 'Scouting', FormCategory: 'scouting', report_id: null },
      { FieldID: scouting.field.Stage, FieldName: 'Stage', FieldType: 'select', FieldOptions: ['Veg', 'Flower'], TemplateID: scouting.templateId, TemplateName: 'Scouting', FormCategory: 'scouting', report_id: null },
      { FieldID: scouting.field.Confirmed, FieldName: 'Confirmed', FieldType: 'checkbox', FieldOptions: [], TemplateID: scouting.templateId, TemplateName: 'Scouting', FormCategory: 'scouting', report_id: null },
    ]);
    const templates = (await get('/get_report_templates_by_company', c.admin.auth, { company_id: c.companyId })).json().templates;
    expect(templates).toEqual([{ TemplateID: scouting.templateId, TemplateName: 'Scouting', FormCategory: 'scouting', reportable_field_count: 3, last_response_at: null }]);
    expect((await get('/get_reportable_fields', c.admin.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await get('/get_report_templates_by_company', c.admin.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });

  it('needs a signed-in caller', async () => {
    for (const path of ['/get_report_info', '/get_report_templates_by_company', '/get_reportable_fields', '/get_dashboard_reports', '/get_saved_reports']) {
      expect((await t.app.inject({ method: 'GET', url: `/api${path}?company_id=${a.companyId}` })).statusCode).toBe(401);
    }
  });
});
