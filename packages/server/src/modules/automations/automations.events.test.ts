import { describe, expect, it } from 'vitest';
import { fires, matchEvent, taskEvents, type NotificationEvent } from './automations.events.js';
import type { NotificationRow } from './automations.events.repository.js';

/** The event matching on its own (no database): which live notification fires for which event, and what its message says. */

let nextId = 1;
const automation = (trigger: string, patch: Partial<NotificationRow> = {}): NotificationRow => ({
  notification_id: nextId++, kind: 'automation', trigger, channels: ['email'], problem_type: null, form_category: null, template_id: null,
  form_field_id: null, keyword: null, user_id: null, triggered_by: null, ...patch,
});
const taskNotice = (userId: number, triggeredBy: string | null): NotificationRow => ({ ...automation('x'), kind: 'task', trigger: null, user_id: userId, triggered_by: triggeredBy });

const problem = (patch: Partial<Extract<NotificationEvent, { type: 'problem_observed' }>> = {}): NotificationEvent => ({
  type: 'problem_observed', companyId: 1, actorId: 7, origin: { kind: 'response', id: 40 }, problems: ['Aphids', 'Thrips'], roomId: 3, gridBoxId: null, severity: 4, ...patch,
});
const form = (patch: Partial<Extract<NotificationEvent, { type: 'form_submitted' }>> = {}): NotificationEvent => ({
  type: 'form_submitted', companyId: 1, actorId: 7, responseId: 55, templateId: 9, roomId: null, gridBoxId: null, answers: [{ fieldId: 21, text: 'Leaves Wilting at the edge' }], ...patch,
});
const threshold = (notificationId: number): NotificationEvent => ({
  type: 'threshold_crossed', companyId: 1, actorId: 7, crossingId: 12, notificationId, level: 'red', problem: 'Aphids', metric: 'count', value: 9, amber: 3, red: 8,
  windowHours: 24, roomId: 3, gridBoxId: 5,
});
const ids = (rows: NotificationRow[], e: NotificationEvent, category?: string) => rows.filter((n) => fires(n, e, category)).map((n) => n.notification_id);

