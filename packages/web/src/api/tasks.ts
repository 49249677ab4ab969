import { tasksEndpoints as ep, tasksMessages as msg, type EndpointRequest, type TaskStatus } from '@verdant/contract';
import { withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

/** Which tasks a list shows: every status, or one column of the board. */
export type TaskStatusFilter = TaskStatus | 'all';

/** GET /get_tasks: the tasks assigned to a user of the company, newest first, a page at a time. */
export function getTasks(userId: number, status: TaskStatusFilter, page = 1, perPage?: number) {
  return withFallback(msg.fetchFailed, () =>
    callEndpoint(ep.getTasks, { user_id: userId, status, page, ...(perPage ? { per_page: perPage } : {}) }),
  );
}

/** GET /get_task_form_responses: the company's task form responses (optionally one assignee or form). */
export function getTaskFormResponses(companyId: number, status: TaskStatusFilter, page = 1, filter: { userId?: number; templateId?: number } = {}) {
  return withFallback(msg.fetchFailed, () =>
    callEndpoint(ep.getTaskFormResponses, {
      CompanyID: companyId,
      status,
      page,
      ...(filter.userId ? { user_ID: filter.userId } : {}),
      ...(filter.templateId ? { TemplateID: filter.templateId } : {}),
    }),
  );
}

/** DELETE /delete_task (task_id in the body): its creator or an Admin. */
export function deleteTask(taskId: number) {
  return withFallback(msg.deleteFailed, () => callEndpoint(ep.deleteTask, { task_id: taskId }));
}

/** The input of POST /update_task_fields (response_id in the query; status and/or assignee). */
export type UpdateTaskFieldsInput = EndpointRequest<typeof ep.updateTaskFields>;
/** The input of POST /update_task_description_title. */
export type UpdateTaskTitleInput = EndpointRequest<typeof ep.updateTaskDescriptionTitle>;

/** GET /get_all_task_templates: the company's task automations (recurring tasks). */
export async function getAllTaskTemplates(companyId: number) {
  return (await callEndpoint(ep.getAllTaskTemplates, { company_id: companyId })).taskTemplates;
}

export type TaskAutomationInput = EndpointRequest<typeof ep.submitTaskAutomation>;

/** POST /submit_task_automation (multipart, Admin): creates a recurring task, or changes one (task_template_id). */
export function submitTaskAutomation(input: TaskAutomationInput) {
  return callEndpoint(ep.submitTaskAutomation, input);
}

/** GET /delete_task_template?id (Admin): the tasks it made stay. */
export function deleteTaskTemplate(id: number) {
  return callEndpoint(ep.deleteTaskTemplate, { id });
}
