import { z } from 'zod';
import { ADMIN_ROLES, ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Flag01, Id } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { tasksMessages as msg } from './tasks.messages.js';
import {
  TaskPage, TaskPerPage, TaskPersonName, Task, TaskDescription, TaskFormResponse, TaskStatusFilter, TaskStatusSchema, TaskTemplate,
  TaskTitle, TASK_FREQUENCIES, TaskTimeOfDay, TaskWeekdays,
} from './tasks.schemas.js';

const anyone = { kind: 'user', roles: ALL_ROLES } as const;
const admins = { kind: 'user', roles: ADMIN_ROLES } as const;
const Paged = { page: z.number(), per_page: z.number() };

// Spec-2 §6 shows no finer permissions: every role works the task board (reads, status, assignee, title);
// deleting is for the task's creator or an Admin; task automations are company set-up, for Admins.
export const tasksEndpoints = {
  getTasks: defineEndpoint({
    id: 'getTasks', domain: 'tasks', method: 'GET', path: '/get_tasks',
    summary: "The tasks assigned to user_id (a user of the caller's company), newest first, a page at a time",
    auth: anyone, tenancy: { user: ['user_id'] },
    query: z.object({ user_id: Id, status: TaskStatusFilter.default('all'), page: TaskPage, per_page: TaskPerPage }),
    response: success({ tasks: z.array(Task), ...Paged, has_more: z.boolean() }),
    clientMessages: { failure: msg.fetchFailed },
  }),
  getTaskFormResponses: defineEndpoint({
    id: 'getTaskFormResponses', domain: 'tasks', method: 'GET', path: '/get_task_form_responses',
    summary: "The company's task form responses with their answers: status (default open), optionally one assignee (user_ID) or form (TemplateID)",
    auth: anyone, tenancy: { company: ['CompanyID'], user: ['user_ID'], resource: true },
    query: z.object({
      CompanyID: CompanyId,
      user_ID: absentIfBlank(Id),
      TemplateID: absentIfBlank(Id),
      status: TaskStatusFilter.default('open'),
      page: TaskPage,
      per_page: TaskPerPage,
    }),
    response: success({ responses: z.array(TaskFormResponse), ...Paged, total: z.number() }),
  }),
  deleteTask: defineEndpoint({
    id: 'deleteTask', domain: 'tasks', method: 'DELETE', path: '/delete_task',
    summary: 'Delete a task (its creator or an Admin); the form response stays for the record, the task leaves every list',
    auth: anyone, tenancy: { resource: true },
    either: z.object({ task_id: Id }),
    response: success({ message: z.string(), task_id: z.number() }),
    clientMessages: { failure: msg.deleteFailed },
  }),
  updateTaskFields: defineEndpoint({
    id: 'updateTaskFields', domain: 'tasks', method: 'POST', path: '/update_task_fields',
    summary: 'Change a task\'s status and/or assignee (assignee_id, or first_name and last_name of a user of the company; unassign=1 clears it)',
    auth: anyone, tenancy: { user: ['assignee_id'], resource: true },
    query: z.object({ response_id: Id }),
    either: z.object({
      status: absentIfBlank(TaskStatusSchema),
      assignee_id: absentIfBlank(Id),
      first_name: absentIfBlank(TaskPersonName),
      last_name: absentIfBlank(TaskPersonName),
      unassign: Flag01.optional(),
    }),
    response: success({ message: z.string(), task: Task }),
    clientMessages: { failure: msg.updateFailed },
  }),
  updateTaskDescriptionTitle: defineEndpoint({
    id: 'updateTaskDescriptionTitle', domain: 'tasks', method: 'POST', path: '/update_task_description_title',
    summary: "Set a task's title and description",
    auth: anyone, tenancy: { resource: true },
    either: z.object({ submission_id: Id, title: TaskTitle, description: TaskDescription.default('') }),
    response: success({ message: z.string(), task: Task }),
  }),
  getAllTaskTemplates: defineEndpoint({
    id: 'getAllTaskTemplates', domain: 'tasks', method: 'GET', path: '/get_all_task_templates',
    summary: "The company's task automations (recurring tasks from a task form)",
    auth: anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ taskTemplates: z.array(TaskTemplate) }),
  }),
  submitTaskAutomation: defineEndpoint({
    id: 'submitTaskAutomation', domain: 'tasks', method: 'POST', path: '/submit_task_automation',
    summary: 'Create a task automation, or change one (task_template_id): title, description, form, assignee and repetition (Admin)',
    auth: admins, tenancy: { company: ['company_id'], user: ['assignee_id'], resource: true },
    body: {
      kind: 'multipart',
      schema: z.object({
        company_id: CompanyId,
        task_template_id: absentIfBlank(Id),
        TemplateID: absentIfBlank(Id),
        title: TaskTitle,
        description: TaskDescription.default(''),
        assignee_id: absentIfBlank(Id),
        frequency: z.enum(TASK_FREQUENCIES, { error: `must be one of ${TASK_FREQUENCIES.join(', ')}` }),
        weekdays: absentIfBlank(TaskWeekdays),
        time_of_day: TaskTimeOfDay.default('08:00'),
      }),
    },
    response: success({ message: z.string(), taskTemplate: TaskTemplate }),
  }),
  // The spec's GET delete: safe against a link a colleague is tricked into opening because the API reads
  // only the bearer header (never a cookie, never a token in the URL) and the answer is never cached.
  deleteTaskTemplate: defineEndpoint({
    id: 'deleteTaskTemplate', domain: 'tasks', method: 'GET', path: '/delete_task_template',
    summary: 'Delete a task automation (Admin); the tasks it made stay',
    auth: admins, tenancy: { resource: true },
    query: z.object({ id: Id }),
    response: success({ message: z.string(), id: z.number() }),
  }),
};
