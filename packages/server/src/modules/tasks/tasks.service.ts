import {
  ADMIN_ROLES, tasksMessages as msg, type EndpointInput, type tasksEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { raiseNotificationEvent, taskEvents } from '../automations/index.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import * as repo from './tasks.repository.js';
import { toTask, toTaskTemplate } from './tasks.mapper.js';

type Input<K extends keyof typeof tasksEndpoints> = EndpointInput<(typeof tasksEndpoints)[K]>;
type Db = Deps['db'];

const statusFilter = (s: string) => (s === 'all' ? null : s);

async function readTask(db: Db, companyId: number, id: number) {
  const row = await repo.findTask(db, companyId, id);
  if (!row) throw notFound('Task');
  return toTask(row);
}

export async function getTasks({ db }: Deps, caller: Caller, input: Input<'getTasks'>) {
  // One row past the page says whether another page follows, without counting every task.
  const rows = await repo.listAssigned(db, caller.company_id, input.user_id, statusFilter(input.status), input.per_page + 1, (input.page - 1) * input.per_page);
  const has_more = rows.length > input.per_page;
  return { status: 'success' as const, tasks: rows.slice(0, input.per_page).map(toTask), page: input.page, per_page: input.per_page, has_more };
}

export async function getTaskFormResponses({ db }: Deps, caller: Caller, input: Input<'getTaskFormResponses'>) {
  if (input.TemplateID !== undefined) {
    const form = await repo.findForm(db, caller.company_id, input.TemplateID);
    if (!form) throw notFound('Form template');
    if (!form.is_task) throw badRequest(msg.notTaskTemplate, 'TemplateID');
  }
  const filter: repo.CompanyFilter = {
    companyId: caller.company_id, assigneeId: input.user_ID, templateId: input.TemplateID, status: statusFilter(input.status),
  };
  const [rows, total] = await Promise.all([
    repo.listCompany(db, filter, input.per_page, (input.page - 1) * input.per_page),
    repo.countCompany(db, filter),
  ]);
  const answers = await repo.fieldAnswers(db, caller.company_id, rows.map((r) => r.response_id));
  const byResponse = new Map<number, typeof answers>();
  for (const a of answers) byResponse.set(a.response_id, [...(byResponse.get(a.response_id) ?? []), a]);
  const responses = rows.map((r) => ({
    ...toTask(r),
    fieldResponses: (byResponse.get(r.response_id) ?? []).map((a) => ({
      FieldID: a.field_id, FieldName: a.field_name, FieldType: a.field_type, InputData: a.input_data,
    })),
  }));
  return { status: 'success' as const, responses, page: input.page, per_page: input.per_page, total };
}

/** The assignee a change names: by id (the contract checked it is a user of the company) or by full name. */
async function assigneeOf(db: Db, companyId: number, input: Input<'updateTaskFields'>): Promise<number | null | undefined> {
  if (input.unassign === 1) return null;
  if (input.assignee_id !== undefined) return input.assignee_id;
  if (input.first_name === undefined && input.last_name === undefined) return undefined;
  if (input.first_name === undefined || input.last_name === undefined) {
    throw badRequest(msg.nameHalf, input.first_name === undefined ? 'first_name' : 'last_name');
  }
  const users = await repo.usersNamed(db, companyId, input.first_name, input.last_name);
  if (users.length === 0) throw new AppError('not_found', msg.assigneeUnknown, 'first_name');
  if (users.length > 1) throw badRequest(msg.assigneeAmbiguous, 'first_name');
  return users[0]!.user_id;
}

export async function updateTaskFields({ db }: Deps, caller: Caller, input: Input<'updateTaskFields'>) {
  const assignee = await assigneeOf(db, caller.company_id, input);
  if (assignee === undefined && input.status === undefined) throw badRequest(msg.nothingToUpdate, 'status');
  await db.transaction().execute(async (trx) => {
    const done = await changeTask({ db: trx }, caller, input.response_id, { status: input.status, assignee_id: assignee });
    if (!done) throw notFound('Task');
  });
  return { status: 'success' as const, message: msg.taskUpdated, task: await readTask(db, caller.company_id, input.response_id) };
}

/** A task's status and assignee: what a change sets (undefined: kept) and what it answers before and after. */
export interface TaskState {
  status: string;
  assignee_id: number | null;
}

/**
 * Changes a task's status and/or assignee in the caller's transaction (its row locked here): audited and its
 * events raised, as every change of a task. Answers the state before and after, or undefined when the task is
 * not the company's (or deleted). A bulk change calls it per task, in task id order.
 */
export async function changeTask(
  { db: trx }: TxDeps,
  caller: Caller,
  taskId: number,
  change: { status?: string; assignee_id?: number | null },
): Promise<{ before: TaskState; after: TaskState } | undefined> {
  const row = await repo.lockTask(trx, caller.company_id, taskId);
  if (!row) return undefined;
  const before: TaskState = { status: row.status, assignee_id: row.assignee_id ?? null };
  const after: TaskState = { status: change.status ?? before.status, assignee_id: change.assignee_id === undefined ? before.assignee_id : change.assignee_id };
  if (after.status !== before.status) await repo.setStatus(trx, row.response_id, after.status);
  if (change.assignee_id !== undefined) await repo.upsertTask(trx, caller.company_id, row.response_id, caller.user_id, { assignee_id: change.assignee_id });
  await writeAudit(trx, {
    companyId: caller.company_id, userId: caller.user_id, action: 'task.update', entityType: 'task', entityId: row.response_id, before, after,
  });
  await raiseNotificationEvent(trx, taskEvents({
    companyId: caller.company_id, actorId: caller.user_id, taskId: row.response_id, title: row.title,
    before: { status: before.status, assigneeId: before.assignee_id }, after: { status: after.status, assigneeId: after.assignee_id },
  }));
  return { before, after };
}

export async function updateTaskDescriptionTitle({ db }: Deps, caller: Caller, input: Input<'updateTaskDescriptionTitle'>) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockTask(trx, caller.company_id, input.submission_id);
    if (!before) throw notFound('Task');
    await repo.upsertTask(trx, caller.company_id, before.response_id, caller.user_id, { title: input.title, description: input.description });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'task.retitle', entityType: 'task', entityId: before.response_id,
      before: { title: before.title ?? '', description: before.description ?? '' },
      after: { title: input.title, description: input.description },
    });
  });
  return { status: 'success' as const, message: msg.titleUpdated, task: await readTask(db, caller.company_id, input.submission_id) };
}

