import {
  OPTION_FIELD_TYPES,
  TEMPLATE_TYPES,
  duplicateFieldName,
  duplicateFormTemplateName,
  fieldNotInTemplate,
  fieldTypeLocked,
  formTemplatesMessages as msg,
  type FormTemplate,
  type NewFieldInput,
  type EndpointInput,
  type formTemplatesEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { sanitizeCssClass, sanitizePageCss } from '../../lib/css/sanitize-css.js';
import { BUILT_IN_TEMPLATES } from './default-templates.js';
import { optionsOf, toFormTemplate } from './form-templates.mapper.js';
import * as repo from './form-templates.repository.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps, TxDeps } from '../../lib/deps.js';

type Input<K extends keyof typeof formTemplatesEndpoints> = EndpointInput<(typeof formTemplatesEndpoints)[K]>;

/** Templates with their fields and rules, in three queries whatever their number. */
async function withFields({ db }: Deps, rows: repo.TemplateRow[]): Promise<FormTemplate[]> {
  const ids = rows.map((r) => r.template_id);
  const [fields, rules] = await Promise.all([repo.fieldsOfTemplates(db, ids), repo.rulesOfTemplates(db, ids)]);
  return rows.map((r) => toFormTemplate(r, fields, rules));
}

async function oneTemplate({ db }: Deps, companyId: number, templateId: number): Promise<FormTemplate> {
  const [template] = await withFields({ db }, await repo.listTemplates(db, companyId, templateId));
  if (!template) throw notFound('Form template');
  return template;
}

export async function listFormTemplates({ db }: Deps, caller: Caller, companyId: number, templateId?: number) {
  assertOwnCompany(caller, companyId);
  const templates = await withFields({ db }, await repo.listTemplates(db, companyId, templateId));
  if (templateId !== undefined && templates.length === 0) throw notFound('Form template');
  return templates;
}

const needsOptions = (type: string) => (OPTION_FIELD_TYPES as readonly string[]).includes(type);

function newFieldRow(companyId: number, templateId: number, f: NewFieldInput, position: number): repo.NewFieldRow {
  return {
    company_id: companyId,
    template_id: templateId,
    field_name: f.fieldName,
    field_type: f.fieldType,
    field_options: JSON.stringify(f.fieldOptions ?? []),
    is_required: f.isRequired === 1,
    css_class: sanitizeCssClass(f.cssClass ?? ''),
    report_id: f.report_id ?? null,
    position: f.position ?? position,
  };
}

/** Active field names must be unique in a template, so answers and reports name one field each. */
function assertUniqueNames(named: { name: string; active: boolean; field: string }[]) {
  const seen = new Set<string>();
  for (const n of named.filter((x) => x.active)) {
    const key = n.name.trim().toLowerCase();
    if (seen.has(key)) throw badRequest(`${n.field} ${duplicateFieldName(n.name)}.`, n.field);
    seen.add(key);
  }
}

export async function saveFormTemplate({ db }: Deps, caller: Caller, input: Input<'saveFormTemplate'>): Promise<FormTemplate> {
  assertOwnCompany(caller, input.companyID);
  assertUniqueNames(input.fields.map((f, i) => ({ name: f.fieldName, active: true, field: `fields.${i}.fieldName` })));
  return db.transaction().execute(async (trx) => {
    if (await repo.liveTemplateNamed(trx, input.companyID, input.templateName)) throw conflict(duplicateFormTemplateName(input.templateName));
    const row = await repo.insertTemplate(trx, {
      company_id: input.companyID,
      template_name: input.templateName,
      form_category: input.FormCategory ?? 'scouting',
      page_css: sanitizePageCss(input.PageCSS ?? ''),
      default_for_type: null,
      created_by: caller.user_id,
    });
    await repo.insertFields(trx, input.fields.map((f, i) => newFieldRow(input.companyID, row.template_id, f, i)));
    const template = await oneTemplate({ db: trx }, input.companyID, row.template_id);
    await writeAudit(trx, {
      companyId: input.companyID,
      userId: caller.user_id,
      action: 'form_template.create',
      entityType: 'form_template',
      entityId: row.template_id,
      after: template,
    });
    return template;
  });
}

export async function updateFormTemplate({ db }: Deps, caller: Caller, input: Input<'updateFormTemplate'>): Promise<FormTemplate> {
  const companyId = caller.company_id;
  return db.transaction().execute(async (trx) => {
    const row = await repo.findTemplate(trx, companyId, input.templateID, true);
    if (!row || row.deleted_at) throw notFound('Form template');
    const before = await oneTemplate({ db: trx }, companyId, row.template_id);
    const existing = new Map((await repo.fieldsOfTemplates(trx, [row.template_id])).map((f) => [f.field_id, f]));

    const seen = new Set<number>();
    for (const [i, u] of input.updatedFields.entries()) {
      const where = `updatedFields.${i}.FieldID`;
      if (seen.has(u.FieldID)) throw badRequest(`${where} lists field ${u.FieldID} twice.`, where);
      seen.add(u.FieldID);
      if (existing.has(u.FieldID)) continue;
      const elsewhere = await repo.findFields(trx, companyId, [u.FieldID]);
      if (elsewhere.length) throw badRequest(fieldNotInTemplate(u.FieldID), where);
      throw notFound('Form field');
    }

    // The template as it will be, checked whole before anything is written.
    const answered = await repo.fieldsWithAnswers(trx, input.updatedFields.filter((u) => u.fieldType).map((u) => u.FieldID));
    const finalFields = [...existing.values()].map((f) => ({ id: f.field_id, name: f.field_name, active: f.is_active, field: '' }));
    for (const [i, u] of input.updatedFields.entries()) {
      const current = existing.get(u.FieldID)!;
      const type = u.fieldType ?? current.field_type;
      const options = u.fieldOptions ?? optionsOf(current.field_options);
      if (needsOptions(type) && options.length === 0) {
        throw badRequest(`updatedFields.${i}.fieldOptions must list at least one option for a select or multi-select field.`, `updatedFields.${i}.fieldOptions`);
      }
      if (u.fieldType && u.fieldType !== current.field_type && answered.has(u.FieldID)) throw conflict(fieldTypeLocked(current.field_name, current.field_type));
      const final = finalFields.find((f) => f.id === u.FieldID)!;
      final.name = u.fieldName ?? final.name;
      final.active = u.IsActive === undefined ? final.active : u.IsActive === 1;
      final.field = `updatedFields.${i}.fieldName`;
    }
    const added = input.newFields.map((f, i) => ({ id: 0, name: f.fieldName, active: true, field: `newFields.${i}.fieldName` }));
    // Untouched fields first, so a clash is reported at the field being changed or added.
    const untouched = finalFields.filter((f) => !f.field).map((f) => ({ ...f, field: 'updatedFields' }));
    assertUniqueNames([...untouched, ...finalFields.filter((f) => f.field), ...added]);
    if (![...finalFields, ...added].some((f) => f.active)) throw badRequest(msg.noFieldsLeft, 'updatedFields');

    if (input.templateName !== undefined && input.templateName !== row.template_name) {
      if (await repo.liveTemplateNamed(trx, companyId, input.templateName, row.template_id)) throw conflict(duplicateFormTemplateName(input.templateName));
    }
    await repo.updateTemplate(trx, row.template_id, {
      template_name: input.templateName,
      form_category: input.FormCategory,
      page_css: input.PageCSS === undefined ? undefined : sanitizePageCss(input.PageCSS),
    });
    for (const u of input.updatedFields) {
      await repo.updateField(trx, u.FieldID, {
        field_name: u.fieldName,
        field_type: u.fieldType,
        field_options: u.fieldOptions === undefined ? undefined : JSON.stringify(u.fieldOptions),
        report_id: u.report_id,
        css_class: u.cssClass === undefined ? undefined : sanitizeCssClass(u.cssClass),
        is_required: u.isRequired === undefined ? undefined : u.isRequired === 1,
        is_active: u.IsActive === undefined ? undefined : u.IsActive === 1,
        position: u.position,
      });
    }
    await repo.deleteRulesLinkedTo(trx, input.updatedFields.filter((u) => u.IsActive === 0).map((u) => u.FieldID));
    const next = Math.max(-1, ...[...existing.values()].map((f) => f.position)) + 1;
    await repo.insertFields(trx, input.newFields.map((f, i) => newFieldRow(companyId, row.template_id, f, next + i)));

    const after = await oneTemplate({ db: trx }, companyId, row.template_id);
    await writeAudit(trx, { companyId, userId: caller.user_id, action: 'form_template.update', entityType: 'form_template', entityId: row.template_id, before, after });
    return after;
  });
}

export async function setDefaultTemplate({ db }: Deps, caller: Caller, input: Input<'updateDefaultTemplate'>) {
  assertOwnCompany(caller, input.company_id);
  return db.transaction().execute(async (trx) => {
    const row = await repo.findTemplate(trx, input.company_id, input.template_id, true);
    if (!row || row.deleted_at) throw notFound('Form template');
    const previous = await repo.clearDefault(trx, input.company_id, input.template_type);
    await repo.updateTemplate(trx, row.template_id, { default_for_type: input.template_type });
    await writeAudit(trx, {
      companyId: input.company_id,
      userId: caller.user_id,
      action: 'form_template.set_default',
      entityType: 'form_template',
      entityId: row.template_id,
      before: { template_type: input.template_type, template_id: previous, this_template_default_for: row.default_for_type },
      after: { template_type: input.template_type, template_id: row.template_id },
    });
    return { previousTemplateId: previous };
  });
}

/** Creates the built-in template of every type as the company's defaults; answers their ids. */
export async function createBuiltInTemplates({ db: trx }: Deps, companyId: number, userId: number | null): Promise<number[]> {
  const ids: number[] = [];
  for (const type of TEMPLATE_TYPES) {
    const def = BUILT_IN_TEMPLATES[type];
    const template = await repo.insertTemplate(trx, {
      company_id: companyId,
      template_name: def.name,
      form_category: def.category,
      page_css: sanitizePageCss(def.pageCss),
      default_for_type: type,
      created_by: userId,
    });
    const fields = await repo.insertFields(
      trx,
      def.fields.map((f, i) =>
        newFieldRow(companyId, template.template_id, { fieldName: f.name, fieldType: f.type, fieldOptions: f.options ?? [], isRequired: f.required ? 1 : 0, cssClass: f.cssClass }, i),
      ),
    );
    const idOf = new Map(fields.map((f) => [f.field_name, f.field_id]));
    await repo.insertRules(
      trx,
      def.fields.flatMap((f) =>
        f.hiddenUntil
          ? [{ company_id: companyId, hidden_field_id: idOf.get(f.name)!, linked_field_id: idOf.get(f.hiddenUntil.field)!, linked_input: f.hiddenUntil.input }]
          : [],
      ),
    );
    ids.push(template.template_id);
  }
  return ids;
}

/** Retires templates with responses (they stay readable by id) and deletes the others. */
async function removeTemplates({ db: trx }: Deps, rows: repo.TemplateRow[]) {
  const answered = await repo.templatesWithResponses(trx, rows.map((r) => r.template_id));
  const retired: number[] = [];
  const deleted: number[] = [];
  for (const r of rows) {
    if (answered.has(r.template_id)) {
      await repo.retireTemplate(trx, r.template_id);
      retired.push(r.template_id);
    } else {
      await repo.deleteTemplate(trx, r.template_id);
      deleted.push(r.template_id);
    }
  }
  return { retired, deleted };
}

export async function resetAllTemplates({ db }: Deps, caller: Caller, companyId: number) {
  assertOwnCompany(caller, companyId);
  return db.transaction().execute(async (trx) => {
    // Reset means "give us the built-in forms back": the current defaults and stale copies of the
    // built-ins make way; the company's own templates stay untouched.
    const builtInNames = new Set(TEMPLATE_TYPES.map((t) => BUILT_IN_TEMPLATES[t].name.toLowerCase()));
    const live = (await repo.liveTemplates(trx, companyId)).filter(
      (r) => r.default_for_type !== null || builtInNames.has(r.template_name.toLowerCase()),
    );
    const removed = await removeTemplates({ db: trx }, live);
    const created = await createBuiltInTemplates({ db: trx }, companyId, caller.user_id);
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: 'form_template.reset_all',
      entityType: 'form_template',
      before: { template_ids: live.map((r) => r.template_id) },
      after: { created_template_ids: created, retired_template_ids: removed.retired, deleted_template_ids: removed.deleted },
    });
    const templates = await withFields({ db: trx }, await repo.listTemplates(trx, companyId));
    return { templates, ...removed };
  });
}

