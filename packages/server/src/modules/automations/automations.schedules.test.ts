import { describe, expect, it } from 'vitest';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { makeTenant } from '../../test/factories.js';
import { t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';
import { runNotificationSchedules } from './automations.schedules.js';

useTwoTenants();

const post = (url: string, auth: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: auth, payload });

async function made(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().notification.notification_id as number;
  // Made long ago, so the days the tests pick are all after it.
  await t.app.db.updateTable('notifications').set({ created_at: new Date('2026-01-01T00:00:00Z') }).where('notification_id', '=', id).execute();
  return id;
}

async function reminder(tenant: Tenant, patch: Record<string, unknown>) {
  const form = await makeTemplate(t.app, tenant.companyId, 'Irrigation check', 'Scouting', [['Notes', 'text', [], false]]);
  const id = await made(await post(`/create_template_notification?user_id=${tenant.admin.user_id}`, tenant.admin.auth, {
    template_id: form.templateId, method: 'email', email_recipient: 'crew@example.com', ...patch,
  }));
  return { id, form };
}

const deliveries = (notificationId: number) =>
  t.app.db.selectFrom('notification_deliveries').select(['event_key', 'event_type', 'channel', 'message', 'status'])
    .where('notification_id', '=', notificationId).orderBy('delivery_id').execute();

async function zone(tenant: Tenant, tz: string) {
  const res = await post(`/set_company_time_zone?company_id=${tenant.companyId}`, tenant.admin.auth, { time_zone: tz });
  expect(res.statusCode, res.body).toBe(200);
}

describe('template reminders', () => {
  it("go out once at notification_time in the company's zone, however often and however many passes run", async () => {
    const tenant = await makeTenant(t.app);
    await zone(tenant, 'Europe/Amsterdam');
    const { id, form } = await reminder(tenant, { frequency: 'daily', notification_time: '07:30' });
    // 07:29 in Amsterdam is 06:29 UTC; yesterday's 07:30 is too late to send now.
    expect(await runNotificationSchedules(t.app.db, new Date('2026-11-27T06:29:00Z'))).toEqual([]);
    expect(await deliveries(id)).toHaveLength(0);
    const now = new Date('2026-11-27T06:31:00Z');
    await Promise.all([0, 1, 2].map(() => runNotificationSchedules(t.app.db, now)));
    await runNotificationSchedules(t.app.db, new Date('2026-11-27T10:00:00Z'));
    const sent = await deliveries(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ event_key: 'reminder:2026-11-27', event_type: 'template_reminder', channel: 'email', status: 'pending' });
    expect(sent[0]!.message).toMatchObject({
      title: 'Reminder: fill in Irrigation check',
      path: `/dashboard/formbuilder/submit/${form.templateId}/Irrigation%20check`,
    });
    await runNotificationSchedules(t.app.db, new Date('2026-11-28T06:31:00Z'));
    expect((await deliveries(id)).map((d) => d.event_key)).toEqual(['reminder:2026-11-27', 'reminder:2026-11-28']);
  });

  it('weekly on Monday, monthly on the 1st, 08:00 when no time is given; a deleted one sends nothing', async () => {
    const tenant = await makeTenant(t.app);
    const weekly = (await reminder(tenant, { frequency: 'weekly' })).id;
    const monthly = (await reminder(tenant, { frequency: 'monthly' })).id;
    const gone = (await reminder(tenant, { frequency: 'daily' })).id;
    const del = await t.app.inject({ method: 'DELETE', url: '/api/delete_notification', headers: tenant.admin.auth, payload: { notification_id: gone, user_id: tenant.admin.user_id } });
    expect(del.statusCode, del.body).toBe(200);
    // Friday 27 November, Monday 30 November, Tuesday 1 December (UTC company).
    for (const at of ['2026-11-27T08:01:00Z', '2026-11-30T07:59:00Z', '2026-11-30T08:01:00Z', '2026-12-01T08:01:00Z']) await runNotificationSchedules(t.app.db, new Date(at));
    expect((await deliveries(weekly)).map((d) => d.event_key)).toEqual(['reminder:2026-11-30']);
    expect((await deliveries(monthly)).map((d) => d.event_key)).toEqual(['reminder:2026-12-01']);
    expect(await deliveries(gone)).toHaveLength(0);
  });
});

describe('the weekly report', () => {
  it('goes out on Monday with the problems of report_duration_weeks, once per channel', async () => {
    const tenant = await makeTenant(t.app);
    const id = await made(await post(`/Create_new_notification?user_id=${tenant.admin.user_id}`, tenant.admin.auth, {
      method: 'email', email_recipient: 'boss@example.com', weekly_report: '1', report_duration_weeks: '2',
    }));
    const seen = (problem: string, at: string) => ({ company_id: tenant.companyId, problem, source: 'form' as const, observed_at: new Date(at) });
    await t.app.db.insertInto('problem_observations').values([
      seen('Thrips', '2026-11-25T10:00:00Z'), seen('Thrips', '2026-11-20T10:00:00Z'), seen('Aphids', '2026-11-18T10:00:00Z'),
      seen('Aphids', '2026-11-01T10:00:00Z'), // before the two weeks
    ]).execute();
    await runNotificationSchedules(t.app.db, new Date('2026-11-29T09:00:00Z')); // Sunday
    expect(await deliveries(id)).toHaveLength(0);
    await runNotificationSchedules(t.app.db, new Date('2026-11-30T08:00:00Z'));
    await runNotificationSchedules(t.app.db, new Date('2026-11-30T09:00:00Z'));
    const sent = await deliveries(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ event_key: 'weekly_report:2026-11-30', event_type: 'weekly_report' });
    expect(sent[0]!.message).toMatchObject({
      title: 'Weekly report: 3 problem observations in the last 2 weeks',
      facts: expect.arrayContaining([{ title: 'Thrips', value: '2' }, { title: 'Aphids', value: '1' }]),
      path: '/dashboard/reports',
    });
  });
});
