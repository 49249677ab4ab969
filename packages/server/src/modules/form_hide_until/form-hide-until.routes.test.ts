import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hideUntilMessages as msg } from '@verdant/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';

type Tenant = Awaited<ReturnType<typeof makeTenant>>;
type Headers = Record<string, string>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** Fields of A's first template: [Issue seen (select), Details, Photo, Extra]; of A's second; of B's. */
let f: number[];
let other: number;
let bField: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, data: Record<string, unknown> = {}) =>
  method === 'GET'
    ? t.app.inject({ method, url: `/api${url}`, headers, query: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])) })
    : t.app.inject({ method, url: `/api${url}`, headers, payload: data });

async function template(tenant: Tenant, name: string, fieldNames: string[]) {
  const res = await call('POST', '/save_form_template', tenant.admin.auth, {
    templateName: name,
    companyID: tenant.companyId,
    fields: fieldNames.map((n, i) => (i === 0 ? { fieldName: n, fieldType: 'select', fieldOptions: ['Yes', 'No'] } : { fieldName: n, fieldType: 'text', isRequired: 1 })),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().template.fields.map((x: { FieldID: number }) => x.FieldID) as number[];
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  b = await makeTenant(t.app);
  f = await template(a, 'Walk', ['Issue seen', 'Details', 'Photo note', 'Extra']);
  other = (await template(a, 'Other', ['Q', 'R']))[0]!;
  bField = (await template(b, 'B walk', ['S', 'T']))[0]!;
});
afterAll(() => t.close());

const link = (hidden: number, linked: number, input = 'Yes') => ({ form_field_hidden_FieldID: hidden, form_field_linked_FieldID: linked, form_field_linked_input: input });

let uid: string;

describe('POST /add_hide_field_until_link', () => {
  it('links two fields of one template (Admin) with an audit event; the template answer carries the rule', async () => {
    const res = await call('POST', '/add_hide_field_until_link', a.admin.auth, link(f[1]!, f[0]!));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().link).toMatchObject(link(f[1]!, f[0]!));
    uid = res.json().link.form_field_hidden_UID;
    const templates = (await call('GET', '/get_form_templates', a.regular.auth, { company_id: a.companyId })).json().templates;
    const details = templates.flatMap((x: { fields: { FieldID: number }[] }) => x.fields).find((x: { FieldID: number }) => x.FieldID === f[1]);
    expect(details.HideUntil).toMatchObject({ form_field_hidden_UID: uid, form_field_linked_input: 'Yes' });
    const event = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'form_hide_until.create').executeTakeFirst();
    expect(event?.company_id).toBe(a.companyId);
  });

  it.each(['form_field_hidden_FieldID', 'form_field_linked_FieldID', 'form_field_linked_input'])('answers 400 without %s', async (field) => {
    const body: Record<string, unknown> = link(f[2]!, f[0]!);
    delete body[field];
    expect((await call('POST', '/add_hide_field_until_link', a.admin.auth, body)).json()).toMatchObject({ field, message: `${field} is required.` });
  });

  it('refuses self links, other templates, cycles and a second link for one field', async () => {
    const send = (body: Record<string, unknown>) => call('POST', '/add_hide_field_until_link', a.admin.auth, body);
    expect((await send(link(f[2]!, f[2]!))).json()).toMatchObject({ message: msg.sameField, field: 'form_field_linked_FieldID' });
    expect((await send(link(f[2]!, other))).json()).toMatchObject({ message: msg.otherTemplate });
    // f1 waits for f0; f0 waiting for f1 would never show either.
    expect((await send(link(f[0]!, f[1]!))).json()).toMatchObject({ message: msg.cycle });
    expect((await send(link(f[2]!, f[1]!, 'done'))).statusCode).toBe(200);
    expect((await send(link(f[0]!, f[2]!))).json()).toMatchObject({ message: msg.cycle });
    expect((await send(link(f[1]!, f[3]!))).statusCode).toBe(409);
  });

  it("answers 404 for another company's fields and 403 for Regular", async () => {
    expect((await call('POST', '/add_hide_field_until_link', b.admin.auth, link(f[3]!, f[0]!))).statusCode).toBe(404);
    expect((await call('POST', '/add_hide_field_until_link', a.admin.auth, link(f[3]!, bField))).statusCode).toBe(404);
    expect((await call('POST', '/add_hide_field_until_link', a.regular.auth, link(f[3]!, f[0]!))).statusCode).toBe(403);
  });
});

