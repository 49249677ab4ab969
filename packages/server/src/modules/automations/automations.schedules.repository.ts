import { sql, type Kysely } from 'kysely';
import type { ChannelColumn, DB } from '../../db/schema.js';

/** The SQL of scheduled notifications (automations.schedules.ts): which are scheduled, the weekly report's figures. */

type Db = Kysely<DB>;

export interface Scheduled {
  notification_id: number;
  company_id: number;
  kind: string;
  frequency: string | null;
  notification_time: string | null;
  report_duration_weeks: number | null;
  channels: ChannelColumn[];
  template_id: number | null;
  template_name: string | null;
  created_at: Date;
  time_zone: string | null;
}

export function scheduled(db: Db): Promise<Scheduled[]> {
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

/** The figures of a weekly report: problem observations per problem in [since, until), and the open tasks now. */
export async function weekFigures(trx: Db, companyId: number, since: Date, until: Date) {
  const problems = await trx
    .selectFrom('problem_observations')
    .select(['problem', sql<number>`count(*)::int`.as('n')])
    .where('company_id', '=', companyId)
    // Suspected problems (unreviewed scans) are not yet observations (issue 18).
    .where('status', '<>', 'suspected')
    .where('observed_at', '>=', since)
    .where('observed_at', '<', until)
    .groupBy('problem')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('problem')
    .execute();
  const openTasks = await trx
    .selectFrom('form_responses as r')
    .innerJoin('form_templates as ft', 'ft.template_id', 'r.template_id')
    .leftJoin('tasks as t', 't.response_id', 'r.response_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('r.company_id', '=', companyId)
    .where(sql<boolean>`lower(ft.form_category) = 'task'`)
    .where('r.status', '<>', 'done')
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();
  return { problems: problems.map((p) => ({ problem: p.problem, n: Number(p.n) })), openTasks: openTasks?.n ?? 0 };
}

/** Whether an occurrence (its event key) of a notification has its deliveries already. */
export async function hasDelivery(trx: Db, notificationId: number, eventKey: string): Promise<boolean> {
  const row = await trx.selectFrom('notification_deliveries').select('delivery_id')
    .where('notification_id', '=', notificationId).where('event_key', '=', eventKey).executeTakeFirst();
  return row !== undefined;
}
