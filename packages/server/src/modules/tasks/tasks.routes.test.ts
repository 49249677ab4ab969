import { describe, expect, it } from 'vitest';
import { tasksMessages as msg } from '@verdant/contract';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { makeTenant, makeUser } from '../../test/factories.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = Record<string, string>;
const send = (method: 'POST' | 'DELETE', url: string, auth: Auth, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
const get = (path: string, auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const audits = (action: string, entityId: number) =>
  t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).where('entity_id', '=', String(entityId)).execute();

const forms = new Map<number, { templateId: number; field: Record<string, number> }>();
async function taskForm(tenant: Tenant) {
  if (!forms.has(tenant.companyId)) {
    forms.set(tenant.companyId, await makeTemplate(t.app, tenant.companyId, 'Task', 'Task', [['Task', 'text', [], true], ['Notes', 'textarea', [], false]]));
  }
  return forms.get(tenant.companyId)!;
}

/** A task as the crew makes one: a submitted task form. */
async function newTask(tenant: Tenant, by = tenant.regular, text = 'Sticky traps in bay 3') {
  const form = await taskForm(tenant);
  const res = await send('POST', '/submit_form', by.auth, {
    submittedBy: by.user_id, fieldResponses: [{ fieldID: form.field.Task!, inputData: text }, { fieldID: form.field.Notes!, inputData: 'Yellow ones' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response_id as number;
}
const update = (id: number, auth: Auth, payload: Record<string, unknown>, key?: string) => send('POST', `/update_task_fields?response_id=${id}`, auth, payload, key);

describe('task form responses', () => {
  it('lists a submitted task form as an open task with its answers, titled by its first text answer', async () => {
    const id = await newTask(a);
    const res = await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', page: 1, per_page: 50 });
    const task = body.responses.find((r: { task_id: number }) => r.task_id === id);
    expect(task).toMatchObject({ status: 'open', title: 'Sticky traps in bay 3', description: '', assignee: null, submitted_by: a.regular.user_id });
    expect(task.fieldResponses.map((f: { FieldName: string; InputData: string }) => [f.FieldName, f.InputData])).toEqual([['Task', 'Sticky traps in bay 3'], ['Notes', 'Yellow ones']]);
  });

  it('answers when a task is due: its form\'s first date answer, none when the form has no date (issue 20)', async () => {
    const dated = await makeTemplate(t.app, a.companyId, 'Dated task', 'Task', [['Task', 'text', [], true], ['Due date', 'date', [], false]]);
    const res = await send('POST', '/submit_form', a.regular.auth, {
      submittedBy: a.regular.user_id, fieldResponses: [{ fieldID: dated.field.Task!, inputData: 'Spray bay 2' }, { fieldID: dated.field['Due date']!, inputData: '2026-12-02' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().response_id as number;
    const undated = await newTask(a);
    const list = (await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId })).json();
    const due = (taskId: number) => list.responses.find((r: { task_id: number }) => r.task_id === taskId).due_date;
    expect(due(id)).toBe('2026-12-02');
    expect(due(undated)).toBeNull();
  });

  it('pages (page 1, per_page 50 by default), filters by status, assignee and form, and counts the total', async () => {
    const ids = [await newTask(a), await newTask(a), await newTask(a)];
    await update(ids[0]!, a.regular.auth, { status: 'done', assignee_id: a.admin.user_id });
    const all = (await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId, status: 'all', per_page: 2 })).json();
    expect(all.responses).toHaveLength(2);
    const second = (await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId, status: 'all', per_page: 2, page: 2 })).json();
    expect(second.total).toBe(all.total);
    expect(new Set([...all.responses, ...second.responses].map((r: { task_id: number }) => r.task_id)).size).toBe(Math.min(4, all.total));
    const open = (await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId })).json();
    expect(open.responses.map((r: { task_id: number }) => r.task_id)).not.toContain(ids[0]);
    const done = (await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId, status: 'done', user_ID: a.admin.user_id, TemplateID: (await taskForm(a)).templateId })).json();
    expect(done.responses.map((r: { task_id: number }) => r.task_id)).toEqual([ids[0]]);
    expect(done.total).toBe(1);
  });

  it('refuses bad input, another company and a form that is not a task form', async () => {
    expect((await get('/get_task_form_responses', a.regular.auth, { CompanyID: b.companyId })).statusCode).toBe(403);
    expect((await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId, user_ID: b.regular.user_id })).statusCode).toBe(404);
    expect((await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId, TemplateID: (await taskForm(b)).templateId })).statusCode).toBe(404);
    const scouting = await makeTemplate(t.app, a.companyId, 'Scouting', 'scouting', [['Notes', 'text', [], false]]);
    const notTask = await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId, TemplateID: scouting.templateId });
    expect(notTask.statusCode).toBe(400);
    expect(notTask.json().message).toBe(msg.notTaskTemplate);
    for (const [k, v] of [['status', 'closed'], ['page', 0], ['per_page', 201], ['page', 2 ** 31], ['CompanyID', 'x']] as const) {
      const res = await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId, [k]: v });
      expect(res.statusCode, `${k}=${v}`).toBe(400);
      expect(res.json().message).toContain(k);
    }
    expect((await get('/get_task_form_responses', {}, { CompanyID: a.companyId })).statusCode).toBe(401);
  });

  it("does not list another company's tasks", async () => {
    const theirs = await newTask(b);
    const mine = (await get('/get_task_form_responses', a.admin.auth, { CompanyID: a.companyId, status: 'all', per_page: 200 })).json();
    expect(mine.responses.map((r: { task_id: number }) => r.task_id)).not.toContain(theirs);
  });
});

