import { beforeAll, describe, expect, it } from 'vitest';
import { isoWeekday, utcDate } from '@verdant/contract';
import { facilityKit } from '../../test/fixtures/facility-test-kit.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';
import { pressureWindow } from './pressure.service.js';

const kit = facilityKit(() => t.app);
const { call } = kit;
/** A Wednesday: its week's Monday is 2026-11-23, so the 12 weeks start on Monday 2026-09-07. */
const END = '2026-11-25';

useTwoTenants();

describe('room pressure frames', () => {
  let room: number;
  let otherRoom: number;
  let box1: number;
  let box2: number;
  let box3: number;
  let box4: number;

  beforeAll(async () => {
    const db = t.app.db;
    const c = a.companyId;
    room = await kit.room(a, 'Pressure room');
    const grid = await kit.grid(a, room, 2, 2, 'Pressure bench');
    [box1, box2, box3, box4] = (await kit.boxes(grid)).map((x) => x.grid_box_id) as [number, number, number, number];
    otherRoom = await kit.room(a, 'Elsewhere');
    const otherGrid = await kit.grid(a, otherRoom, 1, 1, 'Elsewhere bench');
    const [elsewhere] = await kit.boxes(otherGrid);

    const observe = (box: number, problem: string, at: string, v: { source?: 'form' | 'scan'; status?: 'open' | 'resolved' | 'dismissed' } = {}) =>
      db.insertInto('problem_observations')
        .values({ company_id: c, problem, grid_box_id: box, source: v.source ?? 'form', status: v.status ?? 'open', observed_at: new Date(at) })
        .execute();
    await observe(box1, 'Thrips', '2026-11-22T23:59:00Z');
    await observe(box1, 'Thrips', '2026-11-23T00:30:00Z');
    await observe(box1, 'thrips', '2026-11-24T10:00:00Z', { source: 'scan', status: 'resolved' });
    await observe(box2, 'Mildew', '2026-09-07T00:00:00Z');
    await observe(box2, 'Mildew', '2026-09-06T23:59:59Z');
    await observe(box2, 'Thrips', '2026-11-24T10:00:00Z', { status: 'dismissed' });
    await observe(box4, 'Aphids', '2026-11-30T00:00:00Z');
    await observe(elsewhere!.grid_box_id, 'Thrips', '2026-11-24T10:00:00Z');

    const template = await db.insertInto('form_templates').values({ company_id: c, template_name: 'Traps', created_by: a.admin.user_id })
      .returning('template_id').executeTakeFirstOrThrow();
    const field = (name: string, type: 'sticky-trap-count' | 'text' = 'sticky-trap-count') =>
      db.insertInto('form_fields').values({ company_id: c, template_id: template.template_id, field_name: name, field_type: type })
        .returning('field_id').executeTakeFirstOrThrow();
    const thrips = await field('Thrips ');
    const whitefly = await field('Whitefly');
    const note = await field('Note', 'text');
    const response = await db.insertInto('form_responses')
      .values({ company_id: c, template_id: template.template_id, submitted_by: a.regular.user_id, grid_box_id: box3, observed_at: new Date('2026-11-24T08:00:00Z') })
      .returning('response_id').executeTakeFirstOrThrow();
    const answer = (field_id: number, input_data: string) =>
      db.insertInto('field_responses').values({ company_id: c, response_id: response.response_id, field_id, input_data }).execute();
    await answer(thrips.field_id, '25');
    await answer(whitefly.field_id, ' 5 ');
    await answer(note.field_id, '40');
    const blank = await db.insertInto('form_responses')
      .values({ company_id: c, template_id: template.template_id, grid_box_id: box3, observed_at: new Date('2026-11-24T09:00:00Z') })
      .returning('response_id').executeTakeFirstOrThrow();
    await db.insertInto('field_responses').values({ company_id: c, response_id: blank.response_id, field_id: whitefly.field_id, input_data: 'lots' }).execute();
    await db.updateTable('company_settings').set({ threshold_warning: 2 }).where('company_id', '=', c).execute();
  });

  it('counts observations and tenths of trap insects per Monday week, hand-computed', async () => {
    const res = await call('GET', '/get_room_pressure_frames', a.regular.auth, { company_id: a.companyId, room_id: room, end_date: END });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.frames).toHaveLength(12);
    expect(body.frames[0]).toEqual({ start: '2026-09-07', end: '2026-09-13' });
    expect(body.frames[10]).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(body.frames[11]).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(body).toMatchObject({ step: 'week', time_zone: 'UTC', problem: null, hot_threshold: 2 });
    // box 4's Aphids (Monday 30 Nov) is after the range; Mildew one second before the first Monday is out.
    expect(body.GridBoxIDs).toEqual([box1, box2, box3]);
    const at = (frame: number) => body.values[frame] as number[];
    // box 1: Sunday 23:59 is the week before; Monday 00:30 and the resolved scan count in the last week.
    expect(at(10)).toEqual([1, 0, 0]);
    // box 3: 25 thrips + 5 whitefly on a trap = 3 observations' worth; the text field and "lots" are no count.
    expect(at(11)).toEqual([2, 0, 3]);
    expect(at(0)).toEqual([0, 1, 0]);
    for (let f = 1; f < 10; f++) expect(at(f)).toEqual([0, 0, 0]);
    expect(body.problems).toEqual(['Mildew', 'Thrips', 'Whitefly']);
  });

  it('keeps one problem, matched without case, trap fields included', async () => {
    const res = await call('GET', '/get_room_pressure_frames', a.regular.auth, { company_id: a.companyId, room_id: room, end_date: END, problem: 'THRIPS' });
    const body = res.json();
    expect(body.problem).toBe('THRIPS');
    expect(body.GridBoxIDs).toEqual([box1, box3]);
    expect(body.values[10]).toEqual([1, 0]);
    expect(body.values[11]).toEqual([2, 2.5]);
    expect(body.problems).toEqual(['Mildew', 'Thrips', 'Whitefly']);
    const none = await call('GET', '/get_room_pressure_frames', a.regular.auth, { company_id: a.companyId, room_id: room, end_date: END, problem: 'Botrytis' });
    expect(none.json()).toMatchObject({ GridBoxIDs: [], problems: ['Mildew', 'Thrips', 'Whitefly'] });
    expect(none.json().values).toHaveLength(12);
    expect(none.json().values.every((v: number[]) => v.length === 0)).toBe(true);
  });

  it('steps by day over the 84 days ending on end_date', async () => {
    const res = await call('GET', '/get_room_pressure_frames', a.admin.auth, { company_id: a.companyId, room_id: room, end_date: END, step: 'day' });
    const body = res.json();
    expect(body.frames).toHaveLength(84);
    expect(body.frames[0]).toEqual({ start: '2026-09-03', end: '2026-09-03' });
    expect(body.frames[83]).toEqual({ start: END, end: END });
    expect(body.GridBoxIDs).toEqual([box1, box2, box3]);
    // 3 Sep + 4 days = Monday 7 Sep; 22, 23 and 24 Nov are days 80, 81 and 82.
    expect(body.values[4]).toEqual([0, 1, 0]);
    expect(body.values[80]).toEqual([1, 0, 0]);
    expect(body.values[81]).toEqual([1, 0, 0]);
    expect(body.values[82]).toEqual([1, 0, 3]);
    expect(body.values[83]).toEqual([0, 0, 0]);
  });

  it('defaults to the weeks up to today', async () => {
    const res = await call('GET', '/get_room_pressure_frames', a.regular.auth, { company_id: a.companyId, room_id: otherRoom });
    expect(res.statusCode).toBe(200);
    const today = utcDate();
    const { frames } = res.json() as { frames: Array<{ start: string; end: string }> };
    expect(frames[11]!.start <= today && today <= frames[11]!.end).toBe(true);
    expect(isoWeekday(frames[0]!.start)).toBe(1);
  });

  it('answers an empty room with empty frames', async () => {
    const empty = await kit.room(a, 'Empty pressure room');
    const res = await call('GET', '/get_room_pressure_frames', a.regular.auth, { company_id: a.companyId, room_id: empty, end_date: END });
    expect(res.json()).toMatchObject({ GridBoxIDs: [], problems: [] });
  });

  it('names the field for bad input', async () => {
    const ask = (query: Record<string, string | number>) =>
      call('GET', '/get_room_pressure_frames', a.regular.auth, { company_id: a.companyId, room_id: room, ...query });
    const missing = await call('GET', '/get_room_pressure_frames', a.regular.auth, { company_id: a.companyId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('room_id is required.');
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ step: 'month' }, 'step'],
      [{ end_date: '2026-02-31' }, 'end_date'],
      [{ end_date: '0001-01-01' }, 'end_date'],
      [{ end_date: '25/11/2026' }, 'end_date'],
      [{ room_id: '2147483648' }, 'room_id'],
      [{ problem: 'x'.repeat(201) }, 'problem'],
      [{ problem: 'Thr\u0000ips' }, 'problem'],
    ];
    for (const [query, field] of cases) {
      const res = await ask(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message, JSON.stringify(query)).toContain(field);
    }
  });

  it("never shows another company's room; any role of the company may read", async () => {
    expect((await call('GET', '/get_room_pressure_frames', {}, { company_id: a.companyId, room_id: room })).statusCode).toBe(401);
    const wrongCompany = await call('GET', '/get_room_pressure_frames', b.regular.auth, { company_id: a.companyId, room_id: room });
    expect(wrongCompany.statusCode).toBe(403);
    const wrongRoom = await call('GET', '/get_room_pressure_frames', b.admin.auth, { company_id: b.companyId, room_id: room, end_date: END });
    expect(wrongRoom.statusCode).toBe(404);
    expect(wrongRoom.body).not.toContain('Thrips');
    for (const user of [a.superAdmin, a.admin, a.regular]) {
      const res = await call('GET', '/get_room_pressure_frames', user.auth, { company_id: a.companyId, room_id: room, end_date: END });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('pressure window', () => {
  it('ends the weeks on the Sunday of the end day and the days on the end day', () => {
    expect(pressureWindow('week', '2026-11-29')).toMatchObject({ first: '2026-09-07', last: '2026-11-29', frameDays: 7, count: 12 });
    expect(pressureWindow('week', '2026-11-30')).toMatchObject({ first: '2026-09-14', last: '2026-12-06' });
    expect(pressureWindow('day', '2026-03-01')).toMatchObject({ first: '2025-12-08', last: '2026-03-01', frameDays: 1, count: 84 });
  });
});
