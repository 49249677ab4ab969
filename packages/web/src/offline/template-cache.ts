import type { FormField, FormTemplate } from '@verdant/contract';
import { db as defaultDb, type FormFieldRow, type FormTemplateRow, type OfflineDatabase } from './db';

/**
 * The spec's tables index only the columns it names; the rest of a template (UpdatedAt, DefaultForType,
 * DeletedAt) and of a field (report_id, Position, HideUntil) rides along unindexed on the same rows, so
 * a form renders offline exactly as online without touching the version-1 schema.
 */
type CachedTemplate = FormTemplateRow & Pick<FormTemplate, 'UpdatedAt' | 'DefaultForType' | 'DeletedAt'>;
type CachedField = FormFieldRow & Pick<FormField, 'report_id' | 'Position' | 'HideUntil'>;

function toTemplateRow(t: FormTemplate): CachedTemplate {
  return {
    TemplateID: t.TemplateID,
    TemplateName: t.TemplateName,
    CompanyID: t.CompanyID,
    CreatedAt: t.CreatedAt,
    FormCategory: t.FormCategory,
    PageCSS: t.PageCSS,
    UpdatedAt: t.UpdatedAt,
    DefaultForType: t.DefaultForType,
    DeletedAt: t.DeletedAt,
  };
}

function toFieldRow(f: FormField): CachedField {
  return {
    // The row key is the server's FieldID: a refetch overwrites a field instead of duplicating it.
    id: f.FieldID,
    FieldID: f.FieldID,
    TemplateID: f.TemplateID,
    FieldName: f.FieldName,
    FieldType: f.FieldType,
    FieldOptions: f.FieldOptions,
    IsRequired: f.IsRequired,
    IsActive: f.IsActive,
    CSSClass: f.CSSClass,
    report_id: f.report_id,
    Position: f.Position,
    HideUntil: f.HideUntil,
  };
}

function options(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v) {
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      return v.split(',').map((s) => s.trim()).filter(Boolean);
    }
  }
  return [];
}

function fromFieldRow(r: CachedField): FormField {
  return {
    FieldID: r.FieldID,
    TemplateID: r.TemplateID,
    FieldName: r.FieldName,
    FieldType: r.FieldType,
    FieldOptions: options(r.FieldOptions),
    IsRequired: Boolean(r.IsRequired),
    IsActive: Boolean(r.IsActive),
    CSSClass: r.CSSClass ?? '',
    report_id: r.report_id ?? null,
    Position: r.Position ?? 0,
    HideUntil: r.HideUntil ?? null,
  };
}

function fromTemplateRow(t: CachedTemplate, fields: FormField[]): FormTemplate {
  return {
    TemplateID: t.TemplateID,
    TemplateName: t.TemplateName,
    CompanyID: t.CompanyID,
    CreatedAt: t.CreatedAt ?? '',
    UpdatedAt: t.UpdatedAt ?? t.CreatedAt ?? '',
    FormCategory: t.FormCategory ?? '',
    PageCSS: t.PageCSS ?? '',
    DefaultForType: t.DefaultForType ?? null,
    DeletedAt: t.DeletedAt ?? null,
    fields,
  };
}

/**
 * Writes templates from an online /get_form_templates answer. A load of the whole list (no `templateId`)
 * replaces the company's cached templates, so deleted ones disappear; a single-template load replaces
 * only that template and its fields.
 */
export async function cacheTemplates(
  companyId: number,
  templates: FormTemplate[],
  scope: { templateId?: number } = {},
  database: OfflineDatabase = defaultDb,
): Promise<void> {
  await database.transaction('rw', [database.formTemplates, database.formFields], async () => {
    const stale =
      scope.templateId !== undefined
        ? [scope.templateId]
        : ((await database.formTemplates.where('CompanyID').equals(companyId).primaryKeys()) as number[]);
    await database.formFields.where('TemplateID').anyOf(stale).delete();
    await database.formTemplates.bulkDelete(stale);
    const own = templates.filter((t) => t.CompanyID === companyId);
    await database.formTemplates.bulkPut(own.map(toTemplateRow));
    await database.formFields.bulkPut(own.flatMap((t) => t.fields.map(toFieldRow)));
  });
}

/**
 * Templates of a company as /get_form_templates answers them, read from the local database: live ones
 * sorted by name, fields in display order. With `templateId` that one template (a retired one too).
 */
export async function readCachedTemplates(
  companyId: number,
  templateId?: number,
  database: OfflineDatabase = defaultDb,
): Promise<FormTemplate[]> {
  let rows: CachedTemplate[];
  if (templateId !== undefined) {
    const row = (await database.formTemplates.get(templateId)) as CachedTemplate | undefined;
    rows = row && row.CompanyID === companyId ? [row] : [];
  } else {
    rows = ((await database.formTemplates.where('CompanyID').equals(companyId).toArray()) as CachedTemplate[])
      .filter((t) => !t.DeletedAt)
      .sort((a, b) => a.TemplateName.localeCompare(b.TemplateName));
  }
  const fields = (await database.formFields.where('TemplateID').anyOf(rows.map((t) => t.TemplateID)).toArray()) as CachedField[];
  const byTemplate = new Map<number, FormField[]>();
  for (const f of fields.sort((a, b) => (a.Position ?? 0) - (b.Position ?? 0) || a.FieldID - b.FieldID)) {
    const list = byTemplate.get(f.TemplateID) ?? [];
    list.push(fromFieldRow(f));
    byTemplate.set(f.TemplateID, list);
  }
  return rows.map((t) => fromTemplateRow(t, byTemplate.get(t.TemplateID) ?? []));
}
