import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, NotificationTable } from '../../db/schema.js';
import { webhookSecrets } from './automations.delivery.repository.js';

type Db = Kysely<DB>;

export type NewNotification = Omit<
  NotificationTable,
  'notification_id' | 'created_at' | 'deleted_at' | 'email_recipients' | 'weekly_report' | 'is_automation' | 'webhook_previous_secret' | 'webhook_previous_secret_until'
> & {
  email_recipients: string[];
  weekly_report: number;
  is_automation: number;
};

const notificationColumns = [
  'n.notification_id', 'n.company_id', 'n.user_id', 'n.created_by', 'n.kind', 'n.channels', 'n.trigger', 'n.problem_type', 'n.email_recipients',
  'n.weekly_report', 'n.report_duration_weeks', 'n.form_category', 'n.template_id', 'n.form_field_id', 'n.keyword', 'n.is_automation',
  'n.triggered_by', 'n.frequency', 'n.notification_time', 'n.slack_webhook_url', 'n.teams_webhook_url', 'n.webhook_url',
  'n.webhook_previous_secret_until', 'n.created_at',
] as const;

function notificationsQuery(db: Db, companyId: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('form_templates as t', 't.template_id', 'n.template_id')
    .leftJoin('form_fields as f', 'f.field_id', 'n.form_field_id')
    .select(notificationColumns)
    .select(['t.template_name', 'f.field_name'])
    .select((eb) =>
      eb
        .selectFrom('notification_deliveries as d')
        .select(sql<number>`count(*)::int`.as('c'))
        .whereRef('d.notification_id', '=', 'n.notification_id')
        .where('d.status', '=', 'dead')
        .as('dead_deliveries'),
    )
    .where('n.company_id', '=', companyId)
    .where('n.deleted_at', 'is', null);
}
export type NotificationRow = Awaited<ReturnType<ReturnType<typeof notificationsQuery>['executeTakeFirstOrThrow']>>;

export const listNotifications = (db: Db, companyId: number) => notificationsQuery(db, companyId).orderBy('n.notification_id', 'desc').execute();

export const findNotification = (db: Db, companyId: number, id: number) =>
  notificationsQuery(db, companyId).where('n.notification_id', '=', id).executeTakeFirst();

export async function insertNotification(trx: Transaction<DB>, row: NewNotification): Promise<number> {
  const made = await trx.insertInto('notifications').values(row).returning('notification_id').executeTakeFirstOrThrow();
  return made.notification_id;
}

export const lockNotification = (trx: Transaction<DB>, companyId: number, id: number) =>
  trx
    .selectFrom('notifications')
    .select(['notification_id', 'user_id', 'created_by', 'kind', 'trigger', 'channels'])
    .where('company_id', '=', companyId)
    .where('notification_id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

/** The secrets a notification's generic webhook is signed with now (newest first). */
export async function signingSecrets(db: Db, companyId: number, id: number): Promise<string[]> {
  const row = await db.selectFrom('notifications as n').select(webhookSecrets).where('n.company_id', '=', companyId).where('n.notification_id', '=', id).executeTakeFirst();
  return row?.webhook_secrets ?? [];
}

/** A new secret; the replaced one keeps signing until `previousUntil` (one before it is dropped). */
export const rotateWebhookSecret = (trx: Transaction<DB>, id: number, secret: string, previousUntil: Date) =>
  trx
    .updateTable('notifications')
    .set((eb) => ({ webhook_previous_secret: eb.ref('webhook_secret'), webhook_previous_secret_until: previousUntil, webhook_secret: secret }))
    .where('notification_id', '=', id)
    .execute();

export const softDeleteNotification = (trx: Transaction<DB>, id: number) =>
  trx.updateTable('notifications').set({ deleted_at: new Date() }).where('notification_id', '=', id).execute();

export const liveTemplates = (db: Db, companyId: number, templateId?: number) => {
  let q = db
    .selectFrom('form_templates')
    .select(['template_id', 'template_name', 'form_category'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
  if (templateId !== undefined) q = q.where('template_id', '=', templateId);
  return q.orderBy('template_name').orderBy('template_id').execute();
};

export const activeFields = (db: Db, companyId: number, templateIds: number[]) =>
  templateIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('form_fields')
        .select(['field_id', 'field_name', 'field_type', 'template_id'])
        .where('company_id', '=', companyId)
        .where('template_id', 'in', templateIds)
        .where('is_active', '=', true)
        .orderBy('template_id')
        .orderBy('position')
        .orderBy('field_id')
        .execute();

export const findField = (db: Db, companyId: number, fieldId: number) =>
  db
    .selectFrom('form_fields as f')
    .innerJoin('form_templates as t', 't.template_id', 'f.template_id')
    .select(['f.field_id', 'f.template_id'])
    .where('f.company_id', '=', companyId)
    .where('f.field_id', '=', fieldId)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();

/** The library's problems and the company's own, by name. */
export const problemTypes = async (db: Db, companyId: number) =>
  (
    await db
      .selectFrom('plant_problems')
      .select('name')
      .distinct()
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      .orderBy('name')
      .limit(1000)
      .execute()
  ).map((r) => r.name);

export interface DeliveryFilter {
  companyId: number;
  notificationId?: number;
  status?: 'pending' | 'sent' | 'failed' | 'dead';
}

function deliveriesQuery(db: Db, f: DeliveryFilter) {
  let q = db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notifications as n', 'n.notification_id', 'd.notification_id')
    .where('d.company_id', '=', f.companyId);
  if (f.notificationId !== undefined) q = q.where('d.notification_id', '=', f.notificationId);
  if (f.status !== undefined) q = q.where('d.status', '=', f.status);
  return q;
}

const deliveryColumns = [
  'd.delivery_id', 'd.notification_id', 'd.channel', 'd.message', 'd.event_type', 'd.status', 'd.attempts', 'd.last_error', 'd.answer', 'd.created_at',
  'd.sent_at', 'n.email_recipients', 'n.slack_webhook_url', 'n.teams_webhook_url', 'n.webhook_url',
] as const;

export const listDeliveries = (db: Db, f: DeliveryFilter, limit: number, offset: number) =>
  deliveriesQuery(db, f).select(deliveryColumns).orderBy('d.delivery_id', 'desc').limit(limit).offset(offset).execute();
export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];

export const countDeliveries = async (db: Db, f: DeliveryFilter) =>
  Number((await deliveriesQuery(db, f).select(sql<number>`count(*)::int`.as('c')).executeTakeFirstOrThrow()).c);

export const findDelivery = (db: Db, companyId: number, id: number) =>
  deliveriesQuery(db, { companyId }).select(deliveryColumns).where('d.delivery_id', '=', id).executeTakeFirst();

/** A dead delivery back to pending (its lease cleared); false when it is not dead (any more). */
export async function reviveDelivery(trx: Transaction<DB>, companyId: number, id: number): Promise<boolean> {
  const r = await trx
    .updateTable('notification_deliveries')
    .set({ status: 'pending', locked_until: null })
    .where('company_id', '=', companyId)
    .where('delivery_id', '=', id)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
