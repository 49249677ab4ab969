import type PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, DeliveryMessage } from '../../db/schema.js';
import { isoWeekday, todayIn } from '@verdant/contract';
import { latestDueOn, safeTimeZone, type Occurrence } from '@verdant/contract/zoned-time';
import { startCronJob } from '../../jobs/cron.js';
import { enqueueDeliveries } from './automations.events.js';
import { insertDeliveries } from './automations.events.repository.js';
import * as repo from './automations.schedules.repository.js';
import type { Scheduled } from './automations.schedules.repository.js';

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
  const { problems, openTasks } = await repo.weekFigures(trx, n.company_id, since, occ.dueAt);
  const total = problems.reduce((s, p) => s + p.n, 0);
  const span = weeks === 1 ? 'the last week' : `the last ${weeks} weeks`;
  return {
    title: `Weekly report: ${total} problem observation${total === 1 ? '' : 's'} in ${span}`,
    text: total === 0 ? `No problems were recorded in ${span}.` : `${total} problem observation${total === 1 ? ' was' : 's were'} recorded in ${span}.`,
    facts: [
      ...problems.slice(0, 5).map((p) => ({ title: p.problem, value: String(p.n) })),
      { title: 'Open tasks', value: String(openTasks) },
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
  for (const n of await repo.scheduled(db)) {
    const occ = dueOccurrence(n, now);
    if (!occ) continue;
    const isReport = n.kind !== 'template';
    const eventKey = `${isReport ? 'weekly_report' : 'reminder'}:${occ.date}`;
    try {
      const ids = await db.transaction().execute(async (trx) => {
        if (await repo.hasDelivery(trx, n.notification_id, eventKey)) return [];
        const message = isReport ? await reportMessage(trx, n, occ) : reminderMessage(n);
        if (!message) return [];
        const fresh = await insertDeliveries(trx, n.channels.map((channel) => ({
          company_id: n.company_id, notification_id: n.notification_id, event_key: eventKey,
          event_type: isReport ? 'weekly_report' : 'template_reminder', channel, message: JSON.stringify(message),
        })));
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

/** Every minute, through the one cron helper (every API process calls it; see above for "once"). */
export async function startNotificationSchedules(db: Db, boss: PgBoss, log: FastifyBaseLogger): Promise<void> {
  await startCronJob(boss, {
    queue: NOTIFICATION_SCHEDULES_QUEUE,
    cron: '* * * * *',
    pollingIntervalSeconds: 5,
    expireInSeconds: 300,
    run: async () => {
      await runNotificationSchedules(db, new Date(), log);
    },
  });
}
