import type { FieldType, TemplateType } from '@verdant/contract';
import { optionsOf, toRule } from './form-templates.mapper.js';
import * as repo from './form-templates.repository.js';
import type { HideUntilRule } from '@verdant/contract';
import type { Deps } from '../../lib/deps.js';

export interface SubmissionField {
  fieldId: number;
  name: string;
  type: FieldType;
  options: string[];
  required: boolean;
  reportId: number | null;
  position: number;
}

export interface SubmissionTemplate {
  templateId: number;
  companyId: number;
  name: string;
  category: string;
  defaultForType: TemplateType | null;
  /** Set when the template was retired; whether a retired template still takes submissions is the caller's call. */
  deletedAt: Date | null;
  /** Active fields only, in display order. */
  fields: SubmissionField[];
  /** Rules between active fields only (see visibleFields). */
  rules: HideUntilRule[];
}

/**
 * What a submission is validated against: the company's template with its active fields and
 * hide-until rules. Undefined when the id is not a template of this company (answer 404).
 */
export async function loadTemplateForSubmission({ db }: Deps, companyId: number, templateId: number): Promise<SubmissionTemplate | undefined> {
  const row = await repo.findTemplate(db, companyId, templateId);
  if (!row) return undefined;
  const [fields, rules] = await Promise.all([repo.fieldsOfTemplates(db, [templateId]), repo.rulesOfTemplates(db, [templateId])]);
  const active = fields.filter((f) => f.is_active);
  const activeIds = new Set(active.map((f) => f.field_id));
  return {
    templateId: row.template_id,
    companyId: row.company_id,
    name: row.template_name,
    category: row.form_category,
    defaultForType: row.default_for_type ?? null,
    deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
    fields: active.map((f) => ({
      fieldId: f.field_id,
      name: f.field_name,
      type: f.field_type,
      options: optionsOf(f.field_options),
      required: f.is_required,
      reportId: f.report_id,
      position: f.position,
    })),
    rules: rules.filter((r) => activeIds.has(r.hidden_field_id) && activeIds.has(r.linked_field_id)).map(toRule),
  };
}

/** The company's live default template for a type (e.g. 'multiselect' for Coordinates), if it has one. */
export async function defaultTemplateId({ db }: Deps, companyId: number, type: TemplateType): Promise<number | undefined> {
  return repo.findDefaultTemplateId(db, companyId, type);
}

export interface FieldRef {
  fieldId: number;
  templateId: number;
  name: string;
  type: FieldType;
  active: boolean;
}

/** Fields of the company's live templates among `fieldIds`, active or retired (others, and other companies', are absent). */
export async function findLiveFields({ db }: Deps, companyId: number, fieldIds: number[]): Promise<FieldRef[]> {
  const rows = await repo.findFields(db, companyId, fieldIds);
  return rows.map((f) => ({ fieldId: f.field_id, templateId: f.template_id, name: f.field_name, type: f.field_type, active: f.is_active }));
}
