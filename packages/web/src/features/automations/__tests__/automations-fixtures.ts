import { http, HttpResponse } from 'msw';
import { automationsMessages, type AutomationFields, type Delivery, type DeliveryStatus, type Notification } from '@verdant/contract';
import { API } from '../../../testing/msw-server';

export function notification(patch: Partial<Notification> & { notification_id: number }): Notification {
  return {
    company_id: 3,
    user_id: 7,
    created_by: 7,
    kind: 'automation',
    method: 'email',
    methods: ['email'],
    trigger: 'problem_observed',
    problem_type: null,
    email_recipient: 'ana@example.com',
    email_recipients: ['ana@example.com'],
    weekly_report: 0,
    report_duration_weeks: null,
    form_category: null,
    template_id: null,
    template_name: null,
    form_field_id: null,
    field_name: null,
    keyword: null,
    is_automation: 1,
    triggered_by: null,
    frequency: null,
    notification_time: null,
    slack_webhook_url: null,
    teams_webhook_url: null,
    webhook_url: null,
    previous_secret_valid_until: null,
    created_at: '2026-11-20T08:00:00Z',
    dead_deliveries: 0,
    ...patch,
  };
}

/** The secrets the fake server makes (the shape the real one answers: whsec_ and base64 of 32 bytes). */
export const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0KQ0d8Ce8dA=';
export const ROTATED_SECRET = 'whsec_3nT2cWq1xRk0F8yZpL5vB7mJ9aHdE4gU6sQiOoXwYrc=';
export const ROTATED_UNTIL = '2026-11-27T09:00:00Z';

export function delivery(patch: Partial<Delivery> & { delivery_id: number }): Delivery {
  return {
    notification_id: 1,
    channel: 'email',
    target: 'ana@example.com',
    event: 'Problem observed: Aphids in Room 1',
    event_type: 'problem_observed',
    status: 'sent',
    attempts: 1,
    last_error: null,
    answer: '250 2.0.0 queued',
    created_at: '2026-11-25T09:00:00Z',
    sent_at: '2026-11-25T09:00:02Z',
    ...patch,
  };
}

export const FIELDS: AutomationFields = {
  triggers: ['problem_observed', 'form_submitted', 'field_keyword', 'task_assigned', 'task_status_changed', 'weekly_report'],
  methods: ['email', 'slack', 'Microsoft Teams', 'webhook'],
  frequencies: ['daily', 'weekly', 'monthly'],
  task_triggers: ['task_assigned', 'task_status_changed'],
  form_categories: ['Scouting', 'Task'],
  templates: [
    { template_id: 4, template_name: 'Weekly scouting', form_category: 'Scouting' },
    { template_id: 5, template_name: 'Irrigation check', form_category: null },
  ],
  fields: [
    { form_field_id: 12, field_name: 'Notes', field_type: 'text', template_id: 4 },
    { form_field_id: 13, field_name: 'Pressure', field_type: 'select', template_id: 5 },
  ],
  problem_types: ['Aphids', 'Powdery mildew'],
};

function person(user_id: number, first_name: string, user_role: 'Admin' | 'Regular') {
  return {
    user_id,
    company_id: 3,
    first_name,
    last_name: 'Grower',
    email: `${first_name.toLowerCase()}@example.com`,
    user_role,
    location: null,
    created_at: '2025-03-01T10:00:00Z',
    active: true,
  };
}

export interface Write {
  path: string;
  body: Record<string, unknown>;
}

/**
 * The automations API as the server answers it, over a list that the writes change. `deliveries` are
 * filtered by status and notification and paged as the server does.
 */
