import { TEMPLATE_TYPES, type FormField, type FormTemplate, type HideUntilLink, type TemplateType } from '@verdant/contract';
import type { FieldRow, RuleRow, TemplateRow } from './form-templates.repository.js';
import type { HideUntilRule } from '@verdant/contract';
import { iso, isoOrNull } from '../../lib/iso.js';

/** field_options is jsonb: a list of texts by construction, but never trust a row to be one. */
export const optionsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

const asTemplateType = (v: string | null): TemplateType | null => ((TEMPLATE_TYPES as readonly string[]).includes(v ?? '') ? (v as TemplateType) : null);

export function toHideUntilLink(row: RuleRow): HideUntilLink {
  return {
    form_field_hidden_UID: row.form_field_hidden_uid,
    form_field_hidden_FieldID: row.hidden_field_id,
    form_field_linked_FieldID: row.linked_field_id,
    form_field_linked_input: row.linked_input,
  };
}

export const toRule = (row: RuleRow): HideUntilRule => ({
  hiddenFieldId: row.hidden_field_id,
  linkedFieldId: row.linked_field_id,
  linkedInput: row.linked_input,
});

export function toFormField(row: FieldRow, rule: RuleRow | undefined): FormField {
  return {
    FieldID: row.field_id,
    TemplateID: row.template_id,
    FieldName: row.field_name,
    FieldType: row.field_type,
    FieldOptions: optionsOf(row.field_options),
    IsRequired: row.is_required,
    IsActive: row.is_active,
    CSSClass: row.css_class,
    report_id: row.report_id,
    Position: row.position,
    HideUntil: rule ? toHideUntilLink(rule) : null,
  };
}

export function toFormTemplate(row: TemplateRow, fields: FieldRow[], rules: RuleRow[]): FormTemplate {
  const ruleOf = new Map(rules.map((r) => [r.hidden_field_id, r]));
  return {
    TemplateID: row.template_id,
    TemplateName: row.template_name,
    CompanyID: row.company_id,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
    FormCategory: row.form_category,
    PageCSS: row.page_css,
    DefaultForType: asTemplateType(row.default_for_type),
    DeletedAt: isoOrNull(row.deleted_at),
    fields: fields.filter((f) => f.template_id === row.template_id).map((f) => toFormField(f, ruleOf.get(f.field_id))),
  };
}
