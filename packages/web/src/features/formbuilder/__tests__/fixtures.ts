import type { FormField, FormTemplate } from '@verdant/contract';

const T = '2026-01-05T08:00:00.000Z';

export const makeField = (id: number, name: string, type: string, extra: Partial<FormField> = {}): FormField => ({
  FieldID: id, TemplateID: 50, FieldName: name, FieldType: type, FieldOptions: [], IsRequired: false, IsActive: true,
  CSSClass: '', report_id: null, Position: id, HideUntil: null, ...extra,
});

export const makeTemplate = (extra: Partial<FormTemplate> = {}): FormTemplate => ({
  TemplateID: 50, TemplateName: 'Scouting', CompanyID: 3, CreatedAt: T, UpdatedAt: T, FormCategory: 'scouting', PageCSS: '',
  DefaultForType: 'scouting', DeletedAt: null, fields: [makeField(1, 'Problem', 'problem', { IsRequired: true })], ...extra,
});
