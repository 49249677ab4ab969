import {
  formTemplatesEndpoints as ep,
  formTemplatesMessages as msg,
  type TemplateType,
} from '@verdant/contract';
import { ApiError, withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

export { loadFormTemplates as getFormTemplates, type FormTemplatesAnswer } from './form-templates';

/** A field as the builder sends it (spec-2 §3 payload names; isRequired as 1 or 0). */
export interface NewFieldPayload {
  fieldName: string;
  fieldType: string;
  fieldOptions: string[];
  report_id: number | null;
  cssClass: string;
  isRequired: 0 | 1;
  position?: number;
}

/** A change to a saved field: its FieldID and only what changes; IsActive 0 retires it. */
export interface UpdatedFieldPayload {
  FieldID: number;
  fieldName?: string;
  fieldType?: string;
  fieldOptions?: string[];
  report_id?: number | null;
  cssClass?: string;
  isRequired?: 0 | 1;
  IsActive?: 0 | 1;
  position?: number;
}

/** GET /get_field_types?company_id: the field types and the template types that keep a default. */
export function getFieldTypes(companyId: number) {
  return callEndpoint(ep.getFieldTypes, { company_id: companyId });
}

export interface SaveTemplateInput {
  templateName: string;
  companyID: number | null | undefined;
  fields: NewFieldPayload[];
  FormCategory?: string;
  PageCSS?: string;
}

/** POST /save_form_template: needs templateName, companyID and fields. Answers the stored template. */
export async function saveFormTemplate(input: SaveTemplateInput) {
  if (!input.templateName.trim() || !input.companyID || !Array.isArray(input.fields) || input.fields.length === 0) {
    throw new ApiError(msg.saveNeeds);
  }
  const res = await callEndpoint(ep.saveFormTemplate, {
    templateName: input.templateName,
    companyID: input.companyID,
    fields: input.fields,
    FormCategory: input.FormCategory || undefined,
    PageCSS: input.PageCSS,
  });
  return res.template;
}

export interface UpdateTemplateInput {
  templateID: number | null | undefined;
  newFields: NewFieldPayload[];
  updatedFields: UpdatedFieldPayload[];
  templateName?: string;
  FormCategory?: string;
  PageCSS?: string;
}

/** POST /update_form_template: needs templateID and the arrays newFields and updatedFields (either may be empty). */
export async function updateFormTemplate(input: UpdateTemplateInput) {
  if (!input.templateID || !Array.isArray(input.newFields) || !Array.isArray(input.updatedFields)) throw new ApiError(msg.updateNeeds);
  const res = await callEndpoint(ep.updateFormTemplate, {
    templateID: input.templateID,
    newFields: input.newFields,
    updatedFields: input.updatedFields,
    templateName: input.templateName,
    FormCategory: input.FormCategory || undefined,
    PageCSS: input.PageCSS,
  });
  return res.template;
}

/** PUT /update_default_template: makes the template the company's default for a template type. */
export async function updateDefaultTemplate(
  templateId: number | null | undefined,
  companyId: number | null | undefined,
  templateType: TemplateType | '' | null | undefined,
) {
  if (!templateId || !companyId || !templateType) throw new ApiError(msg.defaultNeeds);
  return callEndpoint(ep.updateDefaultTemplate, { template_id: templateId, company_id: companyId, template_type: templateType });
}

/** PUT /reset_all_templates: the built-in templates replace the current defaults; the company's own templates stay. */
export function resetAllTemplates(companyId: number) {
  return callEndpoint(ep.resetAllTemplates, { company_id: companyId });
}

/** DELETE /delete_template: a template with answers is retired (`retired: true`) instead. Fallback 'Failed to delete template.' */
export function deleteTemplate(templateId: number) {
  return withFallback(msg.deleteFailed, () => callEndpoint(ep.deleteTemplate, { template_id: templateId }));
}
