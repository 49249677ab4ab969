import { describe, expect, it } from 'vitest';
import { automationsMessages as msg } from '@verdant/contract';
import { makeTemplate, SCOUTING_FIELDS } from '../../test/fixtures/form-responses.test-kit.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = Record<string, string>;
const SLACK = 'https://hooks.slack.com/services/T0000/B0000/secretpartXYZ9';
const TEAMS = 'https://contoso.webhook.office.com/webhookb2/abc@def/IncomingWebhook/0123/secretTeams4567';

const post = (url: string, auth: Auth, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: auth, payload });
const get = (path: string, auth: Auth, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const create = (tenant: Tenant, payload: Record<string, unknown>, by = tenant.regular) => post(`/Create_new_notification?user_id=${by.user_id}`, by.auth, payload);

const forms = new Map<number, Awaited<ReturnType<typeof makeTemplate>>>();
async function scouting(tenant: Tenant) {
  if (!forms.has(tenant.companyId)) forms.set(tenant.companyId, await makeTemplate(t.app, tenant.companyId, 'Scouting', 'scouting', SCOUTING_FIELDS));
  return forms.get(tenant.companyId)!;
}

describe('Create_new_notification', () => {
  it('creates an automation with recipients joined by ";", several methods, and answers the webhook addresses masked', async () => {
    const res = await create(a, {
      trigger: 'problem_observed', problem_type: 'Aphids', method: 'email;slack;Microsoft Teams',
      email_recipient: 'grower@example.com; Lead@Example.com', slack_webhook_url: SLACK, teams_webhook_url: TEAMS,
    });
    expect(res.statusCode, res.body).toBe(200);
    const n = res.json().notification;
    expect(n).toMatchObject({
      kind: 'automation', trigger: 'problem_observed', problem_type: 'Aphids', methods: ['email', 'slack', 'Microsoft Teams'],
      method: 'email;slack;Microsoft Teams', email_recipient: 'grower@example.com;lead@example.com', user_id: a.regular.user_id, created_by: a.regular.user_id,
      slack_webhook_url: 'https://hooks.slack.com/…XYZ9', teams_webhook_url: 'https://contoso.webhook.office.com/…4567',
    });
    const listed = (await get('/get_notifications', a.admin.auth, { user_id: a.admin.user_id })).json().notifications;
    expect(listed.map((x: { notification_id: number }) => x.notification_id)).toContain(n.notification_id);
    expect(JSON.stringify(listed)).not.toContain('secretpart');
    const audit = await t.app.db.selectFrom('audit_events').select('after').where('action', '=', 'notification.create').where('entity_id', '=', String(n.notification_id)).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.after)).not.toContain('secretpart');
  });

  it("refuses each method without its recipient, in the spec's rule", async () => {
    const email = await create(a, { trigger: 'problem_observed', method: 'email' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ message: msg.emailRecipientRequired, field: 'email_recipient' });
    const slack = await create(a, { trigger: 'problem_observed', method: 'slack', email_recipient: 'x@example.com' });
    expect(slack.json()).toMatchObject({ message: msg.slackUrlRequired, field: 'slack_webhook_url' });
    const teams = await create(a, { trigger: 'problem_observed', method: 'teams', slack_webhook_url: SLACK });
    expect(teams.json()).toMatchObject({ message: msg.teamsUrlRequired, field: 'teams_webhook_url' });
  });

  it('refuses webhook addresses that are not https on Slack / Microsoft hosts, and bad methods, triggers and e-mails', async () => {
    for (const url of ['http://hooks.slack.com/services/x', 'https://127.0.0.1/hook', 'https://169.254.169.254/latest', 'https://evil.example.com/services/x', 'https://user:pw@hooks.slack.com/x']) {
      const res = await create(a, { trigger: 'problem_observed', method: 'slack', slack_webhook_url: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field).toBe('slack_webhook_url');
    }
    const teamsOnSlack = await create(a, { trigger: 'problem_observed', method: 'Microsoft Teams', teams_webhook_url: SLACK });
    expect(teamsOnSlack.json().field).toBe('teams_webhook_url');
    expect((await create(a, { trigger: 'problem_observed', method: 'pigeon', email_recipient: 'x@example.com' })).json()).toMatchObject({ field: 'method.0' });
    expect((await create(a, { trigger: 'rain', method: 'email', email_recipient: 'x@example.com' })).json().field).toBe('trigger');
    expect((await create(a, { trigger: 'problem_observed', method: 'email', email_recipient: 'not-an-address' })).json().field).toMatch(/^email_recipient/);
    expect((await create(a, { method: 'email', email_recipient: 'x@example.com' })).json()).toMatchObject({ message: msg.triggerRequired, field: 'trigger' });
  });

  it('checks what each trigger needs: a category or template, a field of the template and a keyword, a report length', async () => {
    const form = await scouting(a);
    const mail = { method: 'email', email_recipient: 'x@example.com' };
    expect((await create(a, { ...mail, trigger: 'form_submitted' })).json()).toMatchObject({ message: msg.categoryRequired });
    const byTemplate = (await create(a, { ...mail, trigger: 'form_submitted', template_id: form.templateId })).json().notification;
    expect(byTemplate).toMatchObject({ template_id: form.templateId, template_name: 'Scouting', form_category: 'scouting' });
    expect((await create(a, { ...mail, trigger: 'field_keyword', keyword: 'wilt' })).json()).toMatchObject({ message: msg.fieldRequired, field: 'form_field_id' });
    const keyword = (await create(a, { ...mail, trigger: 'field_keyword', form_field_id: form.field.Notes!, keyword: 'wilt' })).json().notification;
    expect(keyword).toMatchObject({ form_field_id: form.field.Notes, field_name: 'Notes', keyword: 'wilt', template_id: form.templateId });
    const weekly = await create(a, { ...mail, weekly_report: 1 });
    expect(weekly.json()).toMatchObject({ message: msg.durationRequired, field: 'report_duration_weeks' });
    expect((await create(a, { ...mail, weekly_report: '1', report_duration_weeks: '4' })).json().notification).toMatchObject({ trigger: 'weekly_report', weekly_report: 1, report_duration_weeks: 4 });
  });

  it("never takes another company's template, field or user", async () => {
    const other = await scouting(b);
    const mail = { method: 'email', email_recipient: 'x@example.com' };
    expect((await create(a, { ...mail, trigger: 'form_submitted', template_id: other.templateId })).statusCode).toBe(404);
    expect((await create(a, { ...mail, trigger: 'field_keyword', form_field_id: other.field.Notes!, keyword: 'x' })).statusCode).toBe(404);
    const foreignUser = await post(`/Create_new_notification?user_id=${b.regular.user_id}`, a.regular.auth, { ...mail, trigger: 'task_assigned' });
    expect(foreignUser.statusCode).toBe(404);
  });
});

