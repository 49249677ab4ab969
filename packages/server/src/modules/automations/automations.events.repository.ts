import { sql, type Kysely } from 'kysely';
import type { ChannelColumn, DB } from '../../db/schema.js';

/** The SQL of raising an event (automations.events.ts): the automations it may trigger, the facts of its message, its deliveries. */

type Db = Kysely<DB>;

export interface NotificationRow {
  notification_id: number;
  kind: string;
  trigger: string | null;
  channels: ChannelColumn[];
  problem_type: string | null;
  form_category: string | null;
  template_id: number | null;
  form_field_id: number | null;
  keyword: string | null;
  user_id: number | null;
  triggered_by: string | null;
}

const matchColumns = [
  'notification_id', 'kind', 'trigger', 'channels', 'problem_type', 'form_category', 'template_id', 'form_field_id', 'keyword', 'user_id', 'triggered_by',
] as const;

/** A company's live automations with one of `triggers` (of `kinds`), and all its live task notifications when `kinds` has 'task'. */
export function liveNotifications(trx: Db, companyId: number, triggers: string[], kinds: Array<'automation' | 'task'>): Promise<NotificationRow[]> {
  return trx
    .selectFrom('notifications')
    .select(matchColumns)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('kind', 'in', kinds)
    .where((eb) => eb.or([eb('trigger', 'in', triggers), eb('kind', '=', 'task')]))
    .execute() as Promise<NotificationRow[]>;
}

/** One live notification of the company (a threshold names its automation). */
export function liveNotification(trx: Db, companyId: number, notificationId: number): Promise<NotificationRow | undefined> {
  return trx
    .selectFrom('notifications')
    .select(matchColumns)
    .where('company_id', '=', companyId)
    .where('notification_id', '=', notificationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst() as Promise<NotificationRow | undefined>;
}

export function roomName(trx: Db, companyId: number, roomId: number): Promise<string | undefined> {
  return trx.selectFrom('rooms').select('name').where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst().then((r) => r?.name);
}

/** A user's full name; `companyId` null when the id was already checked (a task's assignee). */
export async function userName(trx: Db, companyId: number | null, userId: number): Promise<string | undefined> {
  let q = trx.selectFrom('users').select(['first_name', 'last_name']).where('user_id', '=', userId);
  if (companyId !== null) q = q.where('company_id', '=', companyId);
  const user = await q.executeTakeFirst();
  return user ? `${user.first_name} ${user.last_name}`.trim() : undefined;
}

export function formOf(trx: Db, companyId: number, templateId: number) {
  return trx
    .selectFrom('form_templates')
    .select(['template_name', 'form_category'])
    .where('company_id', '=', companyId)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
}

/** A task without its own title is called by its first text answer, else its form's name (as the task lists title it). */
export async function untitledTaskName(trx: Db, responseId: number): Promise<string> {
  const row = await sql<{ name: string | null }>`
    SELECT coalesce(
      (SELECT nullif(fr.input_data, '') FROM field_responses fr JOIN form_fields ff ON ff.field_id = fr.field_id
        WHERE fr.response_id = r.response_id AND ff.field_type IN ('text', 'textarea') AND fr.input_data <> ''
        ORDER BY ff.position, ff.field_id LIMIT 1),
      ft.template_name) AS name
    FROM form_responses r JOIN form_templates ft ON ft.template_id = r.template_id
    WHERE r.response_id = ${responseId}`.execute(trx);
  return row.rows[0]?.name ?? `Task ${responseId}`;
}

/** The id of the open transaction: one transaction may change a task once per event type. */
export async function transactionId(trx: Db): Promise<string> {
  return (await sql<{ txid: string }>`SELECT txid_current()::text AS txid`.execute(trx)).rows[0]!.txid;
}

export interface NewDelivery {
  company_id: number;
  notification_id: number;
  event_key: string;
  event_type: string;
  channel: ChannelColumn;
  /** The DeliveryMessage, as JSON. */
  message: string;
}

/** Inserts deliveries; one already made for the same (notification, event key, channel) is kept and not answered. */
export async function insertDeliveries(trx: Db, rows: NewDelivery[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const made = await trx
    .insertInto('notification_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['notification_id', 'event_key', 'channel']).doNothing())
    .returning('delivery_id')
    .execute();
  return made.map((r) => r.delivery_id);
}
