import { describe, expect, it } from 'vitest';
import { thresholdsMessages as msg } from '@verdant/contract';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { makeTemplate, scoutingPlace } from '../../test/fixtures/form-responses.test-kit.js';
import { roomLevels } from './thresholds.evaluate.js';

useTwoTenants();

type Auth = Record<string, string>;
type Place = Awaited<ReturnType<typeof scoutingPlace>>;
const post = (url: string, auth: Auth, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: auth, payload });
const save = (auth: Auth, companyId: number, body: Record<string, unknown>) => post(`/save_action_threshold?company_id=${companyId}`, auth, body);
const list = (auth: Auth, companyId: number) => t.app.inject({ method: 'GET', url: `/api/get_action_thresholds?company_id=${companyId}`, headers: auth });

async function automation(): Promise<number> {
  const res = await post(`/Create_new_notification?user_id=${a.admin.user_id}`, a.admin.auth, { trigger: 'weekly_report', weekly_report: 1, report_duration_weeks: 1, method: 'email;slack', email_recipient: 'grower@example.com', slack_webhook_url: 'https://hooks.slack.com/services/T000/B000/XXXX' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().notification.notification_id as number;
}

async function observe(place: Place, problem: string, box = 0) {
  const res = await post('/submit_form', a.regular.auth, {
    submittedBy: a.regular.user_id, GridBoxID: place.boxes[box],
    fieldResponses: [
      { fieldID: place.scouting.field.Problem!, inputData: problem },
      { fieldID: place.scouting.field['Irrigation ok']!, inputData: 'Yes' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
}

const alerts = (notificationId: number) =>
  t.app.db.selectFrom('notification_deliveries').select(['event_key', 'channel', 'message']).where('notification_id', '=', notificationId)
    .where('event_type', '=', 'threshold_crossed').orderBy('delivery_id').execute();
const crossings = (thresholdId: number) =>
  t.app.db.selectFrom('threshold_crossings').select(['level', 'room_id', 'value']).where('threshold_id', '=', thresholdId).orderBy('crossing_id').execute();

describe('action thresholds', () => {
  it('amber then red alerts twice (once per channel), crossing again inside the window alerts no more; the room and the list show the level', async () => {
    const place = await scoutingPlace(t.app, a, 'Threshold Room');
    const notificationId = await automation();
    const made = await save(a.admin.auth, a.companyId, { problem: 'Spider mites', room_id: place.roomId, window_hours: 24, amber: 2, red: 3, notification_id: notificationId });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ status: 'success', message: msg.saved, threshold: { problem: 'Spider mites', metric: 'count', room_name: 'Threshold Room', level: 'green' } });
    const id = made.json().threshold.threshold_id as number;

    await observe(place, 'Spider mites', 0);
    expect(await alerts(notificationId)).toHaveLength(0);
    await observe(place, 'spider mites', 1);
    expect((await crossings(id)).map((c) => c.level)).toEqual(['amber']);
    expect((await roomLevels(t.app.db, a.companyId)).get(place.roomId)).toBe('amber');
    await observe(place, 'Spider mites', 2);
    await observe(place, 'Spider mites', 3);
    await observe(place, 'Spider mites', 4);
    expect(await crossings(id)).toEqual([{ level: 'amber', room_id: place.roomId, value: 2 }, { level: 'red', room_id: place.roomId, value: 3 }]);
    const sent = await alerts(notificationId);
    expect(sent).toHaveLength(4);
    expect(sent.map((d) => d.channel).sort()).toEqual(['email', 'email', 'slack', 'slack']);
    expect(sent.map((d) => d.message.title)).toContain('Red threshold: Spider mites in Threshold Room');
    expect(sent.map((d) => d.message.title)).toContain('Amber threshold: Spider mites in Threshold Room');
    expect((await roomLevels(t.app.db, a.companyId)).get(place.roomId)).toBe('red');
    expect((await list(a.regular.auth, a.companyId)).json().thresholds.map((x: { level: string }) => x.level)).toEqual(['red']);

    // Another problem, and the other company's list, are untouched.
    await observe(place, 'Aphids', 0);
    expect(await alerts(notificationId)).toHaveLength(4);
    expect((await list(b.admin.auth, b.companyId)).json().thresholds).toEqual([]);
  });

  it('a new threshold is measured at once over the window it names: what was already seen counts, older does not', async () => {
    const place = await scoutingPlace(t.app, a, 'Seen Before Room');
    const notificationId = await automation();
    await observe(place, 'Mealybugs', 0);
    await observe(place, 'Mealybugs', 1);
    // One observed 30 hours ago: outside a 24-hour window.
    await t.app.db.updateTable('problem_observations').set({ observed_at: new Date(Date.now() - 30 * 3_600_000) })
      .where('company_id', '=', a.companyId).where('problem', '=', 'Mealybugs').where('grid_box_id', '=', place.boxes[1]!).execute();
    // Seven minutes ago, as the grower's was.
    await t.app.db.updateTable('problem_observations').set({ observed_at: new Date(Date.now() - 7 * 60_000) })
      .where('company_id', '=', a.companyId).where('problem', '=', 'Mealybugs').where('grid_box_id', '=', place.boxes[0]!).execute();

    const made = await save(a.admin.auth, a.companyId, { problem: 'mealybugs', room_id: place.roomId, window_hours: 24, amber: 1, red: 2, notification_id: notificationId });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().threshold.level).toBe('amber');
    const id = made.json().threshold.threshold_id as number;
    expect(await crossings(id)).toEqual([{ level: 'amber', room_id: place.roomId, value: 1 }]);
    expect((await roomLevels(t.app.db, a.companyId)).get(place.roomId)).toBe('amber');
    expect((await alerts(notificationId)).map((d) => d.message.title)).toContain('Amber threshold: mealybugs in Seen Before Room');

    // Saving it again (a longer window now holds both) reaches red once; the open amber is not made again.
    const changed = await save(a.admin.auth, a.companyId, { threshold_id: id, problem: 'mealybugs', room_id: place.roomId, window_hours: 48, amber: 1, red: 2, notification_id: notificationId });
    expect(changed.json().threshold.level).toBe('red');
    expect((await crossings(id)).map((c) => c.level)).toEqual(['amber', 'red']);
  });

  it('observations reaching the level at the same moment alert once', async () => {
    const place = await scoutingPlace(t.app, a, 'Concurrent Room');
    const notificationId = await automation();
    const made = await save(a.admin.auth, a.companyId, { problem: 'Thrips', room_id: place.roomId, window_hours: 48, amber: 2, red: 50, notification_id: notificationId });
    const id = made.json().threshold.threshold_id as number;
    await Promise.all([0, 1, 2, 3, 4, 5].map((box) => observe(place, 'Thrips', box)));
    expect((await crossings(id)).map((c) => c.level)).toEqual(['amber']);
    expect(await alerts(notificationId)).toHaveLength(2);
  });

  it('refuses bad input naming the field, a Regular user, another company, and another company\'s room or automation', async () => {
    const placeB = await scoutingPlace(t.app, b, 'B Room');
    const base = { problem: 'Botrytis', window_hours: 24, amber: 1, red: 2 };
    for (const [body, field] of [
      [{ ...base, problem: 'a\u0000b' }, 'problem'],
      [{ ...base, problem: 'a\uD800b' }, 'problem'],
      [{ ...base, window_hours: 0 }, 'window_hours'],
      [{ ...base, amber: 'x' }, 'amber'],
      [{ ...base, room_id: 2 ** 31 }, 'room_id'],
      [{ ...base, metric: 'mean' }, 'metric'],
      [{ ...base, amber: 3, red: 2 }, 'red'],
    ] as const) {
      const res = await save(a.admin.auth, a.companyId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await save(a.admin.auth, a.companyId, { ...base, room_id: placeB.roomId })).statusCode).toBe(404);
    expect((await save(a.regular.auth, a.companyId, base)).statusCode).toBe(403);
    expect((await save(b.admin.auth, a.companyId, base)).statusCode).toBe(403);
    expect((await list(b.admin.auth, a.companyId)).statusCode).toBe(403);

    const mine = (await save(a.admin.auth, a.companyId, base)).json().threshold.threshold_id as number;
    const theirs = await save(b.admin.auth, b.companyId, { ...base, threshold_id: mine, problem: 'Hijack' });
    expect(theirs.statusCode).toBe(404);
    const del = (auth: Auth, companyId: number) => t.app.inject({ method: 'DELETE', url: `/api/delete_action_threshold?company_id=${companyId}&threshold_id=${mine}`, headers: auth });
    expect((await del(b.admin.auth, b.companyId)).statusCode).toBe(404);
    expect((await del(a.regular.auth, a.companyId)).statusCode).toBe(403);
    const changed = await save(a.admin.auth, a.companyId, { ...base, threshold_id: mine, metric: 'severity', amber: 3, red: 5 });
    expect(changed.json().threshold).toMatchObject({ threshold_id: mine, metric: 'severity', amber: 3, red: 5 });
    expect((await del(a.admin.auth, a.companyId)).json()).toEqual({ status: 'success', message: msg.deleted, threshold_id: mine });
    expect((await del(a.admin.auth, a.companyId)).statusCode).toBe(404);
    const audit = await t.app.db.selectFrom('audit_events').select(['action', 'user_id']).where('entity_type', '=', 'action_threshold').where('entity_id', '=', String(mine)).orderBy('created_at').execute();
    expect(audit.map((x) => x.action)).toEqual(['threshold.create', 'threshold.update', 'threshold.delete']);
    expect(audit.every((x) => x.user_id === a.admin.user_id)).toBe(true);
  });

  it('a crossing makes one task for the chosen user; the rooms over a threshold are listed with their problems', async () => {
    const place = await scoutingPlace(t.app, a, 'Task Room');
    const base = { problem: 'Whitefly', room_id: place.roomId, window_hours: 24, amber: 2, red: 3, create_task: 1, assign_to: a.regular.user_id };
    const noForm = await save(a.admin.auth, a.companyId, base);
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json()).toMatchObject({ field: 'create_task', message: msg.noTaskForm });
    await makeTemplate(t.app, a.companyId, 'Crew tasks', 'Task', [['Task', 'text', [], true]]);
    const made = await save(a.admin.auth, a.companyId, base);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().threshold).toMatchObject({ create_task: true, assign_to: a.regular.user_id });
    expect(made.json().threshold.assign_to_name).toEqual(expect.any(String));
    const id = made.json().threshold.threshold_id as number;
    const levels = (auth: Auth, companyId: number) => t.app.inject({ method: 'GET', url: `/api/get_room_threshold_levels?company_id=${companyId}`, headers: auth });
    const roomsNow = async () => ((await levels(a.regular.auth, a.companyId)).json().rooms as { room_id: number }[]).filter((r) => r.room_id === place.roomId);
    expect(await roomsNow()).toEqual([]);

    await observe(place, 'Whitefly', 0);
    await observe(place, 'Whitefly', 1);
    await observe(place, 'Whitefly', 2);
    await observe(place, 'Whitefly', 3);
    const rows = await t.app.db.selectFrom('threshold_crossings').select(['level', 'task_id']).where('threshold_id', '=', id).orderBy('crossing_id').execute();
    expect(rows.map((r) => r.level)).toEqual(['amber', 'red']);
    expect(rows.every((r) => r.task_id !== null)).toBe(true);
    const tasks = await t.app.db.selectFrom('tasks').select(['title', 'assignee_id', 'company_id']).where('response_id', 'in', rows.map((r) => r.task_id!)).orderBy('response_id').execute();
    expect(tasks).toEqual([
      { title: 'Amber: Whitefly over threshold in Task Room', assignee_id: a.regular.user_id, company_id: a.companyId },
      { title: 'Red: Whitefly over threshold in Task Room', assignee_id: a.regular.user_id, company_id: a.companyId },
    ]);
    // The assignee finds them on the task board.
    const board = await t.app.inject({ method: 'GET', url: `/api/get_tasks?user_id=${a.regular.user_id}&company_id=${a.companyId}`, headers: a.regular.auth });
    expect(board.statusCode, board.body).toBe(200);
    expect(JSON.stringify(board.json())).toContain('Red: Whitefly over threshold in Task Room');

    expect(await roomsNow()).toEqual([{ room_id: place.roomId, room_name: 'Task Room', level: 'red', problems: ['Whitefly'] }]);
    expect((await levels(b.admin.auth, b.companyId)).json().rooms).toEqual([]);
    expect((await levels(b.admin.auth, a.companyId)).statusCode).toBe(403);
  });

  it('refuses a task without an assignee, and another company\'s user as the assignee', async () => {
    const base = { problem: 'Mildew', window_hours: 24, amber: 1, red: 2 };
    const none = await save(a.admin.auth, a.companyId, { ...base, create_task: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'assign_to', message: msg.assigneeRequired });
    expect((await save(a.admin.auth, a.companyId, { ...base, create_task: 1, assign_to: b.regular.user_id })).statusCode).toBe(404);
    expect((await save(a.admin.auth, a.companyId, { ...base, create_task: 2, assign_to: a.regular.user_id })).json().field).toBe('create_task');
    expect((await save(a.regular.auth, a.companyId, { ...base, create_task: 1, assign_to: a.regular.user_id })).statusCode).toBe(403);
  });
});
