import { sql, type Kysely } from 'kysely';
import type { DB, DeliveryMessage } from '../db/schema.js';
import { jobsFor, jobsIn } from './boss.js';

/** The pg-boss queue whose jobs are deliveries (data: `{ delivery_id }`); worked by notification-delivery.ts. */
export const DELIVERY_QUEUE = 'notification-delivery';

interface EventBase {
  companyId: number;
  /** Who did what raised it (from the session); null for a scheduled job. */
  actorId: number | null;
}

/** Something that may trigger automations, raised inside the transaction of the write it describes. */
export type NotificationEvent =
  /**
   * Observations filed (modules/observations fileObservations): from a form response, a photo scan or camera
   * (its observations have no response), a batch problem (its first observation's id), or a reviewer confirming
   * a scan's detection (the detection's id). `suspected`: nobody has confirmed them yet (issue 18).
   */
  | (EventBase & {
      type: 'problem_observed';
      origin: { kind: 'response' | 'scan' | 'batch' | 'review'; id: number };
      problems: string[];
      roomId: number | null;
      gridBoxId: number | null;
      severity: number | null;
      suspected?: { confidence: number };
    })
  | (EventBase & {
      type: 'form_submitted';
      responseId: number;
      templateId: number;
      roomId: number | null;
      gridBoxId: number | null;
      answers: Array<{ fieldId: number; text: string }>;
    })
  | (EventBase & { type: 'task_assigned'; taskId: number; assigneeId: number; title: string })
  | (EventBase & { type: 'task_status_changed'; taskId: number; status: string; previous: string; assigneeId: number | null; title: string })
  /** An action threshold's level reached (modules/thresholds): sent through the channels of the automation it names. */
  | (EventBase & {
      type: 'threshold_crossed';
      crossingId: number;
      notificationId: number;
      level: 'amber' | 'red';
      problem: string;
      metric: 'count' | 'severity';
      value: number;
      amber: number;
      red: number;
      windowHours: number;
      roomId: number | null;
      gridBoxId: number | null;
    });

type NotificationRow = {
  notification_id: number;
  kind: string;
  trigger: string | null;
  channels: Array<'email' | 'slack' | 'teams'>;
  problem_type: string | null;
  form_category: string | null;
  template_id: number | null;
  form_field_id: number | null;
  keyword: string | null;
  user_id: number | null;
  triggered_by: string | null;
};

interface Match {
  notification: NotificationRow;
  eventKey: string;
  message: DeliveryMessage;
}

const roomPath = (roomId: number | null, boxId: number | null) =>
  roomId === null ? '/dashboard/observations' : `/dashboard/rooms/${roomId}${boxId !== null ? `?box=${boxId}` : ''}`;

async function placeFacts(trx: Kysely<DB>, companyId: number, actorId: number | null, roomId: number | null) {
  const facts: DeliveryMessage['facts'] = [];
  if (roomId !== null) {
    const room = await trx.selectFrom('rooms').select('name').where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();
    if (room) facts.push({ title: 'Room', value: room.name });
  }
  if (actorId !== null) {
    const user = await trx.selectFrom('users').select(['first_name', 'last_name']).where('company_id', '=', companyId).where('user_id', '=', actorId).executeTakeFirst();
    if (user) facts.push({ title: 'By', value: `${user.first_name} ${user.last_name}`.trim() });
  }
  return facts;
}

