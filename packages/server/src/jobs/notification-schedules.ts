import type PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, DeliveryMessage } from '../db/schema.js';
import { isoWeekday, todayIn } from '@verdant/contract';
import { safeTimeZone } from '@verdant/contract/zoned-time';
import { latestDueOn, type Occurrence } from '@verdant/contract/zoned-time';
import { enqueueDeliveries } from './notification-events.js';

/**
 * Scheduled notifications: template reminders (create_template_notification: `frequency` daily, weekly on
 * Monday, monthly on the 1st, at `notification_time`, default 08:00) and the weekly report (an automation with
 * trigger weekly_report: Mondays at its notification_time or 08:00, covering `report_duration_weeks`), both in
 * the company's time zone. A pg-boss cron job runs every minute (once per minute for all API processes); each
 * due occurrence becomes one delivery per channel under the event key `<kind>:<local date>`, which
 * notification_deliveries' UNIQUE (notification_id, event_key, channel) keeps to one — a second pass, a second
 * process or a restart adds nothing — and the delivery jobs go out through the automations' own queue.
 * An occurrence more than GRACE_HOURS late (the server was down) is skipped, not sent late; none falls before
 * the notification was made.
 */
export const NOTIFICATION_SCHEDULES_QUEUE = 'notification-schedules';
const GRACE_HOURS = 6;
const DEFAULT_TIME = '08:00';

type Db = Kysely<DB>;

interface Scheduled {
  notification_id: number;
  company_id: number;
  kind: string;
  frequency: string | null;
  notification_time: string | null;
  report_duration_weeks: number | null;
  channels: Array<'email' | 'slack' | 'teams'>;
  template_id: number | null;
  template_name: string | null;
  created_at: Date;
  time_zone: string | null;
}

function scheduled(db: Db): Promise<Scheduled[]> {
  return db
    .selectFrom('notifications as n')
    .leftJoin('company_settings as cs', 'cs.company_id', 'n.company_id')
    .leftJoin('form_templates as ft', (j) => j.onRef('ft.template_id', '=', 'n.template_id').on('ft.deleted_at', 'is', null))
    .select([
      'n.notification_id', 'n.company_id', 'n.kind', 'n.frequency', 'n.notification_time', 'n.report_duration_weeks', 'n.channels',
      'n.template_id', 'ft.template_name', 'n.created_at', 'cs.time_zone',
    ])
    .where('n.deleted_at', 'is', null)
    .where((eb) => eb.or([
      eb('n.kind', '=', 'template'),
      eb.and([eb('n.kind', '=', 'automation'), eb.or([eb('n.trigger', '=', 'weekly_report'), eb('n.weekly_report', '=', 1)])]),
    ]))
    .execute() as Promise<Scheduled[]>;
}

/** The occurrence of one scheduled notification due at `now`, if any and not too late. */
export function dueOccurrence(n: Pick<Scheduled, 'kind' | 'frequency' | 'notification_time' | 'created_at' | 'time_zone'>, now: Date): Occurrence | null {
  const tz = safeTimeZone(n.time_zone);
  const time = n.notification_time ?? DEFAULT_TIME;
  const freq = n.kind === 'template' ? (n.frequency ?? 'daily') : 'weekly';
  const on = (date: string) => (freq === 'daily' ? true : freq === 'monthly' ? date.endsWith('-01') : isoWeekday(date) === 1);
  const occ = latestDueOn(on, time, tz, now, { notBefore: todayIn(tz, n.created_at), lookbackDays: 1 });
  if (!occ || occ.dueAt.getTime() < n.created_at.getTime()) return null;
  if (now.getTime() - occ.dueAt.getTime() > GRACE_HOURS * 3600_000) return null;
  return occ;
}

