import { describe, expect, it } from 'vitest';
import { BULK_MAX_IDS, bulkMessages as msg } from '@verdant/contract';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { addObservation, makePlace } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = Record<string, string>;
const post = (path: string, auth: Auth, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
const boxes = (tenant: Tenant, GridBoxIDs: unknown[], set: Record<string, unknown>, auth: Auth = tenant.regular.auth, key?: string) =>
  post('/bulk/grid_boxes', auth, { company_id: tenant.companyId, GridBoxIDs, ...set }, key);
const undo = (tenant: Tenant, change_id: number, auth: Auth = tenant.regular.auth) => post('/bulk/undo', auth, { company_id: tenant.companyId, change_id });
const looks = async (ids: number[]) =>
  (await t.app.db.selectFrom('grid_boxes').select(['grid_box_id', 'status', 'color']).where('grid_box_id', 'in', ids).orderBy('grid_box_id').execute())
    .map((r) => [r.status, r.color]);
const audits = (action: string) => t.app.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('id').execute();

async function place(tenant: Tenant, nx = 3, ny = 3) {
  const p = await makePlace(t.app, tenant.companyId, nx, ny, `Bay ${Math.random().toString(36).slice(2, 7)}`);
  const ids: number[] = [];
  for (let x = 1; x <= nx; x++) for (let y = 1; y <= ny; y++) ids.push(p.box(x, y));
  return ids.sort((p1, p2) => p1 - p2);
}

describe('grid boxes', () => {
  it('sets status and colour of many boxes in one change, audits each box, and undoes it', async () => {
    const ids = await place(a);
    const res = await boxes(a, ids.slice(0, 4), { Status: 'Flowering', Color: '#aa3300' });
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json().change;
    expect(res.json().message).toBe(msg.boxesChanged);
    expect(change).toMatchObject({ kind: 'grid_boxes', action: 'update', count: 4, ids: ids.slice(0, 4), undone_at: null });
    expect(await looks(ids.slice(0, 5))).toEqual([...Array(4).fill(['Flowering', '#AA3300']), [null, null]]);
    const trail = (await audits('grid_box.bulk_update')).filter((e) => ids.includes(Number(e.entity_id)));
    expect(trail).toHaveLength(4);
    expect(trail[0]).toMatchObject({ user_id: a.regular.user_id, before: { status: null, color: null }, after: { status: 'Flowering', color: '#AA3300', change_id: change.change_id } });

    // Only the status: the colour stays; then an empty Status clears it.
    await boxes(a, ids.slice(0, 2), { Status: 'Vegetative' });
    expect(await looks(ids.slice(0, 2))).toEqual([['Vegetative', '#AA3300'], ['Vegetative', '#AA3300']]);
    const cleared = (await boxes(a, ids.slice(0, 2), { Status: '' })).json().change;
    expect(await looks(ids.slice(0, 2))).toEqual([[null, '#AA3300'], [null, '#AA3300']]);

    const undone = await undo(a, cleared.change_id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ message: msg.undone, change: { change_id: cleared.change_id, undone_at: expect.any(String) } });
    expect(await looks(ids.slice(0, 2))).toEqual([['Vegetative', '#AA3300'], ['Vegetative', '#AA3300']]);
    expect((await audits('grid_box.bulk_undo')).filter((e) => ids.includes(Number(e.entity_id)))).toHaveLength(2);
    expect((await undo(a, cleared.change_id)).json()).toMatchObject({ message: msg.undoneAlready });
  });

  it(`changes ${BULK_MAX_IDS} boxes, the most one change names, in one request, and undoes them`, async () => {
    const p = await makePlace(t.app, a.companyId, 100, BULK_MAX_IDS / 100, 'Big bay');
    const ids = (await t.app.db.selectFrom('grid_boxes').select('grid_box_id').where('grid_id', '=', p.gridId).execute()).map((r) => r.grid_box_id);
    expect(ids).toHaveLength(BULK_MAX_IDS);
    const res = await boxes(a, ids, { Color: '#00ff00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().change.count).toBe(BULK_MAX_IDS);
    const green = await t.app.db.selectFrom('grid_boxes').select((eb) => eb.fn.countAll<string>().as('n')).where('grid_id', '=', p.gridId).where('color', '=', '#00FF00').executeTakeFirstOrThrow();
    expect(Number(green.n)).toBe(BULK_MAX_IDS);
    expect((await undo(a, res.json().change.change_id)).statusCode).toBe(200);
    const left = await t.app.db.selectFrom('grid_boxes').select((eb) => eb.fn.countAll<string>().as('n')).where('grid_id', '=', p.gridId).where('color', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it('refuses the undo, naming the box, when one changed since — and restores none', async () => {
    const ids = await place(a);
    const first = (await boxes(a, ids.slice(0, 3), { Status: 'Mother' })).json().change;
    await boxes(a, [ids[1]!], { Status: 'Sick' }, a.admin.auth);
    const refused = await undo(a, first.change_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Grid box ${ids[1]} changed since this change; nothing was undone.`);
    expect(await looks(ids.slice(0, 3))).toEqual([['Mother', null], ['Sick', null], ['Mother', null]]);
  });

  it('is all or nothing: a box of another company refuses the whole, naming it', async () => {
    const mine = await place(a);
    const theirs = await place(b);
    const res = await boxes(a, [mine[0]!, theirs[0]!, mine[1]!], { Status: 'Gone' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: `Grid box ${theirs[0]} not found; nothing was changed.`, field: 'GridBoxIDs' });
    expect(await looks([mine[0]!, mine[1]!, theirs[0]!])).toEqual([[null, null], [null, null], [null, null]]);
    expect(await t.app.db.selectFrom('bulk_changes').select('change_id').where('company_id', '=', a.companyId).where('action', '=', 'Gone').execute()).toEqual([]);
  });

  it('names the field of bad input', async () => {
    const ids = await place(a, 1, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ company_id: a.companyId, Status: 'x' }, 'GridBoxIDs'],
      [{ company_id: a.companyId, GridBoxIDs: [], Status: 'x' }, 'GridBoxIDs'],
      [{ company_id: a.companyId, GridBoxIDs: Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1), Status: 'x' }, 'GridBoxIDs'],
      [{ company_id: a.companyId, GridBoxIDs: [2 ** 31], Status: 'x' }, 'GridBoxIDs.0'],
      [{ company_id: a.companyId, GridBoxIDs: ids }, 'Status'],
      [{ company_id: a.companyId, GridBoxIDs: ids, Color: 'red' }, 'Color'],
      [{ company_id: a.companyId, GridBoxIDs: ids, Status: 'x'.repeat(61) }, 'Status'],
      [{ company_id: a.companyId, GridBoxIDs: ids, Status: 'a\u0000b' }, 'Status'],
      [{ GridBoxIDs: ids, Status: 'x' }, 'company_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/bulk/grid_boxes', a.regular.auth, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().field, res.body).toBe(field);
    }
    expect((await post('/bulk/grid_boxes', a.regular.auth, { company_id: a.companyId, GridBoxIDs: ids })).json().message).toBe(msg.nothingToSet);
    expect((await post('/bulk/grid_boxes', a.regular.auth, { company_id: a.companyId, GridBoxIDs: Array(BULK_MAX_IDS + 1).fill(1), Status: 'x' })).json().message)
      .toBe(`GridBoxIDs must name at most ${BULK_MAX_IDS} grid boxes.`);
  });

  it("refuses another company's company_id (403), another user's or company's change (404), and no token (401)", async () => {
    const ids = await place(a, 1, 2);
    expect((await post('/bulk/grid_boxes', b.admin.auth, { company_id: a.companyId, GridBoxIDs: ids, Status: 'x' })).statusCode).toBe(403);
    const change = (await boxes(a, ids, { Status: 'Mine' })).json().change;
    expect((await undo(a, change.change_id, a.admin.auth)).statusCode).toBe(404);
    expect((await post('/bulk/undo', b.admin.auth, { company_id: b.companyId, change_id: change.change_id })).statusCode).toBe(404);
    expect((await post('/bulk/undo', b.admin.auth, { company_id: a.companyId, change_id: change.change_id })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/bulk/grid_boxes', payload: { company_id: a.companyId, GridBoxIDs: ids, Status: 'x' } })).statusCode).toBe(401);
    expect(await looks(ids)).toEqual([['Mine', null], ['Mine', null]]);
  });

  it('refuses a consultant (403): bulk changes are for the staff', async () => {
    const room = await makePlace(t.app, a.companyId, 1, 1, 'Advised bay');
    const ids = [room.box(1, 1)];
    const email = `bulk-consultant-${Date.now()}@example.com`;
    const invite = await post('/invite_consultant', a.admin.auth, { company_id: a.companyId, email, name: 'Iris Adviser', room_ids: [room.roomId] });
    expect(invite.statusCode, invite.body).toBe(200);
    const signUp = await post('/Create_new_user', {}, { first_name: 'Iris', last_name: 'Adviser', email, password: 'Lacewing larvae 2026!', invite_token: invite.json().invite_token });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const consultant = { authorization: `Bearer ${signUp.json().data.access_token}` };
    expect((await boxes(a, ids, { Status: 'x' }, consultant)).statusCode).toBe(403);
  });

  it('two bulk changes of overlapping boxes at once: both apply whole, one after the other, nothing lost', async () => {
    const ids = await place(a, 4, 4);
    const [one, two] = await Promise.all([
      boxes(a, ids.slice(0, 10), { Status: 'One', Color: '#111111' }),
      boxes(a, ids.slice(6), { Status: 'Two' }, a.admin.auth),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const rows = await t.app.db.selectFrom('bulk_changes').selectAll()
      .where('change_id', 'in', [one.json().change.change_id, two.json().change.change_id]).orderBy('change_id').execute();
    const [first, second] = rows;
    // The later change saw what the earlier left on the boxes both name.
    const left = new Map(first!.records.map((r) => [r.id, r.after]));
    for (const r of second!.records) if (left.has(r.id)) expect(r.before).toEqual(left.get(r.id));
    const now = await looks(ids);
    expect(now.slice(0, 6)).toEqual(Array(6).fill(['One', '#111111']));
    expect(now.slice(10)).toEqual(Array(6).fill(['Two', null]));
    // The boxes both named hold the later change's status, and the colour only the first change set.
    const later = second!.records[0]!.id === ids[6] ? 'Two' : 'One';
    expect(now.slice(6, 10)).toEqual(Array(4).fill([later, '#111111']));
  });

  it('the same Idempotency-Key twice makes one change', async () => {
    const ids = await place(a, 2, 2);
    const key = `bulk-${Date.now()}`;
    const [r1, r2] = await Promise.all([boxes(a, ids, { Status: 'Keyed' }, a.regular.auth, key), boxes(a, ids, { Status: 'Keyed' }, a.regular.auth, key)]);
    const r3 = await boxes(a, ids, { Status: 'Keyed' }, a.regular.auth, key);
    const answered = [r1, r2, r3].filter((r) => r.statusCode === 200).map((r) => r.json().change.change_id);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(new Set(answered).size).toBe(1);
    const made = await t.app.db.selectFrom('bulk_changes').select('change_id').where('company_id', '=', a.companyId).where('user_id', '=', a.regular.user_id)
      .where('change_id', '>=', answered[0]).execute();
    expect(made).toHaveLength(1);
    expect((await audits('grid_box.bulk_update')).filter((e) => ids.includes(Number(e.entity_id)))).toHaveLength(4);
  });
});

describe('observations', () => {
  async function observations(tenant: Tenant, n: number, status: 'open' | 'resolved' = 'open') {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await addObservation(t.app, { companyId: tenant.companyId, problem: 'Thrips', status }));
    return ids;
  }
  const states = async (ids: number[]) =>
    (await t.app.db.selectFrom('problem_observations').select(['status', 'problem']).where('observation_id', 'in', ids).orderBy('observation_id').execute())
      .map((r) => `${r.problem}:${r.status}`);

  it('resolves many open observations, records each action, and undoes it (they reopen)', async () => {
    const ids = await observations(a, 3);
    const res = await post('/bulk/observations', a.regular.auth, { company_id: a.companyId, observation_ids: ids, action: 'resolve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().change).toMatchObject({ kind: 'observations', action: 'resolve', count: 3 });
    expect(await states(ids)).toEqual(Array(3).fill('Thrips:resolved'));
    expect(await t.app.db.selectFrom('observation_actions').select('action').where('observation_id', 'in', ids).execute()).toHaveLength(3);
    expect((await audits('observation.bulk_resolve')).filter((e) => ids.includes(Number(e.entity_id)))).toHaveLength(3);
    expect((await undo(a, res.json().change.change_id)).statusCode).toBe(200);
    expect(await states(ids)).toEqual(Array(3).fill('Thrips:open'));
  });

  it('refuses the whole when one is not open, naming it', async () => {
    const [open] = await observations(a, 1);
    const [resolved] = await observations(a, 1, 'resolved');
    const res = await post('/bulk/observations', a.regular.auth, { company_id: a.companyId, observation_ids: [open!, resolved!], action: 'resolve' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Observation ${resolved} is resolved, not open; nothing was changed.`);
    expect(await states([open!])).toEqual(['Thrips:open']);
  });

  it('reassigns to another problem (the library name when it matches), undoes, and refuses an undo after a later change', async () => {
    const ids = await observations(a, 2);
    const res = await post('/bulk/observations', a.admin.auth, { company_id: a.companyId, observation_ids: ids, action: 'reassign', problem: 'Aphids on leaves' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await states(ids)).toEqual(Array(2).fill('Aphids on leaves:open'));
    const again = await post('/bulk/observations', a.admin.auth, { company_id: a.companyId, observation_ids: [ids[0]!], action: 'resolve' });
    expect(again.statusCode).toBe(200);
    // The resolve left the problem as it was: the reassignment can still be undone.
    expect((await undo(a, res.json().change.change_id, a.admin.auth)).statusCode).toBe(200);
    expect(await states(ids)).toEqual(['Thrips:resolved', 'Thrips:open']);
    const re = (await post('/bulk/observations', a.admin.auth, { company_id: a.companyId, observation_ids: ids, action: 'reassign', problem: 'Mites' })).json().change;
    await post('/bulk/observations', a.admin.auth, { company_id: a.companyId, observation_ids: [ids[1]!], action: 'reassign', problem: 'Whitefly' });
    const refused = await undo(a, re.change_id, a.admin.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Observation ${ids[1]} changed since this change; nothing was undone.`);
  });

  it('names bad input and refuses other companies', async () => {
    const ids = await observations(a, 1);
    const [theirs] = await observations(b, 1);
    const missing = await post('/bulk/observations', a.regular.auth, { company_id: a.companyId, observation_ids: ids, action: 'reassign' });
    expect(missing.json()).toMatchObject({ message: msg.problemRequired, field: 'problem' });
    expect((await post('/bulk/observations', a.regular.auth, { company_id: a.companyId, observation_ids: ids, action: 'burn' })).json().field).toBe('action');
    expect((await post('/bulk/observations', a.regular.auth, { company_id: a.companyId, action: 'resolve' })).json().field).toBe('observation_ids');
    const foreign = await post('/bulk/observations', a.regular.auth, { company_id: a.companyId, observation_ids: [...ids, theirs!], action: 'resolve' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`Observation ${theirs} not found; nothing was changed.`);
    expect(await states(ids)).toEqual(['Thrips:open']);
  });
});

describe('tasks', () => {
  async function tasks(tenant: Tenant, n: number) {
    const form = await makeTemplate(t.app, tenant.companyId, `Task ${Math.random()}`, 'Task', [['Task', 'text', [], true]]);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await post('/submit_form', tenant.regular.auth, { submittedBy: tenant.regular.user_id, fieldResponses: [{ fieldID: form.field.Task!, inputData: `Job ${i}` }] });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().response_id as number);
    }
    return ids;
  }
  const taskStates = async (ids: number[]) =>
    (await t.app.db.selectFrom('form_responses as r').leftJoin('tasks as k', 'k.response_id', 'r.response_id').select(['r.status', 'k.assignee_id'])
      .where('r.response_id', 'in', ids).orderBy('r.response_id').execute()).map((r) => [r.status, r.assignee_id ?? null]);

  it('assigns many tasks, closes them, audits each, and undoes the close', async () => {
    const ids = await tasks(a, 3);
    const assigned = await post('/bulk/tasks', a.admin.auth, { company_id: a.companyId, task_ids: ids, action: 'assign', assignee_id: a.regular.user_id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await taskStates(ids)).toEqual(Array(3).fill(['open', a.regular.user_id]));
    const closed = await post('/bulk/tasks', a.regular.auth, { company_id: a.companyId, task_ids: ids, action: 'close' });
    expect(closed.json().change).toMatchObject({ kind: 'tasks', action: 'close', count: 3 });
    expect(await taskStates(ids)).toEqual(Array(3).fill(['done', a.regular.user_id]));
    const trail = (await audits('task.update')).filter((e) => ids.includes(Number(e.entity_id)));
    expect(trail).toHaveLength(6);
    expect((await undo(a, closed.json().change.change_id)).statusCode).toBe(200);
    expect(await taskStates(ids)).toEqual(Array(3).fill(['open', a.regular.user_id]));
    // The close and its undo left the assignment's values as it made them: it can be undone too.
    expect((await undo(a, assigned.json().change.change_id, a.admin.auth)).statusCode).toBe(200);
    expect(await taskStates(ids)).toEqual(Array(3).fill(['open', null]));
  });

  it('refuses the whole for a task of another company or an assignee of another company, and names the assignee field', async () => {
    const mine = await tasks(a, 1);
    const theirs = await tasks(b, 1);
    const foreign = await post('/bulk/tasks', a.admin.auth, { company_id: a.companyId, task_ids: [...mine, ...theirs], action: 'close' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`Task ${theirs[0]} not found; nothing was changed.`);
    expect(await taskStates(mine)).toEqual([['open', null]]);
    expect((await post('/bulk/tasks', a.admin.auth, { company_id: a.companyId, task_ids: mine, action: 'assign', assignee_id: b.regular.user_id })).statusCode).toBe(404);
    expect((await post('/bulk/tasks', a.admin.auth, { company_id: a.companyId, task_ids: mine, action: 'assign' })).json())
      .toMatchObject({ message: msg.assigneeRequired, field: 'assignee_id' });
  });
});
