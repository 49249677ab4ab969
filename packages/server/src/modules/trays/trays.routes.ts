import type { traysEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './trays.service.js';

export const traysHandlers: Handlers<typeof traysEndpoints> = {
  getTrayTemplates: ({ app, user }) => service.listTemplates(app.db, user),
  createTrayTemplate: ({ app, user, input }) => service.createTemplate(app.db, user, input),
  deleteTrayTemplate: ({ app, user, input }) => service.deleteTemplate(app.db, user, input.template_id),
  useTrayTemplate: ({ app, user, input }) => service.useTemplate(app.db, user, input),
  getAllTrays: ({ app, user }) => service.listTrays(app.db, user),
  updateTray: ({ app, user, input }) => service.updateTray(app.db, user, input),
  createTray: ({ app, user, input }) => service.createTray(app.db, user, input),
  deleteTray: ({ app, user, input }) => service.deleteTray(app.db, user, input.tray_id),
};
