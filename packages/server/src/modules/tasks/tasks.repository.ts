import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Task forms are those whose category reads 'task' in any case ('Task' from the form builder, 'task' built in). */
const isTaskForm = sql<boolean>`lower(ft.form_category) = 'task'`;

/**
 * A task's title: its own, else the first text answer of its form (the built-in Task form's first field is
 * the task itself), else the form's name — so a task submitted through the form is never untitled.
 */
const titleOf = sql<string>`coalesce(
  nullif(t.title, ''),
  (SELECT nullif(fr.input_data, '') FROM field_responses fr JOIN form_fields ff ON ff.field_id = fr.field_id
    WHERE fr.response_id = r.response_id AND ff.field_type IN ('text', 'textarea') AND fr.input_data <> ''
    ORDER BY ff.position, ff.field_id LIMIT 1),
  ft.template_name)`;

/**
 * When a task is due: the answer of its form's first date field (the built-in Task form's "Due date"),
 * as YYYY-MM-DD; null when the form has none or it was left empty (issue 20: the board showed the day it
 * was made instead).
 */
const dueDateOf = sql<string | null>`(SELECT substring(fr.input_data from 1 for 10) FROM field_responses fr JOIN form_fields ff ON ff.field_id = fr.field_id
    WHERE fr.response_id = r.response_id AND ff.field_type = 'date' AND fr.input_data ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}'
    ORDER BY ff.position, ff.field_id LIMIT 1)`;

/**
 * Issue 22: the latest running "no entry until" of the task's place — its box, else any box of its grid, else any
 * box of its room — so a task assigned in a treated area before the re-entry interval ends is flagged. Only
 * applications still inside their interval are looked at (treatment_applications_reentry_idx), a short list.
 */
const noEntryUntilOf = sql<Date | null>`(SELECT max(a.reentry_until) FROM treatment_applications a
    WHERE a.company_id = r.company_id AND a.reentry_until > now() AND EXISTS (
      SELECT 1 FROM treatment_application_boxes ab JOIN grid_boxes gb ON gb.grid_box_id = ab.grid_box_id
      WHERE ab.application_id = a.application_id AND (
        ab.grid_box_id = r.grid_box_id
        OR (r.grid_box_id IS NULL AND gb.grid_id = r.grid_id)
        OR (r.grid_box_id IS NULL AND r.grid_id IS NULL AND gb.grid_id IN (SELECT rg.grid_id FROM room_grid rg WHERE rg.room_id = r.room_id)))))`;

/** The columns of a task as every read answers it. */
function taskSelect(db: Db) {
  return db
    .selectFrom('form_responses as r')
    .innerJoin('form_templates as ft', 'ft.template_id', 'r.template_id')
    .leftJoin('tasks as t', 't.response_id', 'r.response_id')
    .leftJoin('users as u', 'u.user_id', 't.assignee_id')
    .select([
      'r.response_id', 'r.template_id', 'ft.template_name', 'r.status', 'r.submitted_by', 'r.submitted_at',
      'r.company_id', titleOf.as('title'), sql<string>`coalesce(t.description, '')`.as('description'),
      't.assignee_id', 'u.first_name', 'u.last_name', 't.updated_at', 't.task_template_id', dueDateOf.as('due_date'),
      noEntryUntilOf.as('no_entry_until'),
    ])
    .where(isTaskForm)
    .where('t.deleted_at', 'is', null);
}
export type TaskRow = Awaited<ReturnType<ReturnType<typeof taskSelect>['executeTakeFirstOrThrow']>>;

export const findTask = (db: Db, companyId: number, responseId: number) =>
  taskSelect(db).where('r.company_id', '=', companyId).where('r.response_id', '=', responseId).executeTakeFirst();

/**
 * One user's tasks, newest first; `limit` rows from `offset`. The page is picked first from the assignee index on
 * `tasks` (only an assigned task has a row) and only its rows are titled, so page 40 costs about what page 1
 * does, at 50 or 50,000 tasks.
 */
