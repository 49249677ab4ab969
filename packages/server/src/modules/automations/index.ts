import type { FastifyInstance } from 'fastify';
import { automationsEndpoints } from '@verdant/contract';
import { registerEndpoints } from '../../plugins/contract-routes.js';
import { DEFAULT_DELIVERY_POLICY, startDeliveryWorker } from './automations.delivery.js';
import { startNotificationSchedules } from './automations.schedules.js';
import { automationsHandlers } from './automations.routes.js';
import { webhookClientOf } from './automations.service.js';

/** What other modules raise, inside the transaction of their write: the automations it fires are delivered from here. */
export { raiseNotificationEvent, taskEvents, type NotificationEvent } from './automations.events.js';

export async function automationsModule(app: FastifyInstance) {
  registerEndpoints(app, automationsEndpoints, automationsHandlers);
  // Every API process works deliveries; the claim in automations.delivery.ts keeps each sent once.
  if (app.boss) {
    const worker = await startDeliveryWorker(
      { db: app.db, mailer: app.mailer, hooks: webhookClientOf(app.config), publicUrl: app.config.publicUrl, log: app.log },
      app.boss,
      { ...DEFAULT_DELIVERY_POLICY, ...app.config.notificationDelivery },
    );
    app.addHook('preClose', () => worker.stop());
    // Template reminders and the weekly report: a cron job; the delivery key keeps each occurrence to one.
    await startNotificationSchedules(app.db, app.boss, app.log);
  }
}