/** The creator or an Admin deletes. Soft: the response and its answers stay for reports and the audit trail. */
export async function deleteTask({ db }: Deps, caller: Caller, input: Input<'deleteTask'>) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockTask(trx, caller.company_id, input.task_id);
    if (!before) throw notFound('Task');
    if (!ADMIN_ROLES.includes(caller.user_role) && before.submitted_by !== caller.user_id) throw forbidden(msg.notOwner);
    await repo.upsertTask(trx, caller.company_id, before.response_id, caller.user_id, { deleted_at: new Date() });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'task.delete', entityType: 'task', entityId: before.response_id,
      before: { status: before.status, title: before.title ?? '', assignee_id: before.assignee_id ?? null },
    });
  });
  return { status: 'success' as const, message: msg.taskDeleted, task_id: input.task_id };
}

export async function getAllTaskTemplates({ db }: Deps, caller: Caller) {
  return { status: 'success' as const, taskTemplates: (await repo.listTemplates(db, caller.company_id)).map(toTaskTemplate) };
}

/** Weekly repeats on one day, chosen weekdays on one or more; daily needs none (and keeps none). */
function weekdaysOf(input: Input<'submitTaskAutomation'>): number[] {
  const days = [...new Set(input.weekdays ?? [])].sort((x, y) => x - y);
  if (input.frequency === 'daily') return [];
  if (input.frequency === 'weekly' && days.length !== 1) throw badRequest(msg.weeklyOneDay, 'weekdays');
  if (days.length === 0) throw badRequest(msg.weekdaysRequired, 'weekdays');
  return days;
}

async function taskFormOf(db: Db, companyId: number, templateId: number | undefined): Promise<number> {
  if (templateId === undefined) {
    const form = await repo.defaultTaskForm(db, companyId);
    if (!form) throw badRequest(msg.noTaskForm, 'TemplateID');
    return form.template_id;
  }
  const form = await repo.findForm(db, companyId, templateId);
  if (!form) throw notFound('Form template');
  if (!form.is_task) throw badRequest(msg.notTaskTemplate, 'TemplateID');
  return form.template_id;
}

export async function submitTaskAutomation({ db }: Deps, caller: Caller, input: Input<'submitTaskAutomation'>) {
  const values: repo.TemplateValues = {
    template_id: await taskFormOf(db, caller.company_id, input.TemplateID),
    title: input.title,
    description: input.description,
    assignee_id: input.assignee_id ?? null,
    frequency: input.frequency,
    weekdays: weekdaysOf(input),
    time_of_day: input.time_of_day,
  };
  const id = await db.transaction().execute(async (trx) => {
    const audit = { companyId: caller.company_id, userId: caller.user_id, entityType: 'task_template' };
    if (input.task_template_id === undefined) {
      const id = await repo.insertTemplate(trx, caller.company_id, caller.user_id, values);
      await writeAudit(trx, { ...audit, action: 'task_template.create', entityId: id, after: values });
      return id;
    }
    const before = await repo.lockTemplate(trx, caller.company_id, input.task_template_id);
    if (!before) throw notFound('Task template');
    await repo.updateTemplate(trx, before.task_template_id, values);
    const { template_id, title, description, assignee_id, frequency, weekdays, time_of_day } = before;
    await writeAudit(trx, {
      ...audit, action: 'task_template.update', entityId: before.task_template_id,
      before: { template_id, title, description, assignee_id, frequency, weekdays, time_of_day }, after: values,
    });
    return before.task_template_id;
  });
  const row = await repo.findTemplate(db, caller.company_id, id);
  if (!row) throw notFound('Task template');
  return {
    status: 'success' as const,
    message: input.task_template_id === undefined ? msg.automationCreated : msg.automationUpdated,
    taskTemplate: toTaskTemplate(row),
  };
}

export async function deleteTaskTemplate({ db }: Deps, caller: Caller, id: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockTemplate(trx, caller.company_id, id);
    if (!before) throw notFound('Task template');
    await repo.softDeleteTemplate(trx, id);
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'task_template.delete', entityType: 'task_template', entityId: id,
      before: { title: before.title, template_id: before.template_id, frequency: before.frequency },
    });
  });
  return { status: 'success' as const, message: msg.templateDeleted, id };
}
