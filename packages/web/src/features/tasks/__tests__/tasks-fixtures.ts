import { http, HttpResponse } from 'msw';
import { tasksMessages, type Task } from '@verdant/contract';
import { API } from '../../../testing/msw-server';

const T = '2026-03-08T07:00:00Z';

export function person(user_id: number, first_name: string, active = true) {
  return {
    user_id, company_id: 3, first_name, last_name: 'Grower', email: `${first_name.toLowerCase()}@example.com`,
    user_role: 'Regular' as const, location: null, created_at: T, active,
  };
}

export function makeTask(id: number, title: string, extra: Partial<Task> = {}): Task {
  return {
    task_id: id, response_id: id, TemplateID: 4, template_name: 'Task', status: 'open', title, description: '',
    assignee: null, first_name: null, last_name: null, submitted_by: 7, submitted_at: T, updated_at: null, task_template_id: null, due_date: null,
    ...extra,
  };
}

export const TASK_FORM = {
  TemplateID: 4, TemplateName: 'Task', CompanyID: 3, CreatedAt: T, UpdatedAt: T, FormCategory: 'Task', PageCSS: '', DefaultForType: 'task',
  DeletedAt: null,
  fields: [{
    FieldID: 40, TemplateID: 4, FieldName: 'What needs doing', FieldType: 'text', FieldOptions: [], IsRequired: true, IsActive: true,
    CSSClass: '', report_id: null, Position: 0, HideUntil: null,
  }],
};

interface Write { path: string; query: Record<string, string>; body: unknown; key: string | null }

/**
 * The tasks API as the server answers it: get_tasks (one user's), get_task_form_responses (the company's),
 * the writes (which change the state as the server would), comments, users, forms and task templates.
 */
