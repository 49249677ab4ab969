import type { automationsEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './automations.service.js';

export const automationsHandlers: Handlers<typeof automationsEndpoints> = {
  getAutomationFields: ({ app, user, input }) => service.getAutomationFields(app, user, input),
  createNewNotification: ({ app, user, input }) => service.createNewNotification(app, user, input),
  getNotifications: ({ app, user }) => service.getNotifications(app, user),
  deleteNotification: ({ app, user, input }) => service.deleteNotification(app, user, input),
  createTaskNotification: ({ app, user, input }) => service.createTaskNotification(app, user, input),
  createTemplateNotification: ({ app, user, input }) => service.createTemplateNotification(app, user, input),
  getNotificationDeliveries: ({ app, user, input }) => service.getNotificationDeliveries(app, user, input),
  retryNotificationDelivery: ({ app, user, input }) => service.retryNotificationDelivery(app, user, input),
  sendTestNotification: ({ app, user, input }) => service.sendTestNotification(app, user, input),
  rotateWebhookSecret: ({ app, user, input }) => service.rotateWebhookSecret(app, user, input),
};