describe('task and template notifications', () => {
  it('create_task_notification: a user\'s tasks, optionally one trigger; the recipient rule holds', async () => {
    const ok = await post('/create_task_notification', a.regular.auth, { user_id: a.regular.user_id, method: 'slack', slack_webhook_url: SLACK, triggered_by: 'task_assigned' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().notification).toMatchObject({ kind: 'task', triggered_by: 'task_assigned', methods: ['slack'], user_id: a.regular.user_id });
    const missing = await post('/create_task_notification', a.regular.auth, { user_id: a.regular.user_id, method: 'email' });
    expect(missing.json()).toMatchObject({ message: msg.emailRecipientRequired });
    const noMethod = await post('/create_task_notification', a.regular.auth, { user_id: a.regular.user_id });
    expect(noMethod.json()).toMatchObject({ message: 'method is required.', field: 'method' });
    expect((await post('/create_task_notification', a.regular.auth, { user_id: b.regular.user_id, method: 'email', email_recipient: 'x@example.com' })).statusCode).toBe(404);
  });

  it('create_template_notification: a form reminder with frequency and time; template required and the company\'s', async () => {
    const form = await scouting(a);
    const url = `/create_template_notification?user_id=${a.admin.user_id}`;
    const ok = await post(url, a.admin.auth, { template_id: form.templateId, method: 'email', email_recipient: 'x@example.com', frequency: 'weekly', notification_time: '07:30' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().notification).toMatchObject({ kind: 'template', template_id: form.templateId, frequency: 'weekly', notification_time: '07:30' });
    expect((await post(url, a.admin.auth, { method: 'email', email_recipient: 'x@example.com' })).json()).toMatchObject({ message: 'template_id is required.' });
    expect((await post(url, a.admin.auth, { template_id: form.templateId, method: 'email', email_recipient: 'x@example.com', notification_time: '25:00' })).json().field).toBe('notification_time');
    expect((await post(url, a.admin.auth, { template_id: (await scouting(b)).templateId, method: 'email', email_recipient: 'x@example.com' })).statusCode).toBe(404);
  });
});

describe('get_automation_fields', () => {
  it("answers the company's categories, templates, fields and problem types, or one template's", async () => {
    const form = await scouting(a);
    await scouting(b);
    const all = await get('/get_automation_fields', a.regular.auth, { company_id: a.companyId });
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data;
    expect(data.triggers).toContain('problem_observed');
    expect(data.methods).toEqual(['email', 'slack', 'Microsoft Teams', 'webhook']);
    expect(data.form_categories).toContain('scouting');
    expect(data.templates.every((x: { template_id: number }) => x.template_id !== forms.get(b.companyId)!.templateId)).toBe(true);
    const one = (await get('/get_automation_fields', a.regular.auth, { template_id: form.templateId })).json().data;
    expect(one.fields.map((f: { field_name: string }) => f.field_name)).toEqual(SCOUTING_FIELDS.map((f) => f[0]));
    expect((await get('/get_automation_fields', a.regular.auth, {})).json()).toMatchObject({ message: msg.templateOrCompany });
    expect((await get('/get_automation_fields', a.regular.auth, { template_id: forms.get(b.companyId)!.templateId })).statusCode).toBe(404);
    expect((await get('/get_automation_fields', a.regular.auth, { company_id: b.companyId })).statusCode).toBe(403);
  });
});

describe('delete_notification', () => {
  it('lets the creator or an Admin delete, not a colleague; another company\'s is a 404', async () => {
    const n = (await create(a, { trigger: 'task_assigned', method: 'email', email_recipient: 'x@example.com' })).json().notification;
    const colleague = await t.app.inject({ method: 'DELETE', url: '/api/delete_notification', headers: a.superAdmin.auth, payload: { notification_id: n.notification_id } });
    expect(colleague.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: '/api/delete_notification', headers: a.admin.auth, payload: { notification_id: n.notification_id } });
    expect(again.statusCode).toBe(404);
    const mine = (await create(a, { trigger: 'task_assigned', method: 'email', email_recipient: 'x@example.com' }, a.admin)).json().notification;
    const byRegular = await t.app.inject({ method: 'DELETE', url: `/api/delete_notification?notification_id=${mine.notification_id}`, headers: a.regular.auth });
    expect(byRegular.statusCode).toBe(403);
    expect(byRegular.json().message).toBe(msg.notOwner);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/delete_notification?notification_id=${mine.notification_id}`, headers: b.admin.auth });
    expect(foreign.statusCode).toBe(404);
    const listed = (await get('/get_notifications', a.regular.auth, { user_id: a.regular.user_id })).json().notifications;
    expect(listed.map((x: { notification_id: number }) => x.notification_id)).not.toContain(n.notification_id);
  });
});

describe('deliveries, retry and test send (jobs not running here)', () => {
  it('an observation raises a pending delivery per channel, listed masked; retry needs a dead one and an Admin', async () => {
    const form = await scouting(a);
    const n = (await create(a, { trigger: 'problem_observed', method: 'email;slack', email_recipient: 'grower@example.com', slack_webhook_url: SLACK })).json().notification;
    const submitted = await post('/submit_form', a.regular.auth, {
      submittedBy: a.regular.user_id,
      fieldResponses: [{ fieldID: form.field.Problem!, inputData: 'Aphids' }, { fieldID: form.field['Irrigation ok']!, inputData: 'Yes' }, { fieldID: form.field['Irrigation issue']!, inputData: 'none' }],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const list = await get('/get_notification_deliveries', a.regular.auth, { company_id: a.companyId, notification_id: n.notification_id });
    expect(list.statusCode, list.body).toBe(200);
    const deliveries = list.json().deliveries;
    expect(deliveries.map((d: { channel: string }) => d.channel).sort()).toEqual(['email', 'slack']);
    expect(deliveries[0]).toMatchObject({ status: 'pending', attempts: 0, event_type: 'problem_observed' });
    expect(deliveries.find((d: { channel: string }) => d.channel === 'slack').target).toBe('https://hooks.slack.com/…XYZ9');
    expect(deliveries[0].event).toContain('Aphids');

    const id = deliveries[0].delivery_id;
    const notDead = await post('/retry_notification_delivery', a.admin.auth, { company_id: a.companyId, delivery_id: id });
    expect(notDead.statusCode).toBe(409);
    expect(notDead.json().message).toBe(msg.notDead);
    expect((await post('/retry_notification_delivery', a.regular.auth, { company_id: a.companyId, delivery_id: id })).statusCode).toBe(403);
    expect((await post('/retry_notification_delivery', b.admin.auth, { company_id: b.companyId, delivery_id: id })).statusCode).toBe(404);
    await t.app.db.updateTable('notification_deliveries').set({ status: 'dead', attempts: 6, last_error: '503' }).where('delivery_id', '=', id).execute();
    const dead = (await get('/get_notification_deliveries', a.admin.auth, { company_id: a.companyId, status: 'dead' })).json().deliveries;
    expect(dead.map((d: { delivery_id: number }) => d.delivery_id)).toEqual([id]);
    const retried = await post('/retry_notification_delivery', a.admin.auth, { company_id: a.companyId, delivery_id: id });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().delivery).toMatchObject({ status: 'pending', attempts: 6 });

    expect((await get('/get_notification_deliveries', b.admin.auth, { company_id: b.companyId, notification_id: n.notification_id })).statusCode).toBe(404);
    expect((await get('/get_notification_deliveries', a.admin.auth, { company_id: a.companyId, status: 'lost' })).json().field).toBe('status');
  });

  it('a problem type filters, and a submission of another problem raises nothing', async () => {
    const form = await scouting(a);
    const n = (await create(a, { trigger: 'problem_observed', problem_type: 'thrips', method: 'email', email_recipient: 'x@example.com' })).json().notification;
    const submit = (problem: string) =>
      post('/submit_form', a.regular.auth, { submittedBy: a.regular.user_id, fieldResponses: [{ fieldID: form.field.Problem!, inputData: problem }, { fieldID: form.field['Irrigation ok']!, inputData: 'Yes' }, { fieldID: form.field['Irrigation issue']!, inputData: 'none' }] });
    await submit('Powdery mildew');
    expect((await get('/get_notification_deliveries', a.admin.auth, { company_id: a.companyId, notification_id: n.notification_id })).json().total).toBe(0);
    await submit('Thrips');
    expect((await get('/get_notification_deliveries', a.admin.auth, { company_id: a.companyId, notification_id: n.notification_id })).json().total).toBe(1);
  });

  it('a form of the chosen template or category, and a field answered with the keyword, raise one delivery each; other answers none', async () => {
    const form = await scouting(a);
    const mail = { method: 'email', email_recipient: 'x@example.com' };
    const byCategory = (await create(a, { ...mail, trigger: 'form_submitted', form_category: 'SCOUTING' })).json().notification;
    const byKeyword = (await create(a, { ...mail, trigger: 'field_keyword', form_field_id: form.field.Notes!, keyword: 'Wilt' })).json().notification;
    const count = async (id: number) => (await get('/get_notification_deliveries', a.admin.auth, { company_id: a.companyId, notification_id: id })).json().total as number;
    const before = [await count(byCategory.notification_id), await count(byKeyword.notification_id)];
    const submit = (notes: string) =>
      post('/submit_form', a.regular.auth, {
        submittedBy: a.regular.user_id,
        fieldResponses: [
          { fieldID: form.field.Problem!, inputData: 'Aphids' }, { fieldID: form.field['Irrigation ok']!, inputData: 'Yes' },
          { fieldID: form.field['Irrigation issue']!, inputData: 'none' }, { fieldID: form.field.Notes!, inputData: notes },
        ],
      });
    expect((await submit('all fine')).statusCode).toBe(200);
    expect([await count(byCategory.notification_id), await count(byKeyword.notification_id)]).toEqual([before[0]! + 1, before[1]]);
    expect((await submit('some wilting at the edges')).statusCode).toBe(200);
    expect([await count(byCategory.notification_id), await count(byKeyword.notification_id)]).toEqual([before[0]! + 2, before[1]! + 1]);
    const [hit] = (await get('/get_notification_deliveries', a.admin.auth, { company_id: a.companyId, notification_id: byKeyword.notification_id })).json().deliveries;
    expect(hit).toMatchObject({ event_type: 'field_keyword', channel: 'email', target: 'x@example.com', status: 'pending' });
    expect(hit.event).toBe('"Wilt" answered in Scouting');
  });

  it('send_test_notification sends now by e-mail and answers what was sent; a colleague may not, another company gets 404', async () => {
    const n = (await create(a, { trigger: 'task_assigned', method: 'email', email_recipient: 'lead@example.com' })).json().notification;
    const before = t.mails.length;
    const res = await post('/send_test_notification', a.regular.auth, { company_id: a.companyId, notification_id: n.notification_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ channel: 'email', sent: true, preview: { subject: `Verdant: ${msg.testSubject}` } });
    expect(t.mails.slice(before)).toHaveLength(1);
    expect(t.mails.at(-1)).toMatchObject({ to: 'lead@example.com', subject: `Verdant: ${msg.testSubject}` });
    expect(t.mails.at(-1)!.text).toContain('/dashboard/automations');
    // In a grower's words (issue 20): what the automation does and who sent it, no trigger key, id or "user 1".
    expect(t.mails.at(-1)!.text).toContain('This is a test of your automation: when a task is assigned.');
    expect(t.mails.at(-1)!.text).not.toMatch(/task_assigned|notification \d|user \d/);
    // The test is in the delivery log, answered at once.
    const log = (await get('/get_notification_deliveries', a.regular.auth, { company_id: a.companyId, notification_id: n.notification_id })).json();
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ channel: 'email', event: msg.testSubject, event_type: 'test', status: 'sent', attempts: 1 });
    const other = await makeColleague();
    expect((await post('/send_test_notification', other, { company_id: a.companyId, notification_id: n.notification_id })).statusCode).toBe(403);
    expect((await post('/send_test_notification', b.admin.auth, { company_id: b.companyId, notification_id: n.notification_id })).statusCode).toBe(404);
    expect((await post('/send_test_notification', a.admin.auth, { company_id: a.companyId, notification_id: n.notification_id, channel: 'slack' })).statusCode).toBe(400);
  });
});

async function makeColleague(): Promise<Auth> {
  const { makeUser } = await import('../../test/factories.js');
  return (await makeUser(t.app, a.companyId, 'Regular')).auth;
}
