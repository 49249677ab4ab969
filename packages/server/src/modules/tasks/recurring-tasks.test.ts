import { describe, expect, it } from 'vitest';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { buildTestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { makeOccurrence, RECURRING_TASKS_QUEUE, runRecurringTasks } from './recurring-tasks.js';

useTwoTenants();

async function automation(tenant: Tenant, patch: Record<string, unknown> = {}, createdAt = '2026-01-01T00:00:00Z') {
  await makeTemplate(t.app, tenant.companyId, `Task ${Math.random()}`, 'Task', [['Task', 'text', [], true]]);
  const res = await t.app.inject({
    method: 'POST', url: '/api/submit_task_automation', headers: tenant.admin.auth,
    payload: { company_id: tenant.companyId, title: 'Check irrigation', description: 'Every dripper', frequency: 'daily', time_of_day: '08:00', assignee_id: tenant.regular.user_id, ...patch },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().taskTemplate.id as number;
  // Made long ago (unless said), so any day of the tests may have an occurrence.
  await t.app.db.updateTable('task_templates').set({ created_at: new Date(createdAt) }).where('task_template_id', '=', id).execute();
  return id;
}

const tasksOf = (templateId: number) =>
  t.app.db.selectFrom('tasks').innerJoin('form_responses as r', 'r.response_id', 'tasks.response_id')
    .select(['tasks.response_id', 'tasks.company_id', 'tasks.title', 'tasks.assignee_id', 'r.status', 'r.template_id'])
    .where('tasks.task_template_id', '=', templateId).execute();
const occurrencesOf = (templateId: number) =>
  t.app.db.selectFrom('task_occurrences').selectAll().where('task_template_id', '=', templateId).orderBy('occurrence_date').execute();

async function setZone(tenant: Tenant, zone: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/set_company_time_zone?company_id=${tenant.companyId}`, headers: tenant.admin.auth, payload: { time_zone: zone } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('recurring tasks', () => {
  it('makes the due occurrence as an open, assigned task once, however often the job runs', async () => {
    const id = await automation(a);
    const now = new Date('2026-11-27T09:00:00Z');
    const first = await runRecurringTasks(t.app.db, now);
    const mine = await tasksOf(id);
    expect(mine).toHaveLength(1);
    expect(first.created).toContain(mine[0]!.response_id);
    expect(mine[0]).toMatchObject({ company_id: a.companyId, title: 'Check irrigation', assignee_id: a.regular.user_id, status: 'open' });
    expect(await occurrencesOf(id)).toMatchObject([{ occurrence_date: '2026-11-27', response_id: mine[0]!.response_id }]);
    await runRecurringTasks(t.app.db, now);
    await runRecurringTasks(t.app.db, new Date('2026-11-27T23:59:00Z'));
    expect(await tasksOf(id)).toHaveLength(1);
    // The assignee sees it in "my tasks"; the audit trail has it, made by no user.
    const list = await t.app.inject({ method: 'GET', url: '/api/get_tasks', headers: a.regular.auth, query: { user_id: String(a.regular.user_id) } });
    expect(list.json().tasks.map((x: { task_id: number }) => x.task_id)).toContain(mine[0]!.response_id);
    const audit = await t.app.db.selectFrom('audit_events').select(['user_id', 'company_id']).where('action', '=', 'task.recurring_create')
      .where('entity_id', '=', String(mine[0]!.response_id)).execute();
    expect(audit).toEqual([{ user_id: null, company_id: a.companyId }]);
  });

  it('makes one task when several passes run at the same time, and the next day its own', async () => {
    const id = await automation(a);
    const now = new Date('2026-11-28T08:30:00Z');
    const passes = await Promise.all([0, 1, 2, 3].map(() => runRecurringTasks(t.app.db, now)));
    const made = await tasksOf(id);
    expect(made).toHaveLength(1);
    const created = passes.flatMap((p) => p.created);
    expect(created.filter((x) => x === made[0]!.response_id)).toHaveLength(1);
    expect(new Set(created).size).toBe(created.length);
    const direct = await Promise.all([0, 1, 2].map(() => makeOccurrence(t.app.db, id, { date: '2026-11-29', dueAt: new Date('2026-11-29T08:00:00Z') })));
    expect(direct.filter((x) => x !== null)).toHaveLength(1);
    expect((await occurrencesOf(id)).map((o) => o.occurrence_date)).toEqual(['2026-11-28', '2026-11-29']);
  });

  it("times occurrences in the company's time zone and repeats only on chosen weekdays", async () => {
    const tenant = await makeTenant(t.app);
    await setZone(tenant, 'Pacific/Auckland');
    // Made on Friday 27 November (Auckland). Saturday 28 November 08:00 in Auckland is Friday 27 November 19:00 UTC.
    const made = '2026-11-27T00:00:00Z';
    const sat = await automation(tenant, { frequency: 'weekly', weekdays: '6', time_of_day: '08:00' }, made);
    const tueThu = await automation(tenant, { frequency: 'weekdays', weekdays: '2,4', time_of_day: '08:00' }, made);
    const longAgo = await automation(tenant, { frequency: 'weekdays', weekdays: '2,4', time_of_day: '08:00' });
    await runRecurringTasks(t.app.db, new Date('2026-11-27T18:59:00Z'));
    expect(await occurrencesOf(sat)).toHaveLength(0);
    await runRecurringTasks(t.app.db, new Date('2026-11-27T19:30:00Z'));
    expect((await occurrencesOf(sat)).map((o) => o.occurrence_date)).toEqual(['2026-11-28']);
    expect((await occurrencesOf(sat))[0]!.due_at.toISOString()).toBe('2026-11-27T19:00:00.000Z');
    // Tuesday and Thursday: nothing since it was made; an older one's latest was Thursday the 26th.
    expect(await occurrencesOf(tueThu)).toHaveLength(0);
    expect((await occurrencesOf(longAgo)).map((o) => o.occurrence_date)).toEqual(['2026-11-26']);
  });

  it('makes nothing for a deleted automation, and each company only its own', async () => {
    const gone = await automation(b);
    const del = await t.app.inject({ method: 'GET', url: '/api/delete_task_template', headers: b.admin.auth, query: { id: String(gone) } });
    expect(del.statusCode, del.body).toBe(200);
    const kept = await automation(b);
    await runRecurringTasks(t.app.db, new Date('2026-11-30T12:00:00Z'));
    expect(await tasksOf(gone)).toHaveLength(0);
    const made = await tasksOf(kept);
    expect(made).toHaveLength(1);
    expect(made[0]!.company_id).toBe(b.companyId);
    expect(made[0]!.assignee_id).toBe(b.regular.user_id);
  });
});

describe('recurring tasks and notifications', () => {
  it("an assigned occurrence raises the assignee's task notification once", async () => {
    const tenant = await makeTenant(t.app);
    const note = await t.app.inject({
      method: 'POST', url: '/api/create_task_notification', headers: tenant.regular.auth,
      payload: { user_id: tenant.regular.user_id, method: 'email', email_recipient: 'crew@example.com', triggered_by: 'task_assigned' },
    });
    expect(note.statusCode, note.body).toBe(200);
    const id = await automation(tenant);
    const now = new Date('2026-12-01T09:00:00Z');
    await runRecurringTasks(t.app.db, now);
    await runRecurringTasks(t.app.db, now);
    const [task] = await tasksOf(id);
    const deliveries = await t.app.db.selectFrom('notification_deliveries').select(['event_type', 'channel', 'event_key'])
      .where('company_id', '=', tenant.companyId).execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ event_type: 'task_assigned', channel: 'email' });
    expect(deliveries[0]!.event_key).toContain(`task:${task!.response_id}:`);
  });
});

describe('the recurring-task job', () => {
  it('is scheduled every minute in pg-boss (kept in its tables across restarts) and its worker makes due tasks', { timeout: 90_000 }, async () => {
    const app = await buildTestApp({}, { jobs: true });
    try {
      const boss = app.app.boss!;
      // The tasks module started it with the app.
      const schedules = await boss.getSchedules();
      expect(schedules.find((s) => s.name === RECURRING_TASKS_QUEUE)).toMatchObject({ cron: '* * * * *' });
      const tenant = await makeTenant(app.app);
      await makeTemplate(app.app, tenant.companyId, 'Task', 'Task', [['Task', 'text', [], true]]);
      const res = await app.app.inject({
        method: 'POST', url: '/api/submit_task_automation', headers: tenant.admin.auth,
        payload: { company_id: tenant.companyId, title: 'Walk the rows', frequency: 'daily', time_of_day: '00:00' },
      });
      const id = res.json().taskTemplate.id as number;
      await boss.send(RECURRING_TASKS_QUEUE, {});
      let made = 0;
      while (made === 0) {
        await new Promise((r) => setTimeout(r, 250));
        made = (await app.app.db.selectFrom('task_occurrences').select('task_template_id').where('task_template_id', '=', id).execute()).length;
      }
      expect(made).toBe(1);
    } finally {
      await app.close();
    }
  });
});
