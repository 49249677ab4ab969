import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { TEMPLATE_TYPES } from './field-types.js';
import {
  FieldList,
  FieldTypeInfo,
  FormCategory,
  FormTemplate,
  NewFieldInput,
  PageCssInput,
  TemplateName,
  TemplateTypeSchema,
  UpdatedFieldInput,
} from './form-templates.schemas.js';
import { formTemplatesMessages } from './form-templates.messages.js';

// Reads are for every role (scouts render forms); building, defaults, reset and delete change what every
// scout fills in, so they are for Admin and SuperAdmin.
export const formTemplatesEndpoints = {
  getFormTemplates: defineEndpoint({
    id: 'getFormTemplates', domain: 'forms', method: 'GET', path: '/get_form_templates',
    summary: "The company's live templates with their fields (ordered) and hide-until rules; with template_id one template, a retired one too",
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'], resource: true },
    query: z.object({ company_id: CompanyId, template_id: Id.optional() }),
    response: success({ templates: z.array(FormTemplate) }),
    clientMessages: formTemplatesMessages,
  }),
  getFieldTypes: defineEndpoint({
    id: 'getFieldTypes', domain: 'forms', method: 'GET', path: '/get_field_types',
    summary: 'The field types a form can hold, and the template types a company keeps defaults for',
    auth: { kind: 'user', roles: ALL_ROLES }, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ field_types: z.array(FieldTypeInfo), template_types: z.array(z.enum(TEMPLATE_TYPES)) }),
  }),
  saveFormTemplate: defineEndpoint({
    id: 'saveFormTemplate', domain: 'forms', method: 'POST', path: '/save_form_template',
    summary: 'Create a template with its fields (Admin); PageCSS and cssClass are stored sanitised',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['companyID'] },
    either: z.object({
      templateName: TemplateName,
      companyID: CompanyId,
      fields: FieldList(NewFieldInput, 1),
      FormCategory: FormCategory.optional(),
      PageCSS: PageCssInput.optional(),
    }),
    response: success({ message: z.string(), template: FormTemplate }),
    clientMessages: formTemplatesMessages,
  }),
  updateFormTemplate: defineEndpoint({
    id: 'updateFormTemplate', domain: 'forms', method: 'POST', path: '/update_form_template',
    summary: 'Add newFields and change updatedFields (by FieldID) of a template (Admin); fields not sent stay',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { resource: true },
    either: z.object({
      templateID: Id,
      newFields: FieldList(NewFieldInput, 0),
      updatedFields: FieldList(UpdatedFieldInput, 0),
      templateName: TemplateName.optional(),
      FormCategory: FormCategory.optional(),
      PageCSS: PageCssInput.optional(),
    }),
    response: success({ message: z.string(), template: FormTemplate }),
    clientMessages: formTemplatesMessages,
  }),
  updateDefaultTemplate: defineEndpoint({
    id: 'updateDefaultTemplate', domain: 'forms', method: 'PUT', path: '/update_default_template',
    summary: "Make a template the company's default for a template type (Admin)",
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'], resource: true },
    either: z.object({ template_id: Id, company_id: CompanyId, template_type: TemplateTypeSchema }),
    response: success({ message: z.string(), template_id: z.number(), template_type: TemplateTypeSchema, previous_template_id: z.number().nullable() }),
    clientMessages: formTemplatesMessages,
  }),
  resetAllTemplates: defineEndpoint({
    id: 'resetAllTemplates', domain: 'forms', method: 'PUT', path: '/reset_all_templates',
    summary: 'Replace every template with the built-in defaults (Admin); templates with responses are retired, not deleted',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { company: ['company_id'] },
    either: z.object({ company_id: CompanyId }),
    response: success({
      message: z.string(),
      templates: z.array(FormTemplate),
      retired_template_ids: z.array(z.number()),
      deleted_template_ids: z.array(z.number()),
    }),
  }),
  deleteTemplate: defineEndpoint({
    id: 'deleteTemplate', domain: 'forms', method: 'DELETE', path: '/delete_template',
    summary: 'Delete a template (Admin); one with responses is retired instead so they stay readable',
    auth: { kind: 'user', roles: ADMIN_ROLES }, tenancy: { resource: true },
    either: z.object({ template_id: Id }),
    response: success({ message: z.string(), template_id: z.number(), retired: z.boolean() }),
    clientMessages: formTemplatesMessages,
  }),
};
