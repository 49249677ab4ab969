import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays, apiTokensMessages, calendarFeedMessages as msg, todayIn, utcDate } from '@verdant/contract';
import { makeUser, type TestUser } from '../../test/factories.js';
import { makeTemplate } from '../../test/fixtures/form-responses.test-kit.js';
import { makePlace, type ScoutedPlace } from '../../test/fixtures/unresolved-problems.fixtures.js';
import { a, b, t, useTwoTenants, type Tenant } from '../../test/two-tenants.js';

useTwoTenants();

type Auth = Record<string, string>;
const post = (path: string, auth: Auth, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api${path}`, headers: auth, payload });
const feedOf = async (tenant: Tenant, auth: Auth) => (await t.app.inject({ method: 'GET', url: '/api/get_calendar_feed', headers: auth, query: { company_id: String(tenant.companyId) } })).json();
const regenerate = async (tenant: Tenant, user: TestUser) => {
  const res = await post('/regenerate_calendar_feed', user.auth, { company_id: tenant.companyId });
  expect(res.statusCode).toBe(200);
  return res.json().feed.url as string;
};
/** The feed as a calendar app fetches it: the path of its address, no credentials. */
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

const ids = { n: 0 };
async function scoutedIn(tenant: Tenant, user: TestUser, place: ScoutedPlace) {
  const form = await makeTemplate(t.app, tenant.companyId, `Scouting ${++ids.n}`, 'Scouting', [['Notes', 'text', [], false]]);
  await t.app.db.insertInto('form_responses').values({
    company_id: tenant.companyId, template_id: form.templateId, submitted_by: user.user_id, submitted_at: new Date(), observed_at: new Date(),
    room_id: place.roomId, grid_id: place.gridId, grid_box_id: place.box(0, 0),
  }).execute();
}
async function taskFor(tenant: Tenant, user: TestUser, title: string, due: string, status = 'open', place?: ScoutedPlace) {
  const form = await makeTemplate(t.app, tenant.companyId, `Task form ${++ids.n}`, 'Task', [['What', 'text', [], true], ['Due date', 'date', [], false]]);
  const r = await t.app.db.insertInto('form_responses').values({
    company_id: tenant.companyId, template_id: form.templateId, submitted_by: tenant.admin.user_id, submitted_at: new Date(), observed_at: new Date(),
    room_id: place?.roomId ?? null, status,
  }).returning('response_id').executeTakeFirstOrThrow();
  await t.app.db.insertInto('field_responses').values([
    { company_id: tenant.companyId, response_id: r.response_id, field_id: form.field.What!, input_data: 'answer' },
    { company_id: tenant.companyId, response_id: r.response_id, field_id: form.field['Due date']!, input_data: due },
  ]).execute();
  await t.app.db.insertInto('tasks').values({ company_id: tenant.companyId, response_id: r.response_id, title, assignee_id: user.user_id, updated_at: new Date() }).execute();
  return r.response_id;
}
async function recurringFor(tenant: Tenant, user: TestUser, title: string, weekdays: number[]) {
  const form = await makeTemplate(t.app, tenant.companyId, `Recurring form ${++ids.n}`, 'Task', [['What', 'text', [], true]]);
  const row = await t.app.db.insertInto('task_templates').values({
    company_id: tenant.companyId, template_id: form.templateId, title, assignee_id: user.user_id, frequency: 'weekdays',
    weekdays: JSON.stringify(weekdays), time_of_day: '07:30', created_at: new Date(), updated_at: new Date(),
  }).returning('task_template_id').executeTakeFirstOrThrow();
  return row.task_template_id;
}
async function sprayed(tenant: Tenant, place: ScoutedPlace, product: string, reentryHours: number, phiDays: number) {
  const p = await t.app.db.insertInto('spray_products').values({ company_id: tenant.companyId, name: product, created_at: new Date(), updated_at: new Date() })
    .returning('product_id').executeTakeFirstOrThrow();
  const now = new Date();
  const a = await t.app.db.insertInto('treatment_applications').values({
    company_id: tenant.companyId, product_id: p.product_id, application_date: utcDate(now), applied_at: now, quantity_used: 1,
    reentry_until: new Date(now.getTime() + reentryHours * 3_600_000), preharvest_until: addDays(utcDate(now), phiDays), created_at: now,
  }).returning('application_id').executeTakeFirstOrThrow();
  await t.app.db.insertInto('treatment_application_boxes').values({ application_id: a.application_id, grid_box_id: place.box(1, 1) }).execute();
  return a.application_id;
}

interface ParsedEvent { uid: string; summary: string; start: ICAL.Time; end: ICAL.Time | null; stamp: ICAL.Time | null; location: string | null }
function parse(body: string): { name: string; events: ParsedEvent[] } {
  const cal = new ICAL.Component(ICAL.parse(body));
  expect(cal.name).toBe('vcalendar');
  expect(cal.getFirstPropertyValue('version')).toBe('2.0');
  expect(cal.getFirstPropertyValue('prodid')).toBeTruthy();
  const events = cal.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    return { uid: e.uid, summary: e.summary, start: e.startDate, end: e.endDate, stamp: c.getFirstPropertyValue('dtstamp') as ICAL.Time | null, location: e.location };
  });
  return { name: String(cal.getFirstPropertyValue('x-wr-calname')), events };
}

describe('calendar feed', () => {
  it('is off until made; the address answers RFC 5545 text/calendar with the tasks, recurring tasks and interval ends of the rooms one works in', async () => {
    const scout = await makeUser(t.app, a.companyId, 'Regular');
    expect((await feedOf(a, scout.auth)).feed).toEqual({ url: null, created_at: null });
    const url = await regenerate(a, scout);
    expect(url).toMatch(new RegExp(`^${t.app.config.publicUrl}/api/calendar_feed/vcal_${a.companyId}_${scout.user_id}_[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await feedOf(a, scout.auth)).feed.url).toBe(url);

    const mine = await makePlace(t.app, a.companyId, 2, 2, 'Propagation; bay 1, east');
    const notMine = await makePlace(t.app, a.companyId, 2, 2, 'Mother plants');
    await scoutedIn(a, scout, mine);
    const today = todayIn('UTC');
    const longTitle = `Check the drip lines in every row, clean the filters and note which emitters are blocked (${'é'.repeat(20)})`;
    const task = await taskFor(a, scout, longTitle, addDays(today, 3), 'open', mine);
    await taskFor(a, scout, 'Done already', addDays(today, 2), 'done');
    await taskFor(a, scout, 'Long ago', addDays(today, -40));
    const recurring = await recurringFor(a, scout, 'Sticky trap count', [1, 4]);
    const inMine = await sprayed(a, mine, 'Conserve', 24, 3);
    const elsewhere = await sprayed(a, notMine, 'Floramite', 12, 7);

    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // Every line ends CRLF and holds at most 75 octets.
    expect(res.body.endsWith('\r\n')).toBe(true);
    for (const line of res.body.slice(0, -2).split('\r\n')) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    }
    const { name, events } = parse(res.body);
    expect(name).toBe('Verdant — Test Regular');
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    for (const e of events) expect(e.stamp, e.uid).toBeTruthy();

    const due = byUid.get(`task-${task}@company-${a.companyId}.verdant`)!;
    expect(due.summary).toBe(`Task due: ${longTitle}`);
    expect(due.start.isDate).toBe(true);
    expect(due.start.toString()).toBe(addDays(today, 3));
    expect(due.location).toBe('Propagation; bay 1, east');
    expect(events.some((e) => e.summary.includes('Done already') || e.summary.includes('Long ago'))).toBe(false);

    const occurrences = events.filter((e) => e.uid.startsWith(`recurring-task-${recurring}-`));
    expect(occurrences.length).toBeGreaterThanOrEqual(11);
    for (const o of occurrences) {
      expect([1, 4]).toContain(o.start.dayOfWeek(ICAL.Time.MONDAY));
      expect(o.start.toJSDate().toISOString().slice(11, 16)).toBe('07:30');
      expect(o.summary).toBe('Recurring task: Sticky trap count');
    }

    const reentry = byUid.get(`reentry-${inMine}@company-${a.companyId}.verdant`)!;
    expect(reentry.summary).toBe('No entry (re-entry interval): Conserve — Propagation; bay 1, east');
    expect(reentry.end!.toJSDate().getTime() - reentry.start.toJSDate().getTime()).toBeGreaterThan(23 * 3_600_000);
    const phi = byUid.get(`preharvest-${inMine}@company-${a.companyId}.verdant`)!;
    expect(phi.start.toString()).toBe(addDays(utcDate(), 3));
    // Another room's spraying is not in this person's feed.
    const otherRoom = [`reentry-${elsewhere}@company-${a.companyId}.verdant`, `preharvest-${elsewhere}@company-${a.companyId}.verdant`];
    expect(events.filter((e) => otherRoom.includes(e.uid))).toEqual([]);

    // The same data gives the same UIDs and stamps on the next fetch.
    const again = parse((await fetchFeed(url)).body).events;
    expect(again.map((e) => `${e.uid} ${e.stamp}`)).toEqual(events.map((e) => `${e.uid} ${e.stamp}`));
  });

  it("shows every room's interval ends to someone who has worked in none yet", async () => {
    const newcomer = await makeUser(t.app, a.companyId, 'Regular');
    const place = await makePlace(t.app, a.companyId, 2, 2, 'Flowering');
    const app = await sprayed(a, place, 'Vertimec', 48, 10);
    const { events } = parse((await fetchFeed(await regenerate(a, newcomer))).body);
    expect(events.map((e) => e.uid)).toEqual(expect.arrayContaining([`reentry-${app}@company-${a.companyId}.verdant`, `preharvest-${app}@company-${a.companyId}.verdant`]));
  });

  it('regenerating refuses the old address at once; turning it off refuses the address; a tampered or unknown one is 404', async () => {
    const u = await makeUser(t.app, a.companyId, 'Admin');
    const first = await regenerate(a, u);
    const second = await regenerate(a, u);
    expect(second).not.toBe(first);
    const old = await fetchFeed(first);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(msg.notFound);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    const tampered = second.replace(/(.)\.ics$/, (_m, c: string) => `${c === 'A' ? 'B' : 'A'}.ics`);
    expect(tampered).not.toBe(second);
    expect((await fetchFeed(tampered)).statusCode).toBe(404);
    for (const bad of ['/api/calendar_feed/nope', `/api/calendar_feed/vcal_${a.companyId}_99999999999_${'a'.repeat(43)}.ics`, '/api/calendar_feed/%00']) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect([400, 404], bad).toContain(res.statusCode);
    }

    const off = await post('/revoke_calendar_feed', u.auth, { company_id: a.companyId });
    expect(off.json()).toEqual({ status: 'success', message: msg.revoked, feed: { url: null, created_at: null } });
    expect((await fetchFeed(second)).statusCode).toBe(404);
    const events = await t.app.db.selectFrom('audit_events').select('action').where('user_id', '=', u.user_id).where('action', 'like', 'calendar_feed.%').execute();
    expect(events.map((e) => e.action).sort()).toEqual(['calendar_feed.regenerated', 'calendar_feed.regenerated', 'calendar_feed.revoked']);
  });

  it("refuses a deactivated owner's feed", async () => {
    const u = await makeUser(t.app, a.companyId, 'Regular');
    const url = await regenerate(a, u);
    await t.app.db.updateTable('users').set({ active: false }).where('user_id', '=', u.user_id).execute();
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });

  it("names another company's company_id 403, and no API token reaches the feed's address", async () => {
    expect((await post('/regenerate_calendar_feed', a.admin.auth, { company_id: b.companyId })).statusCode).toBe(403);
    expect((await post('/revoke_calendar_feed', a.admin.auth, { company_id: b.companyId })).statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'GET', url: '/api/get_calendar_feed', headers: a.admin.auth, query: { company_id: String(b.companyId) } });
    expect(wrong.statusCode).toBe(403);
    const missing = await post('/regenerate_calendar_feed', a.admin.auth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('company_id');
    const made = (await post('/create_api_token', a.admin.auth, { company_id: a.companyId, name: 'feed reader', scope: 'all' })).json();
    const viaToken = await t.app.inject({ method: 'GET', url: '/api/get_calendar_feed', headers: { authorization: `Bearer ${made.token}` }, query: { company_id: String(a.companyId) } });
    expect(viaToken.statusCode).toBe(403);
    expect(viaToken.json().message).toBe(apiTokensMessages.sessionOnly);
  });

  it("each person's feed is their own: B's regular cannot see or change A's", async () => {
    const url = await regenerate(a, a.regular);
    expect((await feedOf(b, b.regular.auth)).feed.url).toBeNull();
    await regenerate(b, b.regular);
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });
});
