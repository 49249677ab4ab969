import type { FastifyInstance } from 'fastify';
import { tasksEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { tasksHandlers } from './tasks.routes.js';
import { startRecurringTasks } from './recurring-tasks.js';

export { changeTask, type TaskState } from './tasks.service.js';
export { repeatsOn } from './recurring-schedule.js';

export async function tasksModule(app: FastifyInstance) {
  registerEndpoints(app, tasksEndpoints, tasksHandlers);
  // Every API process schedules and works recurring tasks; the occurrence key keeps each made once.
  if (app.boss) await startRecurringTasks(app.db, app.boss, app.log);
}