describe('which automation fires for which event', () => {
  it('a problem automation fires for its problem type in any case, or for every problem when it names none; never for another trigger', () => {
    const aphids = automation('problem_observed', { problem_type: 'APHIDS' });
    const mites = automation('problem_observed', { problem_type: 'Spider mites' });
    const any = automation('problem_observed');
    const formAuto = automation('form_submitted', { template_id: 9 });
    expect(ids([aphids, mites, any, formAuto], problem())).toEqual([aphids.notification_id, any.notification_id]);
    expect(ids([aphids, mites, any], problem({ problems: [] }))).toEqual([]);
    const [onAphids, onAny] = matchEvent([aphids, mites, any], problem(), { room: 'House 3', by: 'Ann Lee' });
    // Only the automation's own problem is named in its message; room, actor and severity are facts, not conditions.
    expect(onAphids!.message.title).toBe('Problem observed: Aphids');
    expect(onAny!.message.title).toBe('Problem observed: Aphids, Thrips');
    expect(onAny!.message.text).toBe('Aphids, Thrips was recorded in House 3.');
    expect(onAny!.message.facts).toEqual([
      { title: 'Problem', value: 'Aphids, Thrips' }, { title: 'Room', value: 'House 3' }, { title: 'By', value: 'Ann Lee' }, { title: 'Severity', value: '4' },
    ]);
    expect(onAny!.message.path).toBe('/dashboard/rooms/3');
  });

  it('a problem from a form keeps the response key; a scan, batch or review has its own, and a suspected one says so', () => {
    const any = automation('problem_observed');
    expect(matchEvent([any], problem(), {})[0]!.eventKey).toBe('problem:40');
    const [scan] = matchEvent([any], problem({ origin: { kind: 'scan', id: 40 }, suspected: { confidence: 0.734 }, roomId: null, severity: null }), {});
    expect(scan!.eventKey).toBe('problem:scan:40');
    expect(scan!.message.title).toBe('Suspected problem: Aphids, Thrips (73% confidence)');
    expect(scan!.message.facts).toEqual([{ title: 'Problem', value: 'Aphids, Thrips' }, { title: 'Suspected', value: '73% confidence, not yet confirmed' }]);
    expect(scan!.message.path).toBe('/dashboard/observations');
    expect(matchEvent([any], problem({ origin: { kind: 'batch', id: 40 } }), {})[0]!.eventKey).toBe('problem:batch:40');
  });

  it('a form automation fires for its form, else for its category (any case); a keyword one when its field answers the keyword', () => {
    const ofForm = automation('form_submitted', { template_id: 9 });
    const ofOtherForm = automation('form_submitted', { template_id: 10, form_category: 'Scouting' });
    const ofCategory = automation('form_submitted', { form_category: 'scouting' });
    const ofOtherCategory = automation('form_submitted', { form_category: 'Spraying' });
    const keyword = automation('field_keyword', { form_field_id: 21, keyword: 'wilting' });
    const keywordElsewhere = automation('field_keyword', { form_field_id: 22, keyword: 'wilting' });
    const otherWord = automation('field_keyword', { form_field_id: 21, keyword: 'mould' });
    const rows = [ofForm, ofOtherForm, ofCategory, ofOtherCategory, keyword, keywordElsewhere, otherWord];
    expect(ids(rows, form(), 'Scouting')).toEqual([ofForm.notification_id, ofCategory.notification_id, keyword.notification_id]);
    const found = matchEvent(rows, form(), { form: { template_name: 'Weekly walk', form_category: 'Scouting' }, by: 'Ann Lee' });
    expect(found.map((m) => m.message.title)).toEqual(['Form submitted: Weekly walk', 'Form submitted: Weekly walk', '"wilting" answered in Weekly walk']);
    expect(found[2]!.message.facts).toEqual([{ title: 'Form', value: 'Weekly walk' }, { title: 'Answer', value: 'Leaves Wilting at the edge' }, { title: 'By', value: 'Ann Lee' }]);
    expect(new Set(found.map((m) => m.eventKey))).toEqual(new Set(['form:55']));
  });

  it('a task automation fires on its trigger; a task notification on a change of its user\'s task, of its kind or any', () => {
    const onAssigned = automation('task_assigned');
    const onStatus = automation('task_status_changed');
    const mineAny = taskNotice(5, null);
    const mineAssigned = taskNotice(5, 'task_assigned');
    const someoneElse = taskNotice(6, null);
    const rows = [onAssigned, onStatus, mineAny, mineAssigned, someoneElse];
    const [assigned, status] = taskEvents({
      companyId: 1, actorId: 7, taskId: 80, title: 'Spray house 3', before: { status: 'open', assigneeId: null }, after: { status: 'in_progress', assigneeId: 5 },
    });
    expect(ids(rows, assigned!)).toEqual([onAssigned.notification_id, mineAny.notification_id, mineAssigned.notification_id]);
    expect(ids(rows, status!)).toEqual([onStatus.notification_id, mineAny.notification_id]);
    const [m] = matchEvent([onStatus], status!, { by: 'Ann Lee', task: { name: 'Spray house 3', assignee: 'Bo Ek', txid: '991' } });
    expect(m!.eventKey).toBe('task:80:task_status_changed:991');
    expect(m!.message.title).toBe('Task in progress: Spray house 3');
    expect(m!.message.facts).toEqual([{ title: 'Status', value: 'in progress' }, { title: 'Assignee', value: 'Bo Ek' }, { title: 'By', value: 'Ann Lee' }]);
  });

  it('a threshold fires only the automation it names, with its room and no actor', () => {
    const named = automation('problem_observed', { problem_type: 'Aphids' });
    const other = automation('problem_observed', { problem_type: 'Aphids' });
    expect(ids([named, other], threshold(named.notification_id))).toEqual([named.notification_id]);
    const [m] = matchEvent([named, other], threshold(named.notification_id), { room: 'House 3', by: 'Ann Lee' });
    expect(m!.eventKey).toBe('threshold:12');
    expect(m!.message.title).toBe('Red threshold: Aphids in House 3');
    expect(m!.message.facts).toEqual([
      { title: 'Problem', value: 'Aphids' }, { title: 'Level', value: 'Red' }, { title: 'Measured', value: '9 observations in 24 h' }, { title: 'Room', value: 'House 3' },
    ]);
    expect(m!.message.path).toBe('/dashboard/rooms/3?box=5');
  });
});
