import { FIELD_TYPES, TEMPLATE_TYPES, formTemplatesEndpoints, formTemplatesMessages as msg } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { FIELD_TYPE_INFO } from './field-type-info.js';
import {
  deleteFormTemplate,
  listFormTemplates,
  resetAllTemplates,
  saveFormTemplate,
  setDefaultTemplate,
  updateFormTemplate,
} from './form-templates.service.js';

const ok = 'success' as const;

export const formTemplatesHandlers: Handlers<typeof formTemplatesEndpoints> = {
  getFormTemplates: async ({ app, user, input }) => ({
    status: ok,
    templates: await listFormTemplates(app, user, input.company_id, input.template_id),
  }),
  getFieldTypes: async () => ({
    status: ok,
    field_types: FIELD_TYPES.map((type) => ({ type, ...FIELD_TYPE_INFO[type] })),
    template_types: [...TEMPLATE_TYPES],
  }),
  saveFormTemplate: async ({ app, user, input }) => ({
    status: ok,
    message: msg.saved,
    template: await saveFormTemplate(app, user, input),
  }),
  updateFormTemplate: async ({ app, user, input }) => ({
    status: ok,
    message: msg.updated,
    template: await updateFormTemplate(app, user, input),
  }),
  updateDefaultTemplate: async ({ app, user, input }) => {
    const { previousTemplateId } = await setDefaultTemplate(app, user, input);
    return { status: ok, message: msg.defaultSet, template_id: input.template_id, template_type: input.template_type, previous_template_id: previousTemplateId };
  },
  resetAllTemplates: async ({ app, user, input }) => {
    const done = await resetAllTemplates(app, user, input.company_id);
    return { status: ok, message: msg.reset, templates: done.templates, retired_template_ids: done.retired, deleted_template_ids: done.deleted };
  },
  deleteTemplate: async ({ app, user, input }) => {
    const { retired } = await deleteFormTemplate(app, user, input.template_id);
    return { status: ok, message: retired ? msg.retired : msg.deleted, template_id: input.template_id, retired };
  },
};