export async function deleteFormTemplate({ db }: Deps, caller: Caller, templateId: number): Promise<{ retired: boolean }> {
  const companyId = caller.company_id;
  return db.transaction().execute(async (trx) => {
    const row = await repo.findTemplate(trx, companyId, templateId, true);
    if (!row || row.deleted_at) throw notFound('Form template');
    const before = await oneTemplate({ db: trx }, companyId, templateId);
    const { retired } = await removeTemplates({ db: trx }, [row]);
    await writeAudit(trx, {
      companyId,
      userId: caller.user_id,
      action: retired.length ? 'form_template.retire' : 'form_template.delete',
      entityType: 'form_template',
      entityId: templateId,
      before,
    });
    return { retired: retired.length > 0 };
  });
}

/**
 * A hide-until rule's writes, for the form_hide_until module's routes in their transaction (after they checked
 * the fields and locked the link): a template's rules are saved and retired with its fields here.
 */
export function addHideUntilRule({ db: trx }: TxDeps, row: { company_id: number; hidden_field_id: number; linked_field_id: number; linked_input: string }) {
  return repo.insertRule(trx, row);
}

export function changeHideUntilRule({ db: trx }: TxDeps, uid: string, linkedFieldId: number, linkedInput: string) {
  return repo.updateRule(trx, uid, linkedFieldId, linkedInput);
}

export function removeHideUntilRule({ db: trx }: TxDeps, uid: string) {
  return repo.deleteRule(trx, uid);
}
