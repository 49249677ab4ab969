import type { FieldType } from './field-types.js';

/** The form builder's own checks (the sentences are ours) and the server's answers. */
export const formTemplatesMessages = {
  saveNeeds: 'Form template save needs templateName, companyID and fields.',
  updateNeeds: 'Template update needs templateID and arrays of newFields and updatedFields.',
  defaultNeeds: 'Default template update needs template_id, company_id and template_type.',
  deleteFailed: 'Failed to delete template.',
  fetchFailed: 'Failed to fetch form templates',
  saved: 'Form template saved.',
  updated: 'Form template updated.',
  defaultSet: 'Default template updated.',
  reset: 'Default templates restored.',
  deleted: 'Form template deleted.',
  retired: 'Form template retired; its responses stay readable.',
  noFieldsLeft: 'A template must keep at least one active field.',
} as const;

export const duplicateFormTemplateName = (name: string) => `A form template named "${name}" already exists.`;
export const duplicateFieldName = (name: string) => `must not repeat the field name "${name}" in one template`;
export const fieldNotInTemplate = (fieldId: number) => `Field ${fieldId} is not a field of this template.`;
export const fieldTypeLocked = (name: string, from: FieldType | string) =>
  `"${name}" already has answers as a ${from} field; retire it (IsActive 0) and add a new field instead.`;

export const hideUntilMessages = {
  added: 'Hide-until link added.',
  updated: 'Hide-until link updated.',
  deleted: 'Hide-until link deleted.',
  sameField: 'A field cannot be hidden until itself.',
  otherTemplate: 'Both fields must belong to the same template.',
  inactiveField: 'The linked field is retired; link to an active field.',
  cycle: 'This link would make a cycle: the linked field is itself hidden until this field.',
  exists: 'This field already has a hide-until link; update it instead.',
  notFound: 'Hide-until link not found.',
} as const;
