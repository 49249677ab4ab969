import type { tasksEndpoints } from '@verdant/contract';
import type { Handlers } from '../../plugins/contract-routes.js';
import * as service from './tasks.service.js';

export const tasksHandlers: Handlers<typeof tasksEndpoints> = {
  getTasks: ({ app, user, input }) => service.getTasks(app, user, input),
  getTaskFormResponses: ({ app, user, input }) => service.getTaskFormResponses(app, user, input),
  deleteTask: ({ app, user, input }) => service.deleteTask(app, user, input),
  updateTaskFields: ({ app, user, input }) => service.updateTaskFields(app, user, input),
  updateTaskDescriptionTitle: ({ app, user, input }) => service.updateTaskDescriptionTitle(app, user, input),
  getAllTaskTemplates: ({ app, user }) => service.getAllTaskTemplates(app, user),
  submitTaskAutomation: ({ app, user, input }) => service.submitTaskAutomation(app, user, input),
  // A delete that travels as GET: never stored by a browser or proxy, so a repeat reaches the server.
  deleteTaskTemplate: ({ app, user, input, reply }) => {
    reply.header('cache-control', 'no-store');
    return service.deleteTaskTemplate(app, user, input.id);
  },
};