export function assignedQuery(db: Db, companyId: number, userId: number, status: string | null, limit: number, offset: number) {
  return db
    .with('page', (qb) => {
      let q = qb
        .selectFrom('tasks as t')
        .innerJoin('form_responses as r', 'r.response_id', 't.response_id')
        .innerJoin('form_templates as ft', 'ft.template_id', 'r.template_id')
        .select('t.response_id')
        .where('t.company_id', '=', companyId)
        .where('t.assignee_id', '=', userId)
        .where('t.deleted_at', 'is', null)
        .where(isTaskForm);
      if (status) q = q.where('r.status', '=', status);
      return q.orderBy('t.response_id', 'desc').limit(limit).offset(offset);
    })
    .selectFrom('page as p')
    .innerJoin('tasks as t', 't.response_id', 'p.response_id')
    .innerJoin('form_responses as r', 'r.response_id', 'p.response_id')
    .innerJoin('form_templates as ft', 'ft.template_id', 'r.template_id')
    .leftJoin('users as u', 'u.user_id', 't.assignee_id')
    .select([
      'r.response_id', 'r.template_id', 'ft.template_name', 'r.status', 'r.submitted_by', 'r.submitted_at',
      'r.company_id', titleOf.as('title'), 't.description', 't.assignee_id', 'u.first_name', 'u.last_name',
      't.updated_at', 't.task_template_id', dueDateOf.as('due_date'), noEntryUntilOf.as('no_entry_until'),
    ])
    .orderBy('p.response_id', 'desc');
}

export const listAssigned = (db: Db, companyId: number, userId: number, status: string | null, limit: number, offset: number) =>
  assignedQuery(db, companyId, userId, status, limit, offset).execute();

export interface CompanyFilter {
  companyId: number;
  assigneeId?: number;
  templateId?: number;
  status: string | null;
}

function companyTasks(db: Db, f: CompanyFilter) {
  let q = taskSelect(db).where('r.company_id', '=', f.companyId);
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.templateId !== undefined) q = q.where('r.template_id', '=', f.templateId);
  if (f.assigneeId !== undefined) q = q.where('t.assignee_id', '=', f.assigneeId);
  return q;
}

export const boardQuery = (db: Db, f: CompanyFilter, limit: number, offset: number) =>
  companyTasks(db, f).orderBy('r.response_id', 'desc').limit(limit).offset(offset);

export const listCompany = (db: Db, f: CompanyFilter, limit: number, offset: number) => boardQuery(db, f, limit, offset).execute();

export const countQuery = (db: Db, f: CompanyFilter) => companyTasks(db, f).clearSelect().select(sql<string>`count(*)`.as('n'));