describe('GET /get_field_hide_until_link', () => {
  it('finds a link by its UID or by the hidden FieldID, for every role', async () => {
    let res = await call('GET', '/get_field_hide_until_link', a.regular.auth, { form_field_hidden_UID: uid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().link.form_field_hidden_FieldID).toBe(f[1]);
    res = await call('GET', '/get_field_hide_until_link', a.regular.auth, { form_field_hidden_UID: f[1]! });
    expect(res.json().link.form_field_hidden_UID).toBe(uid);
  });

  it('answers 400 for a malformed UID and 404 for none or another company', async () => {
    expect((await call('GET', '/get_field_hide_until_link', a.admin.auth, { form_field_hidden_UID: 'nope' })).json().field).toBe('form_field_hidden_UID');
    expect((await call('GET', '/get_field_hide_until_link', a.admin.auth, {})).json().message).toBe('form_field_hidden_UID is required.');
    expect((await call('GET', '/get_field_hide_until_link', a.admin.auth, { form_field_hidden_UID: f[0]! })).statusCode).toBe(404);
    expect((await call('GET', '/get_field_hide_until_link', b.admin.auth, { form_field_hidden_UID: uid })).statusCode).toBe(404);
    expect((await call('GET', '/get_field_hide_until_link', b.admin.auth, { form_field_hidden_UID: f[1]! })).statusCode).toBe(404);
  });
});

describe('PUT /update_field_hide_until_link and DELETE /delete_field_hide_until_link', () => {
  it('re-points a link and keeps its UID', async () => {
    const res = await call('PUT', '/update_field_hide_until_link', a.admin.auth, link(f[1]!, f[3]!, 'urgent'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().link).toEqual({ form_field_hidden_UID: uid, ...link(f[1]!, f[3]!, 'urgent') });
  });

  it('checks like add, and 404s for a field without a link or of another company', async () => {
    // f3 has no link to update; f2 waits for f1, so f1 waiting for f2 closes a loop.
    expect((await call('PUT', '/update_field_hide_until_link', a.admin.auth, link(f[3]!, f[2]!))).statusCode).toBe(404);
    expect((await call('PUT', '/update_field_hide_until_link', a.admin.auth, link(f[1]!, f[2]!))).json()).toMatchObject({ message: msg.cycle });
    expect((await call('PUT', '/update_field_hide_until_link', a.admin.auth, { form_field_hidden_FieldID: f[1] })).json().field).toBe('form_field_linked_FieldID');
    expect((await call('PUT', '/update_field_hide_until_link', b.admin.auth, link(f[1]!, f[0]!))).statusCode).toBe(404);
    expect((await call('PUT', '/update_field_hide_until_link', a.regular.auth, link(f[1]!, f[0]!))).statusCode).toBe(403);
  });

  it('deletes a link (Admin); then the field always shows', async () => {
    expect((await call('DELETE', '/delete_field_hide_until_link', b.admin.auth, { form_field_hidden_FieldID: f[1] })).statusCode).toBe(404);
    expect((await call('DELETE', '/delete_field_hide_until_link', a.regular.auth, { form_field_hidden_FieldID: f[1] })).statusCode).toBe(403);
    expect((await call('DELETE', '/delete_field_hide_until_link', a.admin.auth, {})).json().field).toBe('form_field_hidden_FieldID');
    const res = await call('DELETE', '/delete_field_hide_until_link', a.admin.auth, { form_field_hidden_FieldID: f[1] });
    expect(res.json()).toMatchObject({ status: 'success', form_field_hidden_FieldID: f[1] });
    expect((await call('GET', '/get_field_hide_until_link', a.admin.auth, { form_field_hidden_UID: uid })).statusCode).toBe(404);
  });

  it('drops links that wait on a field when the field is retired', async () => {
    const tpl = (await call('GET', '/get_form_templates', a.admin.auth, { company_id: a.companyId })).json().templates.find((x: { TemplateName: string }) => x.TemplateName === 'Walk');
    await call('POST', '/update_form_template', a.admin.auth, { templateID: tpl.TemplateID, newFields: [], updatedFields: [{ FieldID: f[1], IsActive: 0 }] });
    // f2 waited for f1.
    expect((await call('GET', '/get_field_hide_until_link', a.admin.auth, { form_field_hidden_UID: f[2]! })).statusCode).toBe(404);
    expect((await call('POST', '/add_hide_field_until_link', a.admin.auth, link(f[2]!, f[1]!))).json()).toMatchObject({ message: msg.inactiveField });
  });
});