describe('update_task_fields', () => {
  it('changes status and assignee (by id or by name), audits before and after, and get_tasks lists it', async () => {
    const id = await newTask(a);
    const res = await update(id, a.regular.auth, { status: 'in_progress', first_name: 'test', last_name: ' regular ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: msg.taskUpdated, task: { task_id: id, status: 'in_progress', first_name: 'Test', last_name: 'Regular', assignee: { user_id: a.regular.user_id } } });
    const [event] = await audits('task.update', id);
    expect(event).toMatchObject({ user_id: a.regular.user_id, company_id: a.companyId });
    expect(event!.before).toEqual({ status: 'open', assignee_id: null });
    expect(event!.after).toEqual({ status: 'in_progress', assignee_id: a.regular.user_id });

    const mine = (await get('/get_tasks', a.regular.auth, { user_id: a.regular.user_id })).json();
    expect(mine).toMatchObject({ status: 'success', page: 1, per_page: 50, has_more: false });
    expect(mine.tasks.map((x: { task_id: number }) => x.task_id)).toContain(id);

    const unassigned = await update(id, a.regular.auth, { unassign: 1 });
    expect(unassigned.json().task.assignee).toBeNull();
  });

  it('says what is wrong: nothing to change, half a name, unknown or ambiguous name, bad status', async () => {
    const id = await newTask(a);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{}, 400, msg.nothingToUpdate, 'status'],
      [{ first_name: 'Test' }, 400, msg.nameHalf, 'last_name'],
      [{ first_name: 'Nobody', last_name: 'Here' }, 404, msg.assigneeUnknown, 'first_name'],
      [{ status: 'finished' }, 400, 'status', 'status'],
    ];
    for (const [payload, code, message, field] of cases) {
      const res = await update(id, a.regular.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(code);
      expect(res.json().message).toContain(message);
      expect(res.json().field ?? field).toBe(field);
    }
    await makeUser(t.app, a.companyId, 'Regular'); // a second 'Test Regular'
    const ambiguous = await update(id, a.regular.auth, { first_name: 'Test', last_name: 'Regular' });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().message).toBe(msg.assigneeAmbiguous);
    expect((await send('POST', '/update_task_fields', a.regular.auth, { status: 'done' })).statusCode).toBe(400);
    expect((await update(id, a.regular.auth, { status: 'done\u0000' })).statusCode).toBe(400);
  });

  it("refuses another company's task and assignee (404); a name finds only this company's users", async () => {
    const theirs = await newTask(b);
    expect((await update(theirs, a.admin.auth, { status: 'done' })).statusCode).toBe(404);
    const id = await newTask(a);
    expect((await update(id, a.admin.auth, { assignee_id: b.regular.user_id })).statusCode).toBe(404);
    // A namesake in another company is never found: the name resolves to this company's Test Admin.
    const byName = await update(id, a.admin.auth, { first_name: 'Test', last_name: 'Admin' });
    expect(byName.json().task.assignee.user_id).toBe(a.admin.user_id);
    expect((await update(2 ** 31, a.admin.auth, { status: 'done' })).statusCode).toBe(400);
    const status = await t.app.db.selectFrom('form_responses').select('status').where('response_id', '=', theirs).executeTakeFirstOrThrow();
    expect(status.status).toBe('open');
  });

  it('two status changes at once both apply, one after the other, each audited from what the other left', async () => {
    const id = await newTask(a);
    const [x, y] = await Promise.all([update(id, a.regular.auth, { status: 'in_progress' }), update(id, a.admin.auth, { status: 'done' })]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const events = await audits('task.update', id);
    expect(events).toHaveLength(2);
    const [first, second] = events.sort((p, q) => p.id - q.id) as Array<{ before: { status: string }; after: { status: string } }>;
    expect(first!.before.status).toBe('open');
    expect(second!.before.status).toBe(first!.after.status);
    const final = await t.app.db.selectFrom('form_responses').select('status').where('response_id', '=', id).executeTakeFirstOrThrow();
    expect(final.status).toBe(second!.after.status);
  });

  it('applies a change sent twice with one Idempotency-Key once', async () => {
    const id = await newTask(a);
    const first = await update(id, a.regular.auth, { status: 'done' }, `task-${id}`);
    const again = await update(id, a.regular.auth, { status: 'done' }, `task-${id}`);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(await audits('task.update', id)).toHaveLength(1);
  });
});

describe('update_task_description_title', () => {
  it('sets title and description, audited; refuses an empty title and another company', async () => {
    const id = await newTask(a);
    const res = await send('POST', '/update_task_description_title', a.regular.auth, { submission_id: id, title: '  Replace traps  ', description: 'Bays 3 and 4' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: msg.titleUpdated, task: { title: 'Replace traps', description: 'Bays 3 and 4' } });
    const [event] = await audits('task.retitle', id);
    expect(event!.after).toEqual({ title: 'Replace traps', description: 'Bays 3 and 4' });

    const empty = await send('POST', '/update_task_description_title', a.regular.auth, { submission_id: id, title: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('title');
    const long = await send('POST', '/update_task_description_title', a.regular.auth, { submission_id: id, title: 'x', description: 'y'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    const surrogate = await send('POST', '/update_task_description_title', a.regular.auth, { submission_id: id, title: 'a\uD800' });
    expect(surrogate.statusCode).toBe(400);
    const theirs = await newTask(b);
    expect((await send('POST', '/update_task_description_title', a.admin.auth, { submission_id: theirs, title: 'Mine now' })).statusCode).toBe(404);
  });
});

describe('delete_task', () => {
  it('lets the creator or an Admin delete; the task leaves every list; a Regular cannot delete a colleague\'s', async () => {
    const id = await newTask(a, a.admin);
    await update(id, a.admin.auth, { assignee_id: a.regular.user_id });
    const denied = await send('DELETE', '/delete_task', a.regular.auth, { task_id: id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(msg.notOwner);
    const own = await newTask(a, a.regular);
    expect((await send('DELETE', '/delete_task', a.regular.auth, { task_id: own })).statusCode).toBe(200);

    const res = await send('DELETE', '/delete_task', a.admin.auth, { task_id: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: msg.taskDeleted, task_id: id });
    expect(await audits('task.delete', id)).toHaveLength(1);
    const mine = (await get('/get_tasks', a.regular.auth, { user_id: a.regular.user_id })).json();
    expect(mine.tasks.map((x: { task_id: number }) => x.task_id)).not.toContain(id);
    const board = (await get('/get_task_form_responses', a.regular.auth, { CompanyID: a.companyId, status: 'all', per_page: 200 })).json();
    expect(board.responses.map((x: { task_id: number }) => x.task_id)).not.toContain(id);
    expect((await send('DELETE', '/delete_task', a.admin.auth, { task_id: id })).statusCode).toBe(404);
  });

  it('needs task_id and refuses another company\'s task', async () => {
    const missing = await send('DELETE', '/delete_task', a.admin.auth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('task_id');
    const theirs = await newTask(b);
    expect((await send('DELETE', '/delete_task', a.admin.auth, { task_id: theirs })).statusCode).toBe(404);
  });
});

describe('get_tasks', () => {
  it('needs user_id of the company, and pages with has_more', async () => {
    const missing = await get('/get_tasks', a.regular.auth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('user_id');
    expect((await get('/get_tasks', a.regular.auth, { user_id: b.regular.user_id })).statusCode).toBe(404);
    const lead = await makeUser(t.app, a.companyId, 'Regular');
    const ids = [await newTask(a), await newTask(a), await newTask(a)];
    for (const id of ids) await update(id, a.admin.auth, { assignee_id: lead.user_id });
    await update(ids[0]!, a.admin.auth, { status: 'done' });
    const page1 = (await get('/get_tasks', a.regular.auth, { user_id: lead.user_id, per_page: 2 })).json();
    expect(page1.tasks.map((x: { task_id: number }) => x.task_id)).toEqual([ids[2], ids[1]]);
    expect(page1.has_more).toBe(true);
    const page2 = (await get('/get_tasks', a.regular.auth, { user_id: lead.user_id, per_page: 2, page: 2 })).json();
    expect(page2).toMatchObject({ has_more: false, tasks: [{ task_id: ids[0] }] });
    const open = (await get('/get_tasks', a.regular.auth, { user_id: lead.user_id, status: 'open' })).json();
    expect(open.tasks.map((x: { task_id: number }) => x.task_id)).toEqual([ids[2], ids[1]]);
  });
});

describe('task automations', () => {
  const automation = (tenant: Tenant, patch: Record<string, unknown> = {}) => ({
    company_id: tenant.companyId, title: 'Check irrigation', description: 'Every dripper', frequency: 'weekdays', weekdays: '1,3,5', time_of_day: '07:30', ...patch,
  });

  it('an Admin creates, changes, lists and deletes one (GET, bearer only, never cached); all audited', async () => {
    const form = await taskForm(a);
    const made = await send('POST', '/submit_task_automation', a.admin.auth, automation(a, { assignee_id: a.regular.user_id }));
    expect(made.statusCode, made.body).toBe(200);
    const tpl = made.json().taskTemplate;
    expect(made.json().message).toBe(msg.automationCreated);
    expect(tpl).toMatchObject({ TemplateID: form.templateId, frequency: 'weekdays', weekdays: [1, 3, 5], time_of_day: '07:30', assignee: { user_id: a.regular.user_id } });

    const changed = await send('POST', '/submit_task_automation', a.admin.auth, automation(a, { task_template_id: tpl.id, frequency: 'weekly', weekdays: '[2]' }));
    expect(changed.json()).toMatchObject({ message: msg.automationUpdated, taskTemplate: { id: tpl.id, frequency: 'weekly', weekdays: [2] } });
    const list = (await get('/get_all_task_templates', a.regular.auth, { company_id: a.companyId })).json();
    expect(list.taskTemplates.map((x: { id: number }) => x.id)).toContain(tpl.id);

    // A link opened in a browser carries cookies, never the bearer header: it is refused before anything happens.
    const byLink = await t.app.inject({ method: 'GET', url: `/api/delete_task_template?id=${tpl.id}`, headers: { cookie: `token=${a.admin.token}` } });
    expect(byLink.statusCode).toBe(401);
    const tokenInUrl = await t.app.inject({ method: 'GET', url: `/api/delete_task_template?id=${tpl.id}&access_token=${a.admin.token}` });
    expect(tokenInUrl.statusCode).toBe(401);
    expect((await get('/delete_task_template', a.regular.auth, { id: tpl.id })).statusCode).toBe(403);
    expect((await get('/delete_task_template', b.admin.auth, { id: tpl.id })).statusCode).toBe(404);

    const gone = await get('/delete_task_template', a.admin.auth, { id: tpl.id });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.json()).toEqual({ status: 'success', message: msg.templateDeleted, id: tpl.id });
    expect((await get('/delete_task_template', a.admin.auth, { id: tpl.id })).statusCode).toBe(404);
    expect((await audits('task_template.create', tpl.id)).length).toBe(1);
    expect((await audits('task_template.update', tpl.id)).length).toBe(1);
    expect((await audits('task_template.delete', tpl.id)).length).toBe(1);
    const after = (await get('/get_all_task_templates', a.regular.auth, { company_id: a.companyId })).json();
    expect(after.taskTemplates.map((x: { id: number }) => x.id)).not.toContain(tpl.id);
  });

  it('says what is wrong with the repetition, the form and the assignee; Regular users and other companies are refused', async () => {
    await taskForm(a);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ frequency: 'weekly', weekdays: '1,2' }, 400, msg.weeklyOneDay],
      [{ frequency: 'weekdays', weekdays: '' }, 400, msg.weekdaysRequired],
      [{ frequency: 'hourly' }, 400, 'frequency'],
      [{ weekdays: '8' }, 400, 'weekdays'],
      [{ time_of_day: '25:00' }, 400, 'time_of_day'],
      [{ title: '' }, 400, 'title'],
      [{ TemplateID: (await makeTemplate(t.app, a.companyId, 'Scout', 'scouting', [['N', 'text', [], false]])).templateId }, 400, msg.notTaskTemplate],
      [{ TemplateID: (await taskForm(b)).templateId }, 404, 'Form template'],
      [{ assignee_id: b.regular.user_id }, 404, ''],
      [{ task_template_id: 2 ** 31 - 1 }, 404, 'Task template'],
    ];
    for (const [patch, code, message] of cases) {
      const res = await send('POST', '/submit_task_automation', a.admin.auth, automation(a, patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(code);
      expect(res.json().message).toContain(message);
    }
    expect((await send('POST', '/submit_task_automation', a.regular.auth, automation(a))).statusCode).toBe(403);
    expect((await send('POST', '/submit_task_automation', a.admin.auth, automation(b))).statusCode).toBe(403);
    expect((await get('/get_all_task_templates', a.admin.auth, { company_id: b.companyId })).statusCode).toBe(403);
  });

  it('needs a task form when none is named and the company has none', async () => {
    const res = await send('POST', '/submit_task_automation', b.admin.auth, automation(b));
    // Company b got a task form from an earlier test; a company with none is told to make one.
    expect(res.statusCode).toBe(200);
    const c = await makeTenant(t.app);
    const none = await send('POST', '/submit_task_automation', c.admin.auth, automation(c));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(msg.noTaskForm);
  });
});
