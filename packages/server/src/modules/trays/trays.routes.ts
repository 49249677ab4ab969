import type { traysEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './trays.service.js';

export const traysHandlers: Handlers<typeof traysEndpoints> = {
  getTrayTemplates: ({ app, user }) => service.listTemplates(app, user),
  createTrayTemplate: ({ app, user, input }) => service.createTemplate(app, user, input),
  deleteTrayTemplate: ({ app, user, input }) => service.deleteTemplate(app, user, input.template_id),
  useTrayTemplate: ({ app, user, input }) => service.useTemplate(app, user, input),
  getAllTrays: ({ app, user }) => service.listTrays(app, user),
  updateTray: ({ app, user, input }) => service.updateTray(app, user, input),
  createTray: ({ app, user, input }) => service.createTray(app, user, input),
  deleteTray: ({ app, user, input }) => service.deleteTray(app, user, input.tray_id),
};
