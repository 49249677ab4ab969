import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, TEMPLATE_TYPES, formTemplatesMessages as msg } from '@verdant/contract';
import { loadTemplateForSubmission, missingRequiredFields, visibleFields } from './index.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

type Headers = Record<string, string>;

useTwoTenants();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, data: Record<string, unknown> = {}) =>
  method === 'GET'
    ? t.app.inject({ method, url: `/api${url}`, headers, query: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])) })
    : t.app.inject({ method, url: `/api${url}`, headers, payload: data });

const validTemplate = (name = 'Weekly scouting') => ({
  templateName: name,
  companyID: a.companyId,
  FormCategory: 'scouting',
  PageCSS: '.big { font-size: 18px; } .x { background-color: url(javascript:alert(1)) } </style><script>alert(1)</script>',
  fields: [
    { fieldName: 'Pests seen', fieldType: 'select', fieldOptions: ['No', 'Yes'], isRequired: 1, cssClass: 'big "><script>' },
    { fieldName: 'Problem', fieldType: 'problem', isRequired: 1, report_id: null },
    { fieldName: 'Notes', fieldType: 'textarea', isRequired: 0 },
  ],
});

const latestAudit = (action: string) =>
  t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();

let templateId: number;
let fieldIds: number[];

describe('POST /save_form_template', () => {
  it('saves a template with ordered fields, sanitised CSS and an audit event (Admin)', async () => {
    const res = await call('POST', '/save_form_template', a.admin.auth, validTemplate());
    expect(res.statusCode, res.body).toBe(200);
    const template = res.json().template;
    expect(template).toMatchObject({ TemplateName: 'Weekly scouting', CompanyID: a.companyId, FormCategory: 'scouting', DefaultForType: null, DeletedAt: null });
    expect(template.PageCSS).toBe('.big { font-size: 18px; }');
    expect(template.fields.map((f: { FieldName: string }) => f.FieldName)).toEqual(['Pests seen', 'Problem', 'Notes']);
    expect(template.fields[0]).toMatchObject({ FieldType: 'select', FieldOptions: ['No', 'Yes'], IsRequired: true, IsActive: true, CSSClass: 'big', HideUntil: null });
    templateId = template.TemplateID;
    fieldIds = template.fields.map((f: { FieldID: number }) => f.FieldID);
    expect((await latestAudit('form_template.create'))?.entity_id).toBe(String(templateId));
  });

  it('accepts fields as JSON text from a form body', async () => {
    const body = new URLSearchParams({ templateName: 'Form-encoded', companyID: String(a.companyId), fields: JSON.stringify([{ fieldName: 'Count', fieldType: 'number' }]) });
    const res = await t.app.inject({ method: 'POST', url: '/api/save_form_template', headers: { ...a.admin.auth, 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template.fields[0]).toMatchObject({ FieldName: 'Count', IsRequired: false });
  });

  it.each([
    ['templateName', { templateName: undefined }, 'templateName is required.'],
    ['companyID', { companyID: undefined }, 'companyID is required.'],
    ['fields', { fields: undefined }, 'fields is required.'],
    ['fields', { fields: [] }, 'fields must list at least one field.'],
    ['fields.0.fieldName', { fields: [{ fieldName: ' ', fieldType: 'text' }] }, 'fields.0.fieldName is required.'],
    ['fields.0.fieldName', { fields: [{ fieldType: 'text' }] }, 'fields.0.fieldName is required.'],
    ['fields.0.fieldType', { fields: [{ fieldName: 'A' }] }, 'fields.0.fieldType is required.'],
    ['fields.0.fieldName', { fields: [{ fieldName: 'x'.repeat(201), fieldType: 'text' }] }, 'fields.0.fieldName must be at most 200 characters.'],
    ['fields.0.fieldType', { fields: [{ fieldName: 'A', fieldType: 'colour' }] }, `fields.0.fieldType must be one of ${FIELD_TYPES.join(', ')}.`],
    ['fields.0.fieldOptions', { fields: [{ fieldName: 'A', fieldType: 'multi-select', fieldOptions: [] }] }, 'fields.0.fieldOptions must list at least one option for a select or multi-select field.'],
    ['fields.1.fieldName', { fields: [{ fieldName: 'A', fieldType: 'text' }, { fieldName: 'a ', fieldType: 'number' }] }, 'fields.1.fieldName must not repeat the field name "a" in one template.'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await call('POST', '/save_form_template', a.admin.auth, { ...validTemplate('Other'), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', field, message });
  });

  it('refuses a duplicate name (409), another company (403) and the Regular role (403)', async () => {
    expect((await call('POST', '/save_form_template', a.admin.auth, validTemplate())).statusCode).toBe(409);
    expect((await call('POST', '/save_form_template', b.admin.auth, validTemplate('B'))).statusCode).toBe(403);
    expect((await call('POST', '/save_form_template', a.regular.auth, validTemplate('R'))).statusCode).toBe(403);
  });
});

describe('GET /get_form_templates and /get_field_types', () => {
  it('lists the company templates for every role, and one by id', async () => {
    const res = await call('GET', '/get_form_templates', a.regular.auth, { company_id: a.companyId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().templates.map((x: { TemplateName: string }) => x.TemplateName)).toEqual(['Form-encoded', 'Weekly scouting']);
    const one = await call('GET', '/get_form_templates', a.regular.auth, { company_id: a.companyId, template_id: templateId });
    expect(one.json().templates).toHaveLength(1);
  });

  it("answers 403 for another company and 404 for another company's template", async () => {
    expect((await call('GET', '/get_form_templates', b.admin.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await call('GET', '/get_form_templates', b.admin.auth, { company_id: b.companyId, template_id: templateId })).statusCode).toBe(404);
    expect((await call('GET', '/get_form_templates', a.admin.auth, {})).json()).toMatchObject({ field: 'company_id', message: 'company_id is required.' });
  });

  it('lists every field type and template type', async () => {
    const res = await call('GET', '/get_field_types', a.regular.auth, { company_id: a.companyId });
    expect(res.json().field_types.map((f: { type: string }) => f.type)).toEqual([...FIELD_TYPES]);
    expect(res.json().template_types).toEqual([...TEMPLATE_TYPES]);
    expect((await call('GET', '/get_field_types', b.admin.auth, { company_id: a.companyId })).statusCode).toBe(403);
  });
});

describe('POST /update_form_template', () => {
  it('adds new fields, changes and retires fields by FieldID, keeps the others', async () => {
    const res = await call('POST', '/update_form_template', a.admin.auth, {
      templateID: templateId,
      newFields: [{ fieldName: 'Severity', fieldType: 'severity', fieldOptions: '1,2,3' }],
      updatedFields: [
        { FieldID: fieldIds[0], fieldName: 'Pests or disease seen', cssClass: 'wide' },
        { FieldID: fieldIds[2], IsActive: 0 },
      ],
      PageCSS: '@import url(x.css); .wide { width: 100% }',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fields = res.json().template.fields;
    expect(fields.map((f: { FieldName: string; IsActive: boolean }) => [f.FieldName, f.IsActive])).toEqual([
      ['Pests or disease seen', true],
      ['Problem', true],
      ['Notes', false],
      ['Severity', true],
    ]);
    expect(fields[0].CSSClass).toBe('wide');
    expect(fields[3].FieldOptions).toEqual(['1', '2', '3']);
    expect(res.json().template.PageCSS).toBe('.wide { width: 100%; }');
    const event = await latestAudit('form_template.update');
    expect(event?.before).toBeTruthy();
  });

  it.each([
    ['templateID', { templateID: undefined }, 'templateID is required.'],
    ['newFields', { newFields: undefined }, 'newFields is required.'],
    ['updatedFields', { updatedFields: undefined }, 'updatedFields is required.'],
    ['updatedFields.0.FieldID', { updatedFields: [{ fieldName: 'x' }] }, 'updatedFields.0.FieldID is required.'],
  ])('answers 400 naming %s', async (field, change, message) => {
    const res = await call('POST', '/update_form_template', a.admin.auth, { templateID: templateId, newFields: [], updatedFields: [], ...change });
    expect(res.json()).toMatchObject({ status: 'error', field, message });
  });

  it('checks the template as it will be', async () => {
    const send = (change: Record<string, unknown>) => call('POST', '/update_form_template', a.admin.auth, { templateID: templateId, newFields: [], updatedFields: [], ...change });
    let res = await send({ updatedFields: [{ FieldID: fieldIds[1], fieldType: 'select' }] });
    expect(res.json()).toMatchObject({ field: 'updatedFields.0.fieldOptions' });
    res = await send({ newFields: [{ fieldName: 'problem', fieldType: 'text' }] });
    expect(res.json()).toMatchObject({ field: 'newFields.0.fieldName' });
    // A retired field's name is free again.
    res = await send({ newFields: [{ fieldName: 'Notes', fieldType: 'textarea' }] });
    expect(res.statusCode, res.body).toBe(200);
    res = await send({ updatedFields: res.json().template.fields.filter((f: { IsActive: boolean }) => f.IsActive).map((f: { FieldID: number }) => ({ FieldID: f.FieldID, IsActive: 0 })) });
    expect(res.json()).toMatchObject({ message: msg.noFieldsLeft });
  });

  it('refuses to change the type of a field that has answers (409)', async () => {
    const response = await t.app.db.insertInto('form_responses').values({ company_id: a.companyId, template_id: templateId, submitted_by: a.admin.user_id }).returning('response_id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('field_responses').values({ company_id: a.companyId, response_id: response.response_id, field_id: fieldIds[1]!, input_data: 'Thrips' }).execute();
    const res = await call('POST', '/update_form_template', a.admin.auth, { templateID: templateId, newFields: [], updatedFields: [{ FieldID: fieldIds[1], fieldType: 'text' }] });
    expect(res.statusCode, res.body).toBe(409);
  });

  it("answers 404 for another company's template or field and 403 for Regular", async () => {
    const other = await call('POST', '/save_form_template', b.admin.auth, { ...validTemplate('B form'), companyID: b.companyId });
    const bField = other.json().template.fields[0].FieldID;
    expect((await call('POST', '/update_form_template', b.admin.auth, { templateID: templateId, newFields: [], updatedFields: [] })).statusCode).toBe(404);
    expect((await call('POST', '/update_form_template', a.admin.auth, { templateID: templateId, newFields: [], updatedFields: [{ FieldID: bField, fieldName: 'x' }] })).statusCode).toBe(404);
    expect((await call('POST', '/update_form_template', a.regular.auth, { templateID: templateId, newFields: [], updatedFields: [] })).statusCode).toBe(403);
  });
});

describe('PUT /update_default_template, PUT /reset_all_templates, DELETE /delete_template', () => {
  it('makes a template the default for a type and moves the default on', async () => {
    let res = await call('PUT', '/update_default_template', a.admin.auth, { template_id: templateId, company_id: a.companyId, template_type: 'scouting' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ template_id: templateId, template_type: 'scouting', previous_template_id: null });
    const second = (await call('POST', '/save_form_template', a.admin.auth, validTemplate('Second'))).json().template.TemplateID;
    res = await call('PUT', '/update_default_template', a.superAdmin.auth, { template_id: second, company_id: a.companyId, template_type: 'scouting' });
    expect(res.json().previous_template_id).toBe(templateId);
  });

  it.each(['template_id', 'company_id', 'template_type'])('answers 400 without %s', async (field) => {
    const body: Record<string, unknown> = { template_id: templateId, company_id: a.companyId, template_type: 'scouting' };
    delete body[field];
    expect((await call('PUT', '/update_default_template', a.admin.auth, body)).json()).toMatchObject({ field, message: `${field} is required.` });
  });

  it('refuses a wrong type, other tenants and Regular', async () => {
    expect((await call('PUT', '/update_default_template', a.admin.auth, { template_id: templateId, company_id: a.companyId, template_type: 'Grid' })).json().field).toBe('template_type');
    expect((await call('PUT', '/update_default_template', b.admin.auth, { template_id: templateId, company_id: b.companyId, template_type: 'room' })).statusCode).toBe(404);
    expect((await call('PUT', '/update_default_template', b.admin.auth, { template_id: templateId, company_id: a.companyId, template_type: 'room' })).statusCode).toBe(403);
    expect((await call('PUT', '/update_default_template', a.regular.auth, { template_id: templateId, company_id: a.companyId, template_type: 'room' })).statusCode).toBe(403);
  });

  it("resets to the built-in defaults and keeps the company's own templates", async () => {
    expect((await call('PUT', '/reset_all_templates', a.regular.auth, { company_id: a.companyId })).statusCode).toBe(403);
    expect((await call('PUT', '/reset_all_templates', b.admin.auth, { company_id: a.companyId })).statusCode).toBe(403);
    const res = await call('PUT', '/reset_all_templates', a.admin.auth, { company_id: a.companyId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.retired_template_ids).toEqual([]);
    const defaults = body.templates.filter((x: { DefaultForType: string | null }) => x.DefaultForType);
    expect(defaults.map((x: { DefaultForType: string }) => x.DefaultForType).sort()).toEqual([...TEMPLATE_TYPES].sort());
    expect(body.templates.map((x: { TemplateID: number }) => x.TemplateID)).toContain(templateId);
    const room = defaults.find((x: { DefaultForType: string }) => x.DefaultForType === 'room');
    expect(room.fields.filter((f: { HideUntil: unknown }) => f.HideUntil)).toHaveLength(2);
    expect((await latestAudit('form_template.reset_all'))?.company_id).toBe(a.companyId);

    // A second reset replaces the defaults: the previous built-ins make way, own templates stay.
    const again = (await call('PUT', '/reset_all_templates', a.admin.auth, { company_id: a.companyId })).json();
    expect(again.deleted_template_ids).toHaveLength(TEMPLATE_TYPES.length);
    expect(again.templates.map((x: { TemplateID: number }) => x.TemplateID)).toContain(templateId);
  });

  it('deletes a template without responses and retires one with them', async () => {
    const list = (await call('GET', '/get_form_templates', a.admin.auth, { company_id: a.companyId })).json().templates;
    const task = list.find((x: { DefaultForType: string }) => x.DefaultForType === 'task');
    expect((await call('DELETE', '/delete_template', b.admin.auth, { template_id: task.TemplateID })).statusCode).toBe(404);
    expect((await call('DELETE', '/delete_template', a.regular.auth, { template_id: task.TemplateID })).statusCode).toBe(403);
    expect((await call('DELETE', '/delete_template', a.admin.auth, {})).json()).toMatchObject({ field: 'template_id' });
    let res = await call('DELETE', '/delete_template', a.admin.auth, { template_id: task.TemplateID });
    expect(res.json()).toMatchObject({ retired: false, message: msg.deleted });
    expect((await call('GET', '/get_form_templates', a.admin.auth, { company_id: a.companyId, template_id: task.TemplateID })).statusCode).toBe(404);

    const scouting = list.find((x: { DefaultForType: string }) => x.DefaultForType === 'scouting');
    await t.app.db.insertInto('form_responses').values({ company_id: a.companyId, template_id: scouting.TemplateID, submitted_by: a.admin.user_id }).execute();
    res = await call('DELETE', '/delete_template', a.admin.auth, { template_id: scouting.TemplateID });
    expect(res.json()).toMatchObject({ retired: true, message: msg.retired });
    expect((await call('DELETE', '/delete_template', a.admin.auth, { template_id: scouting.TemplateID })).statusCode).toBe(404);
  });
});

describe('loadTemplateForSubmission', () => {
  it('answers active fields and rules, and nothing for another company', async () => {
    const list = (await call('GET', '/get_form_templates', a.admin.auth, { company_id: a.companyId })).json().templates;
    const room = list.find((x: { DefaultForType: string }) => x.DefaultForType === 'room');
    const loaded = (await loadTemplateForSubmission(t.app, a.companyId, room.TemplateID))!;
    expect(loaded.fields.map((f) => f.name)).toEqual(room.fields.map((f: { FieldName: string }) => f.FieldName));
    expect(loaded.rules).toHaveLength(2);
    const irrigation = loaded.fields.find((f) => f.name === 'Irrigation working')!;
    const problem = loaded.fields.find((f) => f.name === 'Irrigation problem')!;
    expect(visibleFields(loaded.fields, loaded.rules, {}).map((f) => f.name)).not.toContain('Irrigation problem');
    expect(missingRequiredFields(loaded.fields, loaded.rules, { [irrigation.fieldId]: 'No' }).map((f) => f.fieldId)).toContain(problem.fieldId);
    expect(await loadTemplateForSubmission(t.app, b.companyId, room.TemplateID)).toBeUndefined();
  });
});
