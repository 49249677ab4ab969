import { describe, expect, it } from 'vitest';
import { batchProblemsMessages as msg } from '@verdant/contract';
import { makeTenant } from '../../test/factories.js';
import { makeFacility } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { makeBatch } from '../../test/fixtures/plants.fixtures.js';
import { seedBatchProblemsDemo } from '../../setup/demo/batch-problems-demo.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

useTwoTenants();

const post = (path: string, auth: object, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers: auth as Record<string, string>, payload });
const get = (path: string, auth: object, query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api${path}`, headers: auth as Record<string, string>, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const problem = (batchId: number, more: Record<string, unknown> = {}) => ({
  batch_id: batchId, problem_type: 'Powdery mildew', severity: 3, company_id: a.companyId, user_id: a.regular.user_id, ...more,
});

describe('create_batch_problem', () => {
  it('records one observation per room, matched to the library, visible in the room\'s unresolved problems', async () => {
    const batch = await makeBatch(t.app, a.companyId, { batchNumber: 'BP-1' });
    const r1 = await makeFacility(t.app, a.companyId, { roomName: 'Veg 1' });
    const r2 = await makeFacility(t.app, a.companyId, { roomName: 'Veg 2' });
    const res = await post('/create_batch_problem', a.regular.auth, problem(batch, { problem_type: 'western-flower-thrips', room_ids: `${r1.roomId},${r2.roomId}`, notes: ' Check undersides ' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message: msg.created });
    expect(body.ProblemIDs).toHaveLength(2);
    expect(body.problems.map((p: { RoomName: string }) => p.RoomName).sort()).toEqual(['Veg 1', 'Veg 2']);
    expect(body.problems[0]).toMatchObject({
      Problem: 'Western flower thrips', PlantProblemID: expect.any(Number), Severity: 3, BatchID: batch, BatchNumber: 'BP-1',
      Source: 'batch_problem', Notes: 'Check undersides', Status: 'open', ObservedBy: a.regular.user_id, ObservedByName: 'Test Regular', GridID: null,
    });
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'batch_problem.create').where('entity_id', '=', String(batch)).execute();
    expect(audit).toHaveLength(1);

    const room = await get('/get_unresolved_problems_for_room', a.regular.auth, { room_id: r1.roomId });
    expect(room.json().problems.map((p: { ProblemID: number }) => p.ProblemID)).toEqual(body.ProblemIDs.filter((id: number) => body.problems.find((p: { ProblemID: number; RoomID: number }) => p.ProblemID === id && p.RoomID === r1.roomId)));
  });

  it('records one observation without a room, keeps an unknown type as written and drops blank notes', async () => {
    const batch = await makeBatch(t.app, a.companyId);
    const res = await post('/create_batch_problem', a.regular.auth, problem(batch, { problem_type: ' Leaf curl of sorts ', severity: '2.5', notes: '   ', room_ids: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().problems).toEqual([expect.objectContaining({ Problem: 'Leaf curl of sorts', PlantProblemID: null, Severity: 2.5, RoomID: null, Notes: null })]);
  });

  it("answers the spec's sentence for any missing field, naming the first missing, and refuses a severity that is not finite", async () => {
    const batch = await makeBatch(t.app, a.companyId);
    for (const [field, value] of [['batch_id', undefined], ['problem_type', '  '], ['severity', ''], ['company_id', undefined], ['user_id', null]] as const) {
      const res = await post('/create_batch_problem', a.regular.auth, problem(batch, { [field]: value }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: msg.missingFields, error: expect.any(String), field });
    }
    const none = await post('/create_batch_problem', a.regular.auth, {});
    expect(none.json()).toMatchObject({ message: msg.missingFields, field: 'batch_id' });
    for (const severity of ['high', 'Infinity', 'NaN']) {
      const res = await post('/create_batch_problem', a.regular.auth, problem(batch, { severity }));
      expect(res.statusCode, severity).toBe(400);
      expect(res.json()).toMatchObject({ message: msg.severityFinite, field: 'severity' });
    }
    const badRoom = await post('/create_batch_problem', a.regular.auth, problem(batch, { room_ids: '["x"]' }));
    expect(badRoom.statusCode).toBe(400);
    expect(badRoom.json().field).toMatch(/^room_ids/);
  });

  it("keeps to the caller's company: company 403, batch, room and user 404", async () => {
    const batch = await makeBatch(t.app, a.companyId);
    const theirBatch = await makeBatch(t.app, b.companyId);
    const theirRoom = await makeFacility(t.app, b.companyId);
    expect((await post('/create_batch_problem', a.regular.auth, problem(batch, { company_id: b.companyId }))).statusCode).toBe(403);
    expect((await post('/create_batch_problem', a.regular.auth, problem(theirBatch))).statusCode).toBe(404);
    expect((await post('/create_batch_problem', a.regular.auth, problem(batch, { room_ids: [theirRoom.roomId] }))).statusCode).toBe(404);
    expect((await post('/create_batch_problem', a.regular.auth, problem(batch, { user_id: b.regular.user_id }))).statusCode).toBe(404);
    const rows = await t.app.db.selectFrom('problem_observations').select('observation_id').where('batch_id', 'in', [batch, theirBatch]).execute();
    expect(rows).toEqual([]);
  });
});

describe('resolve_batch_problem and get_batch_problems', () => {
  it('resolves per room and type, records actions and an audit event, and lists with the filters', async () => {
    const batch = await makeBatch(t.app, a.companyId, { batchNumber: 'BP-R' });
    const other = await makeBatch(t.app, a.companyId);
    const r1 = await makeFacility(t.app, a.companyId, { roomName: 'Flower 1' });
    const r2 = await makeFacility(t.app, a.companyId, { roomName: 'Flower 2' });
    const rooms = [r1.roomId, r2.roomId];
    const mildew = (await post('/create_batch_problem', a.regular.auth, problem(batch, { room_ids: rooms }))).json().ProblemIDs as number[];
    const mites = (await post('/create_batch_problem', a.regular.auth, problem(batch, { problem_type: 'Spider mites', room_ids: JSON.stringify(rooms) }))).json().ProblemIDs as number[];
    const elsewhere = (await post('/create_batch_problem', a.regular.auth, problem(other))).json().ProblemIDs as number[];

    const open = await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, include_resolved: 'false', batch_id: batch });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().problems).toHaveLength(4);

    const one = await post('/resolve_batch_problem', a.admin.auth, { batch_id: batch, user_id: a.admin.user_id, room_ids: [r1.roomId], problem_type: 'POWDERY MILDEW' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ status: 'success', message: msg.resolved, affected: 1, ProblemIDs: [mildew[0]] });
    const actions = await t.app.db.selectFrom('observation_actions').selectAll().where('observation_id', '=', mildew[0]!).execute();
    expect(actions).toEqual([expect.objectContaining({ action: 'resolve', user_id: a.admin.user_id, company_id: a.companyId })]);
    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('action', '=', 'batch_problem.resolve').where('entity_id', '=', String(batch)).execute();
    expect(audit).toHaveLength(1);

    const byRoom = await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, include_resolved: 'false', room_id: r1.roomId });
    expect(byRoom.json().problems.map((p: { ProblemID: number }) => p.ProblemID)).toEqual([mites[0]]);
    const withResolved = await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, include_resolved: 'true', room_id: r1.roomId });
    expect(withResolved.json().problems.map((p: { ProblemID: number }) => p.ProblemID).sort()).toEqual([mildew[0], mites[0]].sort());
    expect(withResolved.json().problems.find((p: { ProblemID: number }) => p.ProblemID === mildew[0])).toMatchObject({ Status: 'resolved', StatusChangedBy: a.admin.user_id });
    const byType = await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, include_resolved: 'false', problem_type: 'SPIDER MITES' });
    expect(byType.json().problems.map((p: { ProblemID: number }) => p.ProblemID).sort()).toEqual([...mites].sort());
    // A library problem is found by its slug too.
    const bySlug = await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, include_resolved: 'true', batch_id: batch, problem_type: 'powdery-mildew' });
    expect(bySlug.json().problems.map((p: { ProblemID: number }) => p.ProblemID).sort()).toEqual([...mildew].sort());

    const rest = await post('/resolve_batch_problem', a.regular.auth, { batch_id: batch, user_id: a.regular.user_id });
    expect(rest.json()).toMatchObject({ affected: 3 });
    const again = await post('/resolve_batch_problem', a.regular.auth, { batch_id: batch, user_id: a.regular.user_id });
    expect(again.json()).toMatchObject({ status: 'success', message: msg.noneOpen, affected: 0, ProblemIDs: [] });
    const otherStill = await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, include_resolved: 'false', batch_id: other });
    expect(otherStill.json().problems.map((p: { ProblemID: number }) => p.ProblemID)).toEqual(elsewhere);
  });

  it('refuses bad input naming the field', async () => {
    expect((await post('/resolve_batch_problem', a.regular.auth, { user_id: a.regular.user_id })).json()).toMatchObject({ message: 'batch_id is required.', field: 'batch_id' });
    expect((await post('/resolve_batch_problem', a.regular.auth, { batch_id: 1 })).json()).toMatchObject({ message: 'user_id is required.', field: 'user_id' });
    expect((await get('/get_batch_problems', a.regular.auth, {})).json()).toMatchObject({ message: 'company_id is required.', field: 'company_id' });
    expect((await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, include_resolved: 'perhaps' })).json()).toMatchObject({ field: 'include_resolved' });
  });

  it("keeps to the caller's company", async () => {
    const theirBatch = await makeBatch(t.app, b.companyId);
    const theirRoom = await makeFacility(t.app, b.companyId);
    const mine = await makeBatch(t.app, a.companyId);
    const theirs = (await post('/create_batch_problem', b.regular.auth, { ...problem(theirBatch), company_id: b.companyId, user_id: b.regular.user_id, notes: 'Marker B' })).json().ProblemIDs as number[];
    expect((await post('/resolve_batch_problem', a.regular.auth, { batch_id: theirBatch, user_id: a.regular.user_id })).statusCode).toBe(404);
    expect((await post('/resolve_batch_problem', a.regular.auth, { batch_id: mine, user_id: a.regular.user_id, room_ids: [theirRoom.roomId] })).statusCode).toBe(404);
    expect((await post('/resolve_batch_problem', a.regular.auth, { batch_id: mine, user_id: b.regular.user_id })).statusCode).toBe(404);
    expect((await get('/get_batch_problems', a.regular.auth, { company_id: b.companyId })).statusCode).toBe(403);
    expect((await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, batch_id: theirBatch })).statusCode).toBe(404);
    expect((await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, room_id: theirRoom.roomId })).statusCode).toBe(404);
    const all = await get('/get_batch_problems', a.regular.auth, { company_id: a.companyId, include_resolved: 'true' });
    expect(all.body).not.toContain('Marker B');
    const status = await t.app.db.selectFrom('problem_observations').select('status').where('observation_id', '=', theirs[0]!).executeTakeFirstOrThrow();
    expect(status.status).toBe('open');
  });
});

describe('seedBatchProblemsDemo', () => {
  it('adds five problems on the batches (in a linked room when there is one), the last resolved; nothing without batches', async () => {
    const c = await makeTenant(t.app);
    await seedBatchProblemsDemo(t.app, { companyId: c.companyId, userId: c.superAdmin.user_id });
    expect(await t.app.db.selectFrom('problem_observations').select('observation_id').where('company_id', '=', c.companyId).execute()).toEqual([]);

    const batch = await makeBatch(t.app, c.companyId);
    const room = await makeFacility(t.app, c.companyId);
    await t.app.db.insertInto('room_batches').values({ company_id: c.companyId, room_id: room.roomId, batch_id: batch }).execute();
    await makeBatch(t.app, c.companyId);
    await seedBatchProblemsDemo(t.app, { companyId: c.companyId, userId: c.superAdmin.user_id });
    const all = (await get('/get_batch_problems', c.regular.auth, { company_id: c.companyId, include_resolved: 'true' })).json().problems;
    expect(all).toHaveLength(5);
    expect(all.filter((p: { Status: string }) => p.Status === 'resolved')).toHaveLength(1);
    expect(all.filter((p: { RoomID: number | null }) => p.RoomID === room.roomId)).toHaveLength(3);
  });
});
