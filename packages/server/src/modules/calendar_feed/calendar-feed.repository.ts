import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function findFeed(db: Kysely<DB>, companyId: number, userId: number) {
  return db.selectFrom('calendar_feeds').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
}

/** Makes or replaces the person's secret: the old address stops working with this write. */
export async function upsertFeed(db: Kysely<DB>, companyId: number, userId: number, secret: string, at: Date) {
  return db
    .insertInto('calendar_feeds')
    .values({ company_id: companyId, user_id: userId, secret, created_at: at })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ secret, created_at: at }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteFeed(db: Kysely<DB>, companyId: number, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('calendar_feeds').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The feed with its owner, for the public address: one primary-key lookup. */
export async function findFeedOwner(db: Kysely<DB>, companyId: number, userId: number) {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', (j) => j.onRef('u.user_id', '=', 'f.user_id').onRef('u.company_id', '=', 'f.company_id'))
    .leftJoin('company_settings as cs', 'cs.company_id', 'f.company_id')
    .select(['f.company_id', 'f.user_id', 'f.secret', 'u.active', 'u.first_name', 'u.last_name', 'cs.time_zone'])
    .where('f.company_id', '=', companyId)
    .where('f.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The person's open tasks with a due date from `fromDay` on, soonest first. Title and due date are read as the
 * task board reads them (modules/tasks/tasks.repository.ts: its own title, else the first text answer, else the
 * form's name; the due date is the form's first date field).
 */
export async function openTasksDue(db: Kysely<DB>, companyId: number, userId: number, fromDay: string, limit: number) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('form_responses as r', 'r.response_id', 't.response_id')
    .innerJoin('form_templates as ft', 'ft.template_id', 'r.template_id')
    .leftJoin('rooms as rm', 'rm.room_id', 'r.room_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('field_responses as fr')
          .innerJoin('form_fields as ff', 'ff.field_id', 'fr.field_id')
          .select(sql<string>`substring(fr.input_data from 1 for 10)`.as('due_date'))
          .whereRef('fr.response_id', '=', 'r.response_id')
          .where('ff.field_type', '=', 'date')
          .where('fr.input_data', '~', '^[0-9]{4}-[0-9]{2}-[0-9]{2}')
          .orderBy('ff.position')
          .orderBy('ff.field_id')
          .limit(1)
          .as('due'),
      (j) => j.onTrue(),
    )
    .select([
      't.response_id', 'r.status', 't.updated_at', 'rm.name as room_name', 'due.due_date',
      sql<string>`coalesce(t.description, '')`.as('description'),
      sql<string>`coalesce(
        nullif(t.title, ''),
        (SELECT nullif(fr.input_data, '') FROM field_responses fr JOIN form_fields ff ON ff.field_id = fr.field_id
          WHERE fr.response_id = r.response_id AND ff.field_type IN ('text', 'textarea') AND fr.input_data <> ''
          ORDER BY ff.position, ff.field_id LIMIT 1),
        ft.template_name)`.as('title'),
    ])
    .where('t.company_id', '=', companyId)
    .where('t.assignee_id', '=', userId)
    .where('t.deleted_at', 'is', null)
    .where('r.status', '<>', 'done')
    .where(sql<boolean>`lower(ft.form_category) = 'task'`)
    .where('due.due_date', '>=', fromDay)
    .orderBy('due.due_date')
    .orderBy('t.response_id')
    .limit(limit)
    .execute();
}

/** The person's recurring tasks (task automations assigned to them). */
export async function recurringTasks(db: Kysely<DB>, companyId: number, userId: number) {
  return db
    .selectFrom('task_templates')
    .select(['task_template_id', 'title', 'description', 'frequency', 'weekdays', 'time_of_day', 'created_at', 'updated_at'])
    .where('company_id', '=', companyId)
    .where('assignee_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('task_template_id')
    .execute();
}

/** The rooms the person worked in since `since`: where they filed something or have a task. */
export async function roomsWorkedIn(db: Kysely<DB>, companyId: number, userId: number, since: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('form_responses as r')
    .leftJoin('tasks as t', 't.response_id', 'r.response_id')
    .select('r.room_id')
    .distinct()
    .where('r.company_id', '=', companyId)
    .where('r.room_id', 'is not', null)
    .where((eb) => eb.or([
      eb.and([eb('r.submitted_by', '=', userId), eb('r.submitted_at', '>=', since)]),
      eb.and([eb('t.assignee_id', '=', userId), eb('t.deleted_at', 'is', null), eb('r.status', '<>', 'done')]),
    ]))
    .execute();
  return rows.map((r) => r.room_id!);
}

/**
 * Sprayings whose re-entry or pre-harvest interval ends from `from` on, with their product and the rooms their
 * boxes are in (only `roomIds` when given), newest first.
 */
export async function intervalEnds(db: Kysely<DB>, companyId: number, from: Date, fromDay: string, roomIds: number[] | null, limit: number) {
  let q = db
    .selectFrom('treatment_applications as a')
    .innerJoin('spray_products as p', 'p.product_id', 'a.product_id')
    .innerJoin('treatment_application_boxes as ab', 'ab.application_id', 'a.application_id')
    .innerJoin('grid_boxes as gb', 'gb.grid_box_id', 'ab.grid_box_id')
    .innerJoin('room_grid as rg', 'rg.grid_id', 'gb.grid_id')
    .innerJoin('rooms as rm', 'rm.room_id', 'rg.room_id')
    .select([
      'a.application_id', 'a.applied_at', 'a.application_date', 'a.created_at', 'a.reentry_until', 'a.preharvest_until',
      'p.name as product',
      sql<string[]>`array_agg(DISTINCT rm.name ORDER BY rm.name)`.as('rooms'),
    ])
    .where('a.company_id', '=', companyId)
    .where((eb) => eb.or([eb('a.reentry_until', '>=', from), eb('a.preharvest_until', '>=', fromDay)]));
  if (roomIds) q = q.where('rm.room_id', 'in', roomIds.length ? roomIds : [0]);
  return q.groupBy(['a.application_id', 'p.name']).orderBy('a.application_id', 'desc').limit(limit).execute();
}