export async function countCompany(db: Db, f: CompanyFilter): Promise<number> {
  const row = await countQuery(db, f).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The answers of the listed responses, in their form's field order. */
export const fieldAnswers = (db: Db, companyId: number, responseIds: number[]) =>
  responseIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('field_responses as fr')
        .innerJoin('form_fields as ff', 'ff.field_id', 'fr.field_id')
        .select(['fr.response_id', 'fr.field_id', 'ff.field_name', 'ff.field_type', 'fr.input_data'])
        .where('fr.company_id', '=', companyId)
        .where('fr.response_id', 'in', responseIds)
        .orderBy('fr.response_id')
        .orderBy('ff.position')
        .orderBy('ff.field_id')
        .execute();

/**
 * Locks a live task's response for a change, so two changes at once apply one after the other and each
 * audit event's `before` is what the other left. Undefined: not a live task of the company.
 */
export const lockTask = (trx: Transaction<DB>, companyId: number, responseId: number) =>
  trx
    .selectFrom('form_responses as r')
    .innerJoin('form_templates as ft', 'ft.template_id', 'r.template_id')
    .leftJoin('tasks as t', 't.response_id', 'r.response_id')
    .select(['r.response_id', 'r.status', 'r.submitted_by', 't.title', 't.description', 't.assignee_id'])
    .where('r.company_id', '=', companyId)
    .where('r.response_id', '=', responseId)
    .where(isTaskForm)
    .where('t.deleted_at', 'is', null)
    .forUpdate('r')
    .executeTakeFirst();

export const setStatus = (trx: Transaction<DB>, responseId: number, status: string) =>
  trx.updateTable('form_responses').set({ status }).where('response_id', '=', responseId).execute();

export interface TaskChange {
  title?: string;
  description?: string;
  assignee_id?: number | null;
  deleted_at?: Date;
}

/** Writes what a task adds to its response, creating its row on the first change. */
export async function upsertTask(trx: Transaction<DB>, companyId: number, responseId: number, userId: number, change: TaskChange) {
  const now = new Date();
  await trx
    .insertInto('tasks')
    .values({ response_id: responseId, company_id: companyId, updated_by: userId, updated_at: now, deleted_at: null, assignee_id: null, task_template_id: null, ...change })
    .onConflict((oc) => oc.column('response_id').doUpdateSet({ ...change, updated_by: userId, updated_at: now }))
    .execute();
}

/** Active users of the company with exactly this first and last name (case and outer spaces ignored). */
export const usersNamed = (db: Db, companyId: number, first: string, last: string) =>
  db
    .selectFrom('users')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .where(sql<boolean>`lower(trim(first_name)) = lower(${first}) AND lower(trim(last_name)) = lower(${last})`)
    .limit(2)
    .execute();

/** A live form template of the company, with whether it is a task form. */
export const findForm = (db: Db, companyId: number, templateId: number) =>
  db
    .selectFrom('form_templates as ft')
    .select(['ft.template_id', 'ft.template_name', isTaskForm.as('is_task')])
    .where('ft.company_id', '=', companyId)
    .where('ft.template_id', '=', templateId)
    .where('ft.deleted_at', 'is', null)
    .executeTakeFirst();

/** The company's task form: its default for type 'task', else its oldest live task form. */
export const defaultTaskForm = (db: Db, companyId: number) =>
  db
    .selectFrom('form_templates as ft')
    .select('ft.template_id')
    .where('ft.company_id', '=', companyId)
    .where('ft.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('ft.default_for_type', '=', 'task'), isTaskForm]))
    .orderBy(sql`ft.default_for_type IS NOT DISTINCT FROM 'task'`, 'desc')
    .orderBy('ft.template_id')
    .executeTakeFirst();

function templateSelect(db: Db) {
  return db
    .selectFrom('task_templates as tt')
    .innerJoin('form_templates as ft', 'ft.template_id', 'tt.template_id')
    .leftJoin('users as u', 'u.user_id', 'tt.assignee_id')
    .select([
      'tt.task_template_id', 'tt.template_id', 'ft.template_name', 'tt.title', 'tt.description', 'tt.assignee_id',
      'u.first_name', 'u.last_name', 'tt.frequency', 'tt.weekdays', 'tt.time_of_day', 'tt.created_by', 'tt.created_at',
      'tt.updated_at',
    ])
    .where('tt.deleted_at', 'is', null);
}
export type TaskTemplateRow = Awaited<ReturnType<ReturnType<typeof templateSelect>['executeTakeFirstOrThrow']>>;

export const listTemplates = (db: Db, companyId: number) =>
  templateSelect(db).where('tt.company_id', '=', companyId).orderBy('tt.task_template_id').execute();

export const findTemplate = (db: Db, companyId: number, id: number) =>
  templateSelect(db).where('tt.company_id', '=', companyId).where('tt.task_template_id', '=', id).executeTakeFirst();

export interface TemplateValues {
  template_id: number;
  title: string;
  description: string;
  assignee_id: number | null;
  frequency: 'daily' | 'weekly' | 'weekdays';
  weekdays: number[];
  time_of_day: string;
}

export const insertTemplate = async (trx: Transaction<DB>, companyId: number, userId: number, v: TemplateValues) =>
  (
    await trx
      .insertInto('task_templates')
      .values({ ...v, weekdays: JSON.stringify(v.weekdays), company_id: companyId, created_by: userId, deleted_at: null })
      .returning('task_template_id')
      .executeTakeFirstOrThrow()
  ).task_template_id;

/** Locks a live automation of the company for a change; undefined when there is none. */
export const lockTemplate = (trx: Transaction<DB>, companyId: number, id: number) =>
  trx
    .selectFrom('task_templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('task_template_id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export const updateTemplate = (trx: Transaction<DB>, id: number, v: TemplateValues) =>
  trx
    .updateTable('task_templates')
    .set({ ...v, weekdays: JSON.stringify(v.weekdays), updated_at: new Date() })
    .where('task_template_id', '=', id)
    .execute();

export const softDeleteTemplate = (trx: Transaction<DB>, id: number) =>
  trx.updateTable('task_templates').set({ deleted_at: new Date() }).where('task_template_id', '=', id).execute();
