import type { Kysely } from 'kysely';
import type { DB, DeliveryMessage } from '../../db/schema.js';
import { jobsFor, jobsIn } from '../../jobs/boss.js';
import * as repo from './automations.events.repository.js';
import type { NotificationRow } from './automations.events.repository.js';

/** The pg-boss queue whose jobs are deliveries (data: `{ delivery_id }`); worked by automations.delivery.ts. */
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

/** What the event's ids name, looked up once something fires (automations.events.repository.ts). */
export interface EventContext {
  /** The event's room's name. */
  room?: string;
  /** Who raised it (problem, form and task events). */
  by?: string;
  /** The submitted form (form events: needed to match at all). */
  form?: { template_name: string; form_category: string };
  /** Task events: the task's name, its assignee's, and the transaction that changed it. */
  task?: { name: string; assignee?: string; txid: string };
}

export interface Match {
  notification: NotificationRow;
  eventKey: string;
  message: DeliveryMessage;
}

const roomPath = (roomId: number | null, boxId: number | null) =>
  roomId === null ? '/dashboard/observations' : `/dashboard/rooms/${roomId}${boxId !== null ? `?box=${boxId}` : ''}`;

const placeFacts = (ctx: EventContext, withActor = true): DeliveryMessage['facts'] => [
  ...(ctx.room !== undefined ? [{ title: 'Room', value: ctx.room }] : []),
  ...(withActor && ctx.by !== undefined ? [{ title: 'By', value: ctx.by }] : []),
];

/** The problems of a problem event an automation fires for: its problem type's (any case), or all when it names none. */
function problemsFiring(n: NotificationRow, e: Extract<NotificationEvent, { type: 'problem_observed' }>): string[] {
  if (n.trigger !== 'problem_observed') return [];
  const wanted = n.problem_type?.toLowerCase();
  return wanted ? e.problems.filter((p) => p.toLowerCase() === wanted) : e.problems;
}

/** The answer a keyword automation fires on: its field's, containing the keyword (any case). */
function keywordAnswer(n: NotificationRow, e: Extract<NotificationEvent, { type: 'form_submitted' }>) {
  const keyword = n.keyword?.toLowerCase();
  return e.answers.find((a) => a.fieldId === n.form_field_id && keyword !== undefined && a.text.toLowerCase().includes(keyword));
}

/**
 * Whether a live notification fires for an event — the event matching, without the database. A problem
 * automation: one of the event's problems is its problem type (any problem when it names none). A form
 * automation: its form, else its form category (`formCategory`, the submitted form's); a keyword automation:
 * its field's answer contains the keyword. A task automation fires on its trigger; a task notification on a
 * change of a task assigned to its user (of its `triggered_by` kind, or any). A threshold fires the
 * automation it names. Room and severity are facts of the message, not conditions.
 */
export function fires(n: NotificationRow, e: NotificationEvent, formCategory?: string): boolean {
  switch (e.type) {
    case 'problem_observed':
      return n.kind === 'automation' && problemsFiring(n, e).length > 0;
    case 'form_submitted':
      if (n.kind !== 'automation') return false;
      if (n.trigger === 'form_submitted') {
        return n.template_id !== null ? n.template_id === e.templateId : n.form_category !== null && formCategory !== undefined && n.form_category.toLowerCase() === formCategory.toLowerCase();
      }
      return n.trigger === 'field_keyword' && keywordAnswer(n, e) !== undefined;
    case 'task_assigned':
    case 'task_status_changed':
      return n.kind === 'automation'
        ? n.trigger === e.type
        : n.kind === 'task' && e.assigneeId !== null && n.user_id === e.assigneeId && (n.triggered_by === null || n.triggered_by === e.type);
    case 'threshold_crossed':
      return n.notification_id === e.notificationId;
  }
}