async function reportMessage(trx: Db, n: Scheduled, occ: Occurrence): Promise<DeliveryMessage> {
  const weeks = n.report_duration_weeks ?? 1;
  const since = new Date(occ.dueAt.getTime() - weeks * 7 * 24 * 3600_000);
  const problems = await trx
    .selectFrom('problem_observations')
    .select(['problem', sql<number>`count(*)::int`.as('n')])
    .where('company_id', '=', n.company_id)
    // Suspected problems (unreviewed scans) are not yet observations (issue 18).
    .where('status', '<>', 'suspected')
    .where('observed_at', '>=', since)
    .where('observed_at', '<', occ.dueAt)
    .groupBy('problem')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('problem')
    .execute();
  const total = problems.reduce((s, p) => s + Number(p.n), 0);
  const openTasks = await trx
    .selectFrom('form_responses as r')
    .innerJoin('form_templates as ft', 'ft.template_id', 'r.template_id')
    .leftJoin('tasks as t', 't.response_id', 'r.response_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('r.company_id', '=', n.company_id)
    .where(sql<boolean>`lower(ft.form_category) = 'task'`)
    .where('r.status', '<>', 'done')
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();
  const span = weeks === 1 ? 'the last week' : `the last ${weeks} weeks`;
  return {
    title: `Weekly report: ${total} problem observation${total === 1 ? '' : 's'} in ${span}`,
    text: total === 0 ? `No problems were recorded in ${span}.` : `${total} problem observation${total === 1 ? ' was' : 's were'} recorded in ${span}.`,
    facts: [
      ...problems.slice(0, 5).map((p) => ({ title: p.problem, value: String(p.n) })),
      { title: 'Open tasks', value: String(openTasks?.n ?? 0) },
      { title: 'Period', value: `${todayIn(safeTimeZone(n.time_zone), since)} – ${occ.date}` },
    ],
    path: '/dashboard/reports',
    link_label: 'Open the reports',
  };
}

function reminderMessage(n: Scheduled): DeliveryMessage | null {
  if (n.template_id === null || n.template_name === null) return null; // the form was deleted: nothing to remind of
  const every = n.frequency === 'monthly' ? 'Monthly' : n.frequency === 'weekly' ? 'Weekly' : 'Daily';
  return {
    title: `Reminder: fill in ${n.template_name}`,
    text: `It is time to fill in ${n.template_name}.`,
    facts: [{ title: 'Form', value: n.template_name }, { title: 'Repeats', value: every }],
    path: `/dashboard/formbuilder/submit/${n.template_id}/${encodeURIComponent(n.template_name)}`,
    link_label: 'Fill it in',
  };
}

/** One pass over every scheduled notification: the due ones get their deliveries (once), queued. Answers the new delivery ids. */
export async function runNotificationSchedules(db: Db, now: Date, log?: FastifyBaseLogger): Promise<number[]> {
  const made: number[] = [];
  for (const n of await scheduled(db)) {
    const occ = dueOccurrence(n, now);
    if (!occ) continue;
    const isReport = n.kind !== 'template';
    const eventKey = `${isReport ? 'weekly_report' : 'reminder'}:${occ.date}`;
    try {
      const ids = await db.transaction().execute(async (trx) => {
        const already = await trx.selectFrom('notification_deliveries').select('delivery_id')
          .where('notification_id', '=', n.notification_id).where('event_key', '=', eventKey).executeTakeFirst();
        if (already) return [];
        const message = isReport ? await reportMessage(trx, n, occ) : reminderMessage(n);
        if (!message) return [];
        const rows = await trx
          .insertInto('notification_deliveries')
          .values(n.channels.map((channel) => ({
            company_id: n.company_id, notification_id: n.notification_id, event_key: eventKey,
            event_type: isReport ? 'weekly_report' : 'template_reminder', channel, message: JSON.stringify(message),
          })))
          .onConflict((oc) => oc.columns(['notification_id', 'event_key', 'channel']).doNothing())
          .returning('delivery_id')
          .execute();
        const fresh = rows.map((r) => r.delivery_id);
        await enqueueDeliveries(trx, fresh);
        return fresh;
      });
      made.push(...ids);
    } catch (err) {
      log?.error({ err, notification_id: n.notification_id }, 'scheduled notification not raised');
    }
  }
  return made;
}

/** The queue, its every-minute schedule and a worker (every API process calls it; see above for "once"). */
export async function startNotificationSchedules(db: Db, boss: PgBoss, log: FastifyBaseLogger): Promise<void> {
  await boss.createQueue(NOTIFICATION_SCHEDULES_QUEUE, { name: NOTIFICATION_SCHEDULES_QUEUE, policy: 'singleton', retryLimit: 0, expireInSeconds: 300 });
  await boss.schedule(NOTIFICATION_SCHEDULES_QUEUE, '* * * * *', {}, { tz: 'UTC' });
  await boss.work(NOTIFICATION_SCHEDULES_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    await runNotificationSchedules(db, new Date(), log);
  });
}