export function tasksApi(initial: Task[], opts: { templates?: unknown[] } = {}) {
  const state = {
    tasks: initial.map((t) => ({ ...t })),
    users: [person(7, 'Me'), person(8, 'Ana'), person(10, 'Gone', false)],
    comments: [] as Array<Record<string, unknown>>,
    templates: [...(opts.templates ?? [])] as Array<Record<string, unknown>>,
    writes: [] as Write[],
    nextId: 900,
  };
  const record = async (request: Request, path: string) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (text.startsWith('{') ? JSON.parse(text) : text) : null;
    state.writes.push({ path, query: Object.fromEntries(url.searchParams), body, key: request.headers.get('Idempotency-Key') });
    return body as Record<string, unknown>;
  };
  const byStatus = (status: string | null) => state.tasks.filter((t) => !status || status === 'all' || t.status === status);
  const handlers = [
    http.get(`${API}/get_tasks`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const tasks = byStatus(q.get('status')).filter((t) => t.assignee?.user_id === Number(q.get('user_id')));
      return HttpResponse.json({ status: 'success', tasks, page: 1, per_page: 50, has_more: false });
    }),
    http.get(`${API}/get_task_form_responses`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page') ?? 1);
      const all = byStatus(q.get('status'));
      const responses = all.slice((page - 1) * 50, page * 50).map((t) => ({ ...t, fieldResponses: [] }));
      return HttpResponse.json({ status: 'success', responses, page, per_page: 50, total: all.length });
    }),
    http.post(`${API}/update_task_fields`, async ({ request }) => {
      const body = await record(request, '/update_task_fields');
      const id = Number(new URL(request.url).searchParams.get('response_id'));
      const task = state.tasks.find((t) => t.response_id === id)!;
      if (body.status) task.status = String(body.status);
      if (body.assignee_id) {
        const u = state.users.find((x) => x.user_id === body.assignee_id)!;
        Object.assign(task, { assignee: { user_id: u.user_id, first_name: u.first_name, last_name: u.last_name }, first_name: u.first_name, last_name: u.last_name });
      }
      if (body.unassign === 1) Object.assign(task, { assignee: null, first_name: null, last_name: null });
      return HttpResponse.json({ status: 'success', message: tasksMessages.taskUpdated, task });
    }),
    http.post(`${API}/update_task_description_title`, async ({ request }) => {
      const body = await record(request, '/update_task_description_title');
      const task = state.tasks.find((t) => t.response_id === body.submission_id)!;
      Object.assign(task, { title: body.title, description: body.description });
      return HttpResponse.json({ status: 'success', message: tasksMessages.titleUpdated, task });
    }),
    http.delete(`${API}/delete_task`, async ({ request }) => {
      const body = await record(request, '/delete_task');
      state.tasks = state.tasks.filter((t) => t.task_id !== body.task_id);
      return HttpResponse.json({ status: 'success', message: tasksMessages.taskDeleted, task_id: body.task_id });
    }),
    http.get(`${API}/load_users`, () => HttpResponse.json({ status: 'success', users: state.users })),
    http.get(`${API}/get_form_templates`, () => HttpResponse.json({ status: 'success', templates: [TASK_FORM] })),
    http.post(`${API}/submit_form`, async ({ request }) => {
      const body = await record(request, '/submit_form');
      const id = state.nextId++;
      const answer = (body.fieldResponses as Array<{ inputData: string }>)[0]?.inputData ?? 'Task';
      state.tasks.unshift(makeTask(id, answer, { submitted_by: Number(body.submittedBy) }));
      return HttpResponse.json({ status: 'success', message: 'Form submitted.', response_id: id, TemplateID: 4, observations_created: 0 });
    }),
    http.get(`${API}/get_comments`, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('ResponseID'));
      return HttpResponse.json({ status: 'success', ResponseID: id, comments: state.comments.filter((c) => c.ResponseID === id) });
    }),
    http.post(`${API}/add_comment`, async ({ request }) => {
      const body = await record(request, '/add_comment');
      const comment = {
        CommentID: state.comments.length + 1, ResponseID: body.ResponseID, UserID: body.UserID, UserName: 'Me Grower',
        CommentText: body.CommentText, CreatedAt: T, UpdatedAt: T, edited: false,
      };
      state.comments.push(comment);
      return HttpResponse.json({ status: 'success', message: 'Comment added.', comment });
    }),
    http.get(`${API}/get_all_task_templates`, () => HttpResponse.json({ status: 'success', taskTemplates: state.templates })),
    http.get(`${API}/delete_task_template`, async ({ request }) => {
      await record(request, '/delete_task_template');
      const id = Number(new URL(request.url).searchParams.get('id'));
      state.templates = state.templates.filter((t) => t.id !== id);
      return HttpResponse.json({ status: 'success', message: tasksMessages.templateDeleted, id });
    }),
    http.post(`${API}/submit_task_automation`, async ({ request }) => {
      const form = await request.formData();
      const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      state.writes.push({ path: '/submit_task_automation', query: {}, body: fields, key: null });
      const id = fields.task_template_id ? Number(fields.task_template_id) : 30;
      state.templates = state.templates.filter((t) => t.id !== id);
      const tpl = {
        id, task_template_id: id, TemplateID: 4, template_name: 'Task', title: fields.title, description: fields.description ?? '',
        assignee: null, frequency: fields.frequency, weekdays: fields.weekdays ? (JSON.parse(fields.weekdays) as number[]) : [],
        time_of_day: fields.time_of_day, created_by: 7, created_at: T, updated_at: T,
      };
      state.templates.push(tpl);
      const message = fields.task_template_id ? tasksMessages.automationUpdated : tasksMessages.automationCreated;
      return HttpResponse.json({ status: 'success', message, taskTemplate: tpl });
    }),
  ];
  return { state, handlers };
}

export function template(id: number, title: string, extra: Record<string, unknown> = {}) {
  return {
    id, task_template_id: id, TemplateID: 4, template_name: 'Task', title, description: '', assignee: null,
    frequency: 'weekdays', weekdays: [1, 3], time_of_day: '07:30', created_by: 7, created_at: T, updated_at: T, ...extra,
  };
}
