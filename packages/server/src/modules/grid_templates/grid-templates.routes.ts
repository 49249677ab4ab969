import { gridTemplatesEndpoints, gridTemplatesMessages as msg } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import { createTemplate, deleteTemplate, listTemplates, submitTemplate } from './grid-templates.service.js';

const ok = 'success' as const;

export const gridTemplatesHandlers: Handlers<typeof gridTemplatesEndpoints> = {
  createGridTemplates: async ({ app, user, input }) => ({
    status: ok,
    message: msg.created,
    template: await createTemplate(app, user, input),
  }),
  getGridTemplates: async ({ app, user, input }) => ({
    status: ok,
    templates: await listTemplates(app, user, input.company_id, input.type),
  }),
  deleteGridTemplates: async ({ app, user, input }) => {
    await deleteTemplate(app, user, input.company_id, input.template_id);
    return { status: ok, message: msg.deleted, template_id: input.template_id };
  },
  submitGridTemplate: async ({ app, user, input }) => {
    const done = await submitTemplate(app, user, input, app.config.boxLimits);
    return {
      status: ok,
      message: msg.submitted,
      template_id: done.templateId,
      template_type: done.templateType,
      grid: done.grid,
      sub_gridboxes: done.subGridboxes,
      created_count: done.createdCount,
    };
  },
};
