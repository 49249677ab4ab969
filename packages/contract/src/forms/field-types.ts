/**
 * The field types a form can hold. `problem` fields create problem observations (their input is the
 * problem's name or slug); `severity` gives those observations their severity; `sticky-trap-count` is
 * read by the sticky-trap calls; `coordinates` is the box picker of multi-select forms.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'select',
  'multi-select',
  'checkbox',
  'date',
  'photo',
  'problem',
  'severity',
  'sticky-trap-count',
  'coordinates',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types a company keeps one default template for (update_default_template, reset_all_templates). */
export const TEMPLATE_TYPES = ['scouting', 'sticky_trap', 'multiselect', 'room', 'task', 'treatment'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