export function automationsApi(opts: { notifications?: Notification[]; deliveries?: Delivery[] } = {}) {
  const state = {
    notifications: (opts.notifications ?? []).map((n) => ({ ...n })),
    // Copies: the writes change them, and another test may share the same fixtures.
    deliveries: (opts.deliveries ?? []).map((d) => ({ ...d })),
    writes: [] as Write[],
    deliveryQueries: [] as URLSearchParams[],
  };
  const handlers = [
    http.get(`${API}/load_users`, () => HttpResponse.json({ status: 'success', users: [person(7, 'Me', 'Admin'), person(9, 'Ana', 'Regular')] })),
    http.get(`${API}/get_automation_fields`, () => HttpResponse.json({ status: 'success', data: FIELDS })),
    http.get(`${API}/get_notifications`, () => HttpResponse.json({ status: 'success', notifications: state.notifications })),
    http.get(`${API}/get_notification_deliveries`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.deliveryQueries.push(q);
      const status = q.get('status') as DeliveryStatus | null;
      const notificationId = q.get('notification_id');
      const page = Number(q.get('page') ?? 1);
      const perPage = Number(q.get('per_page') ?? 50);
      const matching = state.deliveries.filter((d) => (!status || d.status === status) && (!notificationId || d.notification_id === Number(notificationId)));
      return HttpResponse.json({
        status: 'success',
        deliveries: matching.slice((page - 1) * perPage, page * perPage),
        page,
        per_page: perPage,
        total: matching.length,
      });
    }),
    http.post(`${API}/Create_new_notification`, async ({ request }) => {
      const form = await request.formData();
      const body: Record<string, unknown> = { user_id: new URL(request.url).searchParams.get('user_id') };
      form.forEach((v, k) => (body[k] = v));
      state.writes.push({ path: '/Create_new_notification', body });
      const made = notification({
        notification_id: 100 + state.notifications.length,
        trigger: String(body.trigger),
        problem_type: body.problem_type ? String(body.problem_type) : null,
        email_recipient: String(body.email_recipient ?? ''),
        email_recipients: String(body.email_recipient ?? '').split(';').filter(Boolean),
        method: String(body.method),
        methods: String(body.method).split(';') as Notification['methods'],
        webhook_url: body.webhook_url ? `${new URL(String(body.webhook_url)).origin}/…${String(body.webhook_url).slice(-4)}` : null,
      });
      state.notifications = [made, ...state.notifications];
      const signed = made.methods.includes('webhook') ? { webhook_secret: WEBHOOK_SECRET } : {};
      return HttpResponse.json({ status: 'success', message: automationsMessages.created, notification: made, ...signed });
    }),
    http.delete(`${API}/delete_notification`, async ({ request }) => {
      const body = (await request.json()) as { notification_id: number; user_id: number };
      state.writes.push({ path: '/delete_notification', body });
      state.notifications = state.notifications.filter((n) => n.notification_id !== body.notification_id);
      return HttpResponse.json({ status: 'success', message: automationsMessages.deleted, notification_id: body.notification_id });
    }),
    http.post(`${API}/send_test_notification`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.writes.push({ path: '/send_test_notification', body });
      const channel = (body.channel as 'email' | 'slack' | 'teams' | undefined) ?? 'email';
      return HttpResponse.json({
        status: 'success',
        channel,
        sent: channel !== 'teams',
        ...(channel === 'email' ? {} : { status_code: channel === 'slack' ? 200 : 400 }),
        answer: channel === 'email' ? '250 2.0.0 Ok: queued as 4F2' : channel === 'slack' ? 'ok' : 'Bad payload',
        preview: { subject: automationsMessages.testSubject, text: 'This is a test of: Any problem is observed' },
      });
    }),
    http.post(`${API}/rotate_webhook_secret`, async ({ request }) => {
      const body = (await request.json()) as { notification_id: number };
      state.writes.push({ path: '/rotate_webhook_secret', body });
      const n = state.notifications.find((x) => x.notification_id === body.notification_id)!;
      n.previous_secret_valid_until = ROTATED_UNTIL;
      return HttpResponse.json({ status: 'success', message: automationsMessages.secretRotated, notification: n, webhook_secret: ROTATED_SECRET });
    }),
    http.post(`${API}/retry_notification_delivery`, async ({ request }) => {
      const body = (await request.json()) as { delivery_id: number };
      state.writes.push({ path: '/retry_notification_delivery', body });
      const d = state.deliveries.find((x) => x.delivery_id === body.delivery_id)!;
      d.status = 'pending';
      return HttpResponse.json({ status: 'success', message: automationsMessages.retried, delivery: d });
    }),
  ];
  return { state, handlers };
}