/** The deliveries' messages of the notifications an event fires (`ctx`: what its ids name). */
export function matchEvent(rows: NotificationRow[], e: NotificationEvent, ctx: EventContext): Match[] {
  const firing = rows.filter((n) => fires(n, e, ctx.form?.form_category));
  if (e.type === 'problem_observed') {
    const facts = [...placeFacts(ctx), ...(e.severity !== null ? [{ title: 'Severity', value: String(e.severity) }] : [])];
    const where = ctx.room !== undefined ? ` in ${ctx.room}` : '';
    const sure = e.suspected ? `${Math.round(e.suspected.confidence * 100)}%` : null;
    return firing.map((n) => {
      const what = problemsFiring(n, e).join(', ');
      return {
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
      };
    });
  }
  if (e.type === 'form_submitted') {
    const form = ctx.form;
    if (!form) return [];
    return firing.map((n) => {
      const answer = n.trigger === 'field_keyword' ? keywordAnswer(n, e) : undefined;
      return {
        notification: n,
        eventKey: `form:${e.responseId}`,
        message: {
          title: answer ? `"${n.keyword}" answered in ${form.template_name}` : `Form submitted: ${form.template_name}`,
          text: `${form.template_name} (${form.form_category}) was submitted.`,
          facts: [{ title: 'Form', value: form.template_name }, ...(answer ? [{ title: 'Answer', value: answer.text.slice(0, 500) }] : []), ...placeFacts(ctx)],
          path: roomPath(e.roomId, e.gridBoxId),
          link_label: 'Open in Verdant',
        },
      };
    });
  }
  if (e.type === 'threshold_crossed') {
    const measured = e.metric === 'count' ? `${e.value} observations in ${e.windowHours} h` : `severity ${e.value} within ${e.windowHours} h`;
    const level = e.level === 'red' ? 'Red' : 'Amber';
    return firing.map((n) => ({
      notification: n,
      eventKey: `threshold:${e.crossingId}`,
      message: {
        title: `${level} threshold: ${e.problem}${ctx.room !== undefined ? ` in ${ctx.room}` : ''}`,
        text: `${e.problem} reached the ${e.level} level (${measured}; amber ${e.amber}, red ${e.red}).`,
        facts: [{ title: 'Problem', value: e.problem }, { title: 'Level', value: level }, { title: 'Measured', value: measured }, ...placeFacts(ctx, false)],
        path: roomPath(e.roomId, e.gridBoxId),
        link_label: 'Open in Verdant',
      },
    }));
  }
  const task = ctx.task;
  if (!task) return [];
  const facts = [...(task.assignee !== undefined ? [{ title: 'Assignee', value: task.assignee }] : []), ...(ctx.by !== undefined ? [{ title: 'By', value: ctx.by }] : [])];
  const name = task.name;
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
  // One transaction may change a task once per event type; the next change is a new event.
  return firing.map((n) => ({ notification: n, eventKey: `task:${e.taskId}:${e.type}:${task.txid}`, message }));
}

/** The live notifications an event may fire (one query), and what its ids name once one fires. */
async function candidates(trx: Kysely<DB>, e: NotificationEvent): Promise<NotificationRow[]> {
  switch (e.type) {
    case 'problem_observed':
      return e.problems.length === 0 ? [] : repo.liveNotifications(trx, e.companyId, ['problem_observed'], ['automation']);
    case 'form_submitted':
      return repo.liveNotifications(trx, e.companyId, ['form_submitted', 'field_keyword'], ['automation']);
    case 'task_assigned':
    case 'task_status_changed':
      return repo.liveNotifications(trx, e.companyId, [e.type], ['automation', 'task']);
    case 'threshold_crossed': {
      const n = await repo.liveNotification(trx, e.companyId, e.notificationId);
      return n ? [n] : [];
    }
  }
}

async function contextOf(trx: Kysely<DB>, e: NotificationEvent): Promise<EventContext> {
  const ctx: EventContext = {};
  const roomId = e.type === 'problem_observed' || e.type === 'form_submitted' || e.type === 'threshold_crossed' ? e.roomId : null;
  if (roomId !== null) ctx.room = await repo.roomName(trx, e.companyId, roomId);
  if (e.actorId !== null && e.type !== 'threshold_crossed') ctx.by = await repo.userName(trx, e.companyId, e.actorId);
  if (e.type === 'task_assigned' || e.type === 'task_status_changed') {
    const assignee = e.assigneeId !== null ? await repo.userName(trx, null, e.assigneeId) : undefined;
    ctx.task = { name: e.title || (await repo.untitledTaskName(trx, e.taskId)), assignee, txid: await repo.transactionId(trx) };
  }
  return ctx;
}

async function matches(trx: Kysely<DB>, e: NotificationEvent): Promise<Match[]> {
  const rows = await candidates(trx, e);
  if (rows.length === 0) return [];
  let form: EventContext['form'];
  if (e.type === 'form_submitted') {
    form = await repo.formOf(trx, e.companyId, e.templateId);
    if (!form) return [];
  }
  if (!rows.some((n) => fires(n, e, form?.form_category))) return [];
  return matchEvent(rows, e, { ...(await contextOf(trx, e)), form });
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
  const found = await matches(trx, event);
  const ids = await repo.insertDeliveries(
    trx,
    found.flatMap((m) =>
      m.notification.channels.map((channel) => ({
        company_id: event.companyId,
        notification_id: m.notification.notification_id,
        event_key: m.eventKey,
        event_type: event.type === 'form_submitted' && m.notification.trigger === 'field_keyword' ? 'field_keyword' : event.type,
        channel,
        message: JSON.stringify(m.message),
      })),
    ),
  );
  await enqueueDeliveries(trx, ids);
  return ids;
}

/** One job per delivery, in `trx` (nothing when jobs are not running: the worker's start picks pending ones up). */
export async function enqueueDeliveries(trx: Kysely<DB>, deliveryIds: number[]): Promise<void> {
  const boss = jobsFor(trx);
  if (!boss || deliveryIds.length === 0) return;
  await boss.insert(deliveryIds.map((id) => ({ name: DELIVERY_QUEUE, data: { delivery_id: id } })), { db: jobsIn(trx) });
}
