import { automationsEndpoints, type DeliveryChannel, type DeliveryStatus, type EndpointRequest } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';

export type CreateNotificationInput = EndpointRequest<typeof automationsEndpoints.createNewNotification>;
export type CreateTaskNotificationInput = EndpointRequest<typeof automationsEndpoints.createTaskNotification>;
export type CreateTemplateNotificationInput = EndpointRequest<typeof automationsEndpoints.createTemplateNotification>;

/** GET /get_automation_fields?company_id: the triggers, methods, categories, templates, fields and problem types to choose from. */
export async function getAutomationFields(companyId: number) {
  const res = await callEndpoint(automationsEndpoints.getAutomationFields, { company_id: companyId });
  return res.data;
}

/** GET /get_notifications?user_id: the company's automations, task and template notifications (webhooks masked). */
export async function getNotifications(userId: number) {
  const res = await callEndpoint(automationsEndpoints.getNotifications, { user_id: userId });
  return res.notifications;
}

/** POST /Create_new_notification?user_id (multipart; methods and e-mail recipients joined with ';'). */
export async function createNotification(input: CreateNotificationInput) {
  return callEndpoint(automationsEndpoints.createNewNotification, input);
}

/** POST /create_task_notification: tell user_id about their tasks. */
export async function createTaskNotification(input: CreateTaskNotificationInput) {
  return callEndpoint(automationsEndpoints.createTaskNotification, input);
}

/** POST /create_template_notification?user_id (multipart): a reminder to fill in a form template. */
export async function createTemplateNotification(input: CreateTemplateNotificationInput) {
  return callEndpoint(automationsEndpoints.createTemplateNotification, input);
}

/** DELETE /delete_notification (notification_id, user_id). */
export async function deleteNotification(notificationId: number, userId: number) {
  return callEndpoint(automationsEndpoints.deleteNotification, { notification_id: notificationId, user_id: userId });
}

export interface DeliveryFilter {
  notificationId?: number;
  status?: DeliveryStatus;
  /** One-based, as the server counts. */
  page: number;
  perPage: number;
}

/** GET /get_notification_deliveries: one page of the company's delivery log, newest first. */
export async function getNotificationDeliveries(companyId: number, filter: DeliveryFilter) {
  const { deliveries, total, page, per_page } = await callEndpoint(automationsEndpoints.getNotificationDeliveries, {
    company_id: companyId,
    notification_id: filter.notificationId,
    status: filter.status,
    page: filter.page,
    per_page: filter.perPage,
  });
  return { deliveries, total, page, perPage: per_page };
}

/** POST /retry_notification_delivery: queue a dead delivery again (Admins). */
export async function retryNotificationDelivery(companyId: number, deliveryId: number) {
  return callEndpoint(automationsEndpoints.retryNotificationDelivery, { company_id: companyId, delivery_id: deliveryId });
}

/** POST /send_test_notification: send a test now; answers what was sent and the channel's answer. */
export async function sendTestNotification(companyId: number, notificationId: number, channel?: DeliveryChannel) {
  const { channel: sentTo, sent, status_code, answer, preview } = await callEndpoint(automationsEndpoints.sendTestNotification, {
    company_id: companyId,
    notification_id: notificationId,
    channel,
  });
  return { channel: sentTo, sent, status_code, answer, preview };
}

/** POST /rotate_webhook_secret: a new signing secret for a generic webhook, answered this once; the old one signs for a day more. */
export async function rotateWebhookSecret(companyId: number, notificationId: number) {
  return callEndpoint(automationsEndpoints.rotateWebhookSecret, { company_id: companyId, notification_id: notificationId });
}