async function liveNotifications(trx: Kysely<DB>, companyId: number, triggers: string[], kinds: Array<'automation' | 'task'>) {
  return trx
    .selectFrom('notifications')
    .select(['notification_id', 'kind', 'trigger', 'channels', 'problem_type', 'form_category', 'template_id', 'form_field_id', 'keyword', 'user_id', 'triggered_by'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('kind', 'in', kinds)
    .where((eb) => eb.or([eb('trigger', 'in', triggers), eb('kind', '=', 'task')]))
    .execute() as Promise<NotificationRow[]>;
}

async function problemMatches(trx: Kysely<DB>, e: Extract<NotificationEvent, { type: 'problem_observed' }>): Promise<Match[]> {
  if (e.problems.length === 0) return [];
  const rows = await liveNotifications(trx, e.companyId, ['problem_observed'], ['automation']);
  if (rows.length === 0) return [];
  const facts = await placeFacts(trx, e.companyId, e.actorId, e.roomId);
  if (e.severity !== null) facts.push({ title: 'Severity', value: String(e.severity) });
  const out: Match[] = [];
  for (const n of rows) {
    const wanted = n.problem_type?.toLowerCase();
    const problems = wanted ? e.problems.filter((p) => p.toLowerCase() === wanted) : e.problems;
    if (problems.length === 0) continue;
    const what = problems.join(', ');
    const where = facts.find((f) => f.title === 'Room') ? ` in ${facts.find((f) => f.title === 'Room')!.value}` : '';
    const sure = e.suspected ? `${Math.round(e.suspected.confidence * 100)}%` : null;
    out.push({
      notification: n,
      // A response keeps its key of before scans raised the event too: no delivery is repeated across versions.
      eventKey: e.origin.kind === 'response' ? `problem:${e.origin.id}` : `problem:${e.origin.kind}:${e.origin.id}`,
      message: {
        title: sure ? `Suspected problem: ${what} (${sure} confidence)` : `Problem observed: ${what}`,
        text: sure ? `${what} is suspected by a scan${where}, not yet confirmed by a scout.` : `${what} was recorded${where}.`,
        facts: [{ title: 'Problem', value: what }, ...(sure ? [{ title: 'Suspected', value: `${sure} confidence, not yet confirmed` }] : []), ...facts],
        path: roomPath(e.roomId, e.gridBoxId),
        link_label: 'Open in Verdant',
      },
    });
  }
  return out;
}

async function formMatches(trx: Kysely<DB>, e: Extract<NotificationEvent, { type: 'form_submitted' }>): Promise<Match[]> {
  const rows = await liveNotifications(trx, e.companyId, ['form_submitted', 'field_keyword'], ['automation']);
  if (rows.length === 0) return [];
  const form = await trx
    .selectFrom('form_templates')
    .select(['template_name', 'form_category'])
    .where('company_id', '=', e.companyId)
    .where('template_id', '=', e.templateId)
    .executeTakeFirst();
  if (!form) return [];
  const category = form.form_category.toLowerCase();
  const out: Match[] = [];
  let facts: DeliveryMessage['facts'] | undefined;
  for (const n of rows) {
    let title: string;
    let extra: DeliveryMessage['facts'] = [];
    if (n.trigger === 'form_submitted') {
      const hit = n.template_id !== null ? n.template_id === e.templateId : n.form_category !== null && n.form_category.toLowerCase() === category;
      if (!hit) continue;
      title = `Form submitted: ${form.template_name}`;
    } else {
      const keyword = n.keyword?.toLowerCase();
      const answer = e.answers.find((a) => a.fieldId === n.form_field_id && keyword !== undefined && a.text.toLowerCase().includes(keyword));
      if (!answer) continue;
      title = `"${n.keyword}" answered in ${form.template_name}`;
      extra = [{ title: 'Answer', value: answer.text.slice(0, 500) }];
    }
    facts ??= await placeFacts(trx, e.companyId, e.actorId, e.roomId);
    out.push({
      notification: n,
      eventKey: `form:${e.responseId}`,
      message: {
        title,
        text: `${form.template_name} (${form.form_category}) was submitted.`,
        facts: [{ title: 'Form', value: form.template_name }, ...extra, ...facts],
        path: roomPath(e.roomId, e.gridBoxId),
        link_label: 'Open in Verdant',
      },
    });
  }
  return out;
}

/** A task without its own title is called by its first text answer, else its form's name (as the task lists title it). */
async function untitledTaskName(trx: Kysely<DB>, responseId: number): Promise<string> {
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

async function taskMatches(trx: Kysely<DB>, e: Extract<NotificationEvent, { type: 'task_assigned' | 'task_status_changed' }>): Promise<Match[]> {
  const rows = await liveNotifications(trx, e.companyId, [e.type], ['automation', 'task']);
  const assignee = e.assigneeId;
  const hits = rows.filter((n) =>
    n.kind === 'automation' ? n.trigger === e.type : assignee !== null && n.user_id === assignee && (n.triggered_by === null || n.triggered_by === e.type),
  );
  if (hits.length === 0) return [];
  const facts = await placeFacts(trx, e.companyId, e.actorId, null);
  if (assignee !== null) {
    const user = await trx.selectFrom('users').select(['first_name', 'last_name']).where('user_id', '=', assignee).executeTakeFirst();
    if (user) facts.unshift({ title: 'Assignee', value: `${user.first_name} ${user.last_name}`.trim() });
  }
  const name = e.title || (await untitledTaskName(trx, e.taskId));
  // One transaction may change a task once per event type; the next change is a new event.
  const { txid } = (await sql<{ txid: string }>`SELECT txid_current()::text AS txid`.execute(trx)).rows[0]!;
  const message: DeliveryMessage =
    e.type === 'task_assigned'
      ? { title: `Task assigned: ${name}`, text: `${name} was assigned.`, facts, path: '/dashboard/tasks', link_label: 'Open the task' }
      : {
          title: `Task ${e.status.replace('_', ' ')}: ${name}`,
          text: `${name} went from ${e.previous.replace('_', ' ')} to ${e.status.replace('_', ' ')}.`,
          facts: [{ title: 'Status', value: e.status.replace('_', ' ') }, ...facts],
          path: '/dashboard/tasks',
          link_label: 'Open the task',
        };
  return hits.map((n) => ({ notification: n, eventKey: `task:${e.taskId}:${e.type}:${txid}`, message }));
}

async function thresholdMatches(trx: Kysely<DB>, e: Extract<NotificationEvent, { type: 'threshold_crossed' }>): Promise<Match[]> {
  const n = (await trx
    .selectFrom('notifications')
    .select(['notification_id', 'kind', 'trigger', 'channels', 'problem_type', 'form_category', 'template_id', 'form_field_id', 'keyword', 'user_id', 'triggered_by'])
    .where('company_id', '=', e.companyId)
    .where('notification_id', '=', e.notificationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()) as NotificationRow | undefined;
  if (!n) return [];
  const facts = await placeFacts(trx, e.companyId, null, e.roomId);
  const room = facts.find((f) => f.title === 'Room')?.value;
  const measured = e.metric === 'count' ? `${e.value} observations in ${e.windowHours} h` : `severity ${e.value} within ${e.windowHours} h`;
  const level = e.level === 'red' ? 'Red' : 'Amber';
  return [{
    notification: n,
    eventKey: `threshold:${e.crossingId}`,
    message: {
      title: `${level} threshold: ${e.problem}${room ? ` in ${room}` : ''}`,
      text: `${e.problem} reached the ${e.level} level (${measured}; amber ${e.amber}, red ${e.red}).`,
      facts: [{ title: 'Problem', value: e.problem }, { title: 'Level', value: level }, { title: 'Measured', value: measured }, ...facts],
      path: roomPath(e.roomId, e.gridBoxId),
      link_label: 'Open in Verdant',
    },
  }];
}

/**
 * Raises an event inside the caller's transaction: every live automation it triggers gets one delivery
 * per channel (UNIQUE (notification_id, event_key, channel): raising it again adds nothing) and one
 * pg-boss job per new delivery, enqueued in the same transaction, so a rolled-back write sends nothing.
 * Without running jobs (jobs off) the deliveries wait as 'pending' and are queued when a worker starts.
 * Returns the new delivery ids.
 */
export async function raiseNotificationEvent(trx: Kysely<DB>, events: NotificationEvent | NotificationEvent[]): Promise<number[]> {
  const ids: number[] = [];
  for (const event of Array.isArray(events) ? events : [events]) ids.push(...(await raiseOne(trx, event)));
  return ids;
}

/** The events one change of a task raises: assigned to someone new, and/or a new status. */
export function taskEvents(e: EventBase & { taskId: number; title: string | null; before: { status: string; assigneeId: number | null }; after: { status: string; assigneeId: number | null } }): NotificationEvent[] {
  const base = { companyId: e.companyId, actorId: e.actorId, taskId: e.taskId, title: e.title ?? '' };
  const out: NotificationEvent[] = [];
  if (e.after.assigneeId !== null && e.after.assigneeId !== e.before.assigneeId) out.push({ ...base, type: 'task_assigned', assigneeId: e.after.assigneeId });
  if (e.after.status !== e.before.status) {
    out.push({ ...base, type: 'task_status_changed', status: e.after.status, previous: e.before.status, assigneeId: e.after.assigneeId });
  }
  return out;
}

async function raiseOne(trx: Kysely<DB>, event: NotificationEvent): Promise<number[]> {
  const matches =
    event.type === 'problem_observed'
      ? await problemMatches(trx, event)
      : event.type === 'form_submitted'
        ? await formMatches(trx, event)
        : event.type === 'threshold_crossed'
          ? await thresholdMatches(trx, event)
          : await taskMatches(trx, event);
  if (matches.length === 0) return [];
  const rows = matches.flatMap((m) =>
    m.notification.channels.map((channel) => ({
      company_id: event.companyId,
      notification_id: m.notification.notification_id,
      event_key: m.eventKey,
      event_type: event.type === 'form_submitted' && m.notification.trigger === 'field_keyword' ? 'field_keyword' : event.type,
      channel,
      message: JSON.stringify(m.message),
    })),
  );
  const made = await trx
    .insertInto('notification_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['notification_id', 'event_key', 'channel']).doNothing())
    .returning('delivery_id')
    .execute();
  const ids = made.map((r) => r.delivery_id);
  await enqueueDeliveries(trx, ids);
  return ids;
}

/** One job per delivery, in `trx` (nothing when jobs are not running: the worker's start picks pending ones up). */
export async function enqueueDeliveries(trx: Kysely<DB>, deliveryIds: number[]): Promise<void> {
  const boss = jobsFor(trx);
  if (!boss || deliveryIds.length === 0) return;
  await boss.insert(deliveryIds.map((id) => ({ name: DELIVERY_QUEUE, data: { delivery_id: id } })), { db: jobsIn(trx) });
}
