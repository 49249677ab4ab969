import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { tasksEndpoints } from '@verdant/contract';
import { makeFacility, type FacilityFixture } from '../../test/fixtures/sub-gridboxes.fixtures.js';
import { a, b, t, useTwoTenants } from '../../test/two-tenants.js';

// Issue 22: a task assigned in a treated area before the re-entry interval ends is flagged (no_entry_until).
useTwoTenants();

let place: FacilityFixture;
let elsewhere: FacilityFixture;
let form: number;

/** A task of the company's task form at a place (box, grid or room), assigned to the regular user. */
async function taskAt(where: { room_id?: number; grid_id?: number; grid_box_id?: number }) {
  const made = await sql<{ response_id: number }>`
    INSERT INTO form_responses (company_id, template_id, submitted_by, submitted_at, observed_at, room_id, grid_id, grid_box_id)
    VALUES (${a.companyId}, ${form}, ${a.regular.user_id}, now(), now(), ${where.room_id ?? null}, ${where.grid_id ?? null}, ${where.grid_box_id ?? null})
    RETURNING response_id`.execute(t.app.db);
  const id = made.rows[0]!.response_id;
  await sql`INSERT INTO tasks (response_id, company_id, title, assignee_id, updated_by) VALUES (${id}, ${a.companyId}, ${`Task ${id}`}, ${a.regular.user_id}, ${a.regular.user_id})`.execute(t.app.db);
  return id;
}

beforeAll(async () => {
  place = await makeFacility(t.app, a.companyId, { roomName: 'Treated', nx: 2, ny: 1 });
  elsewhere = await makeFacility(t.app, a.companyId, { roomName: 'Clean', nx: 1, ny: 1 });
  form = (await sql<{ template_id: number }>`INSERT INTO form_templates (company_id, template_name, form_category) VALUES (${a.companyId}, 'Task', 'Task') RETURNING template_id`.execute(t.app.db)).rows[0]!.template_id;
  await t.app.db.insertInto('spray_products').values({
    company_id: a.companyId, name: 'Closer', details: null, reentry_interval_hours: 24, preharvest_interval_days: null, created_by: null, created_at: new Date(), updated_at: new Date(),
  }).execute();
});

describe('tasks in a treated area', () => {
  it('flags tasks on a treated box, its grid or its room until the interval ends; not elsewhere, not another company', async () => {
    const onBox = await taskAt({ grid_box_id: place.box(1, 1), grid_id: place.gridId, room_id: place.roomId });
    const otherBox = await taskAt({ grid_box_id: place.box(2, 1), grid_id: place.gridId, room_id: place.roomId });
    const onGrid = await taskAt({ grid_id: place.gridId, room_id: place.roomId });
    const inRoom = await taskAt({ room_id: place.roomId });
    const clean = await taskAt({ room_id: elsewhere.roomId });
    const nowhere = await taskAt({});
    const form = new FormData();
    for (const [k, v] of Object.entries({ ApplicationDate: new Date().toISOString(), ProductName: 'Closer', QuantityUsed: '1', Grid_boxIDs: JSON.stringify([place.box(1, 1)]) })) form.append(k, v);
    const applied = await t.app.inject({ method: 'POST', url: '/api/link_treatment_products_gridboxes', headers: a.regular.auth, payload: form });
    expect(applied.statusCode, applied.body).toBe(200);
    const until = applied.json().application.reentry_until as string;

    const res = await t.app.inject({ method: 'GET', url: '/api/get_tasks', headers: a.regular.auth, query: { user_id: String(a.regular.user_id) } });
    expect(res.statusCode, res.body).toBe(200);
    const tasks = tasksEndpoints.getTasks.response.parse(res.json()).tasks;
    const flag = (id: number) => tasks.find((x) => x.task_id === id)?.no_entry_until;
    expect([flag(onBox), flag(onGrid), flag(inRoom)]).toEqual([until, until, until]);
    expect([flag(otherBox), flag(clean), flag(nowhere)]).toEqual([null, null, null]);

    // The board answers it too; once the interval has ended the flag is gone.
    const board = await t.app.inject({ method: 'GET', url: '/api/get_task_form_responses', headers: a.admin.auth, query: { CompanyID: String(a.companyId) } });
    expect(board.json().responses.find((x: { task_id: number }) => x.task_id === onBox).no_entry_until).toBe(until);
    await sql`UPDATE treatment_applications SET reentry_until = now() - interval '1 minute' WHERE company_id = ${a.companyId}`.execute(t.app.db);
    const later = await t.app.inject({ method: 'GET', url: '/api/get_tasks', headers: a.regular.auth, query: { user_id: String(a.regular.user_id) } });
    expect(later.json().tasks.find((x: { task_id: number }) => x.task_id === onBox).no_entry_until).toBeNull();
    // Another company's task list is its own.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/get_tasks', headers: b.regular.auth, query: { user_id: String(b.regular.user_id) } });
    expect(theirs.json().tasks).toEqual([]);
  });
});
