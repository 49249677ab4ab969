import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { TemplateType } from '@verdant/contract';
import type { DB, FormFieldTable, FormHideUntilTable, FormTemplateTable } from '../../db/schema.js';

export type TemplateRow = Selectable<FormTemplateTable>;
export type FieldRow = Selectable<FormFieldTable>;
export type RuleRow = Selectable<FormHideUntilTable>;
export type NewTemplateRow = Insertable<FormTemplateTable>;
export type NewFieldRow = Insertable<FormFieldTable>;
export type FieldPatch = Updateable<FormFieldTable>;

export async function listTemplates(db: Kysely<DB>, companyId: number, templateId?: number): Promise<TemplateRow[]> {
  let q = db.selectFrom('form_templates').selectAll().where('company_id', '=', companyId);
  // One named template is answered even when retired, so its old responses can still be read.
  q = templateId === undefined ? q.where('deleted_at', 'is', null) : q.where('template_id', '=', templateId);
  return q.orderBy(sql`lower(template_name)`).orderBy('template_id').execute();
}

export async function fieldsOfTemplates(db: Kysely<DB>, templateIds: number[]): Promise<FieldRow[]> {
  if (templateIds.length === 0) return [];
  return db
    .selectFrom('form_fields')
    .selectAll()
    .where('template_id', 'in', templateIds)
    .orderBy('template_id')
    .orderBy('position')
    .orderBy('field_id')
    .execute();
}

export async function rulesOfTemplates(db: Kysely<DB>, templateIds: number[]): Promise<RuleRow[]> {
  if (templateIds.length === 0) return [];
  return db
    .selectFrom('form_hide_until as h')
    .innerJoin('form_fields as f', 'f.field_id', 'h.hidden_field_id')
    .selectAll('h')
    .where('f.template_id', 'in', templateIds)
    .execute();
}

export async function findTemplate(db: Kysely<DB>, companyId: number, templateId: number, lock = false): Promise<TemplateRow | undefined> {
  let q = db.selectFrom('form_templates').selectAll().where('company_id', '=', companyId).where('template_id', '=', templateId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function liveTemplateNamed(db: Kysely<DB>, companyId: number, name: string, exceptId?: number) {
  let q = db
    .selectFrom('form_templates')
    .select('template_id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`lower(template_name) = lower(${name})`);
  if (exceptId !== undefined) q = q.where('template_id', '<>', exceptId);
  return q.executeTakeFirst();
}

export async function liveTemplates(db: Kysely<DB>, companyId: number): Promise<TemplateRow[]> {
  return db.selectFrom('form_templates').selectAll().where('company_id', '=', companyId).where('deleted_at', 'is', null).forUpdate().execute();
}

export async function insertTemplate(db: Kysely<DB>, row: NewTemplateRow): Promise<TemplateRow> {
  return db.insertInto('form_templates').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertFields(db: Kysely<DB>, rows: NewFieldRow[]): Promise<FieldRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('form_fields').values(rows).returningAll().execute();
}

export async function insertRules(db: Kysely<DB>, rows: Insertable<FormHideUntilTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('form_hide_until').values(rows).execute();
}

export async function updateTemplate(db: Kysely<DB>, templateId: number, patch: Updateable<FormTemplateTable>): Promise<void> {
  await db.updateTable('form_templates').set({ ...patch, updated_at: sql`now()` }).where('template_id', '=', templateId).execute();
}

export async function updateField(db: Kysely<DB>, fieldId: number, patch: FieldPatch): Promise<void> {
  await db.updateTable('form_fields').set(patch).where('field_id', '=', fieldId).execute();
}

/** Rules that wait on a retired field would hide their field for ever; they go with it. */
export async function deleteRulesLinkedTo(db: Kysely<DB>, fieldIds: number[]): Promise<void> {
  if (fieldIds.length) await db.deleteFrom('form_hide_until').where('linked_field_id', 'in', fieldIds).execute();
}

export async function templatesWithResponses(db: Kysely<DB>, templateIds: number[]): Promise<Set<number>> {
  if (templateIds.length === 0) return new Set();
  const rows = await db.selectFrom('form_responses').select('template_id').distinct().where('template_id', 'in', templateIds).execute();
  return new Set(rows.map((r) => r.template_id));
}

export async function fieldsWithAnswers(db: Kysely<DB>, fieldIds: number[]): Promise<Set<number>> {
  if (fieldIds.length === 0) return new Set();
  const rows = await db.selectFrom('field_responses').select('field_id').distinct().where('field_id', 'in', fieldIds).execute();
  return new Set(rows.map((r) => r.field_id));
}

/** Clears the company's default for a type and answers the template that held it. */
export async function clearDefault(db: Kysely<DB>, companyId: number, type: TemplateType): Promise<number | null> {
  const row = await db
    .updateTable('form_templates')
    .set({ default_for_type: null, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('default_for_type', '=', type)
    .where('deleted_at', 'is', null)
    .returning('template_id')
    .executeTakeFirst();
  return row?.template_id ?? null;
}

export async function retireTemplate(db: Kysely<DB>, templateId: number): Promise<void> {
  await db
    .updateTable('form_templates')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()`, default_for_type: null })
    .where('template_id', '=', templateId)
    .execute();
}

export async function deleteTemplate(db: Kysely<DB>, templateId: number): Promise<void> {
  await db.deleteFrom('form_templates').where('template_id', '=', templateId).execute();
}

export async function findFields(db: Kysely<DB>, companyId: number, fieldIds: number[]): Promise<FieldRow[]> {
  if (fieldIds.length === 0) return [];
  return db
    .selectFrom('form_fields as f')
    .innerJoin('form_templates as t', 't.template_id', 'f.template_id')
    .selectAll('f')
    .where('f.company_id', '=', companyId)
    .where('f.field_id', 'in', fieldIds)
    .where('t.deleted_at', 'is', null)
    .execute();
}

export async function findDefaultTemplateId(db: Kysely<DB>, companyId: number, type: TemplateType): Promise<number | undefined> {
  const row = await db
    .selectFrom('form_templates')
    .select('template_id')
    .where('company_id', '=', companyId)
    .where('default_for_type', '=', type)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.template_id;
}

/** One hide-until link (the form_hide_until module's routes, through the service): form_templates own the rules of their fields. */
export async function insertRule(db: Kysely<DB>, row: { company_id: number; hidden_field_id: number; linked_field_id: number; linked_input: string }): Promise<RuleRow> {
  return db.insertInto('form_hide_until').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateRule(db: Kysely<DB>, uid: string, linkedFieldId: number, linkedInput: string): Promise<RuleRow> {
  return db
    .updateTable('form_hide_until')
    .set({ linked_field_id: linkedFieldId, linked_input: linkedInput })
    .where('form_field_hidden_uid', '=', uid)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRule(db: Kysely<DB>, uid: string): Promise<void> {
  await db.deleteFrom('form_hide_until').where('form_field_hidden_uid', '=', uid).execute();
}
