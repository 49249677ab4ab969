import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, roomsEndpoints } from '@verdant/contract';
import { buildApp } from '../../app.js';
import { parseEnv } from '../../config/env.js';
import { openScratchDatabase } from '../../db/scratch-database.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeTenant } from '../../test/factories.js';
import { facilityKit, type Tenant } from '../../test/fixtures/facility-test-kit.js';
import { roomTreeJson } from './room-tree.sql.js';
import { roomTexts, RoomTextCache } from './room-texts.js';

/**
 * load_room_grids_boxes with rooms' texts kept per room version (docs/decisions.md, "Facility answers kept
 * per room"): every kind of write shows on the next read, a write to one room rebuilds that room only, the
 * ETag gives a 304, a consultant still gets only their room, and two API processes never serve stale.
 */
let t: TestApp;
let a: Tenant;
let roomA: number;
let roomB: number;
const kit = facilityKit(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTenant(t.app);
  roomA = await kit.room(a, 'Room A');
  roomB = await kit.room(a, 'Room B');
  await kit.grid(a, roomA, 3, 2, 'A1');
  await kit.grid(a, roomB, 2, 2, 'B1');
});
afterAll(() => t.close());

type Answer = { rooms: Array<{ RoomID: number; Name: string; grids: Array<{ id: number; Name: string; grid_boxes: Array<Record<string, unknown>> }> }> };

/** The whole facility as the API answers it, checked equal to the one-statement query read now. */
async function facility(app = t.app, tenant = a): Promise<Answer> {
  const res = await app.inject({ method: 'GET', url: `/api/load_room_grids_boxes?company_id=${tenant.companyId}`, headers: tenant.regular.auth });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const body = JSON.parse(res.body) as Answer;
  const ref = await sql<{ rooms: unknown }>`SELECT ${roomTreeJson(tenant.companyId, null)} AS rooms`.execute(app.db);
  expect(body.rooms).toEqual(ref.rows[0]!.rooms);
  return body;
}

const builds = () => roomTexts(t.app).stats.builds;
const boxesOf = (answer: Answer, roomId: number) => answer.rooms.find((r) => r.RoomID === roomId)!.grids.flatMap((g) => g.grid_boxes);
const firstBox = async (roomId: number) =>
  (await sql<{ id: number }>`SELECT b.grid_box_id AS id FROM grid_boxes b JOIN room_grid rg ON rg.grid_id = b.grid_id
    WHERE rg.room_id = ${roomId} ORDER BY b.grid_box_id LIMIT 1`.execute(t.app.db)).rows[0]!.id;

/** Runs a write, reads the facility, and answers how many rooms were built for that read. */
async function afterWrite(write: () => Promise<unknown>) {
  await facility();
  const before = builds();
  await write();
  const answer = await facility();
  return { answer, built: builds() - before };
}

describe('load_room_grids_boxes kept per room', () => {
  it('serves a second read from the kept texts, building nothing', async () => {
    await facility();
    const before = builds();
    await facility();
    expect(builds() - before).toBe(0);
  });

  it('shows every kind of write on the next read, rebuilding only the room written to', async () => {
    const boxA = await firstBox(roomA);
    const db = t.app.db;

    let r = await afterWrite(() => sql`UPDATE rooms SET name = 'Room A renamed' WHERE room_id = ${roomA}`.execute(db));
    expect(r.answer.rooms.find((x) => x.RoomID === roomA)!.Name).toBe('Room A renamed');
    expect(r.built).toBe(1);

    r = await afterWrite(() => sql`UPDATE grid_boxes SET status = 'Problem', color = '#ff0000' WHERE grid_box_id = ${boxA}`.execute(db));
    expect(boxesOf(r.answer, roomA).find((b) => b.id === boxA)).toMatchObject({ Status: 'Problem', Color: '#ff0000' });
    expect(r.built).toBe(1);

    r = await afterWrite(() => kit.formPost('/update_grid_box_name', a.regular.auth, { GridBoxID: boxA, custom_name: 'North corner' }));
    expect(boxesOf(r.answer, roomA).find((b) => b.id === boxA)!.CustomName).toBe('North corner');
    expect(r.built).toBe(1);

    r = await afterWrite(() => kit.grid(a, roomA, 1, 2, 'A2'));
    expect(r.answer.rooms.find((x) => x.RoomID === roomA)!.grids.map((g) => g.Name)).toEqual(['A1', 'A2']);
    expect(r.built).toBe(1);

    r = await afterWrite(() => sql`UPDATE grids SET name = 'A1 bench' WHERE name = 'A1' AND company_id = ${a.companyId}`.execute(db));
    expect(r.answer.rooms.find((x) => x.RoomID === roomA)!.grids[0]!.Name).toBe('A1 bench');
    expect(r.built).toBe(1);

    // Sub-boxes made by the endpoint, then one deleted (soft) and a plant taken out of another, by hand.
    r = await afterWrite(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/create_sub_gridboxes?parent_gridbox_id=${boxA}&user_id=${a.regular.user_id}&nx=2&ny=1`,
        headers: a.regular.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(boxesOf(r.answer, roomA).find((b) => b.id === boxA)).toMatchObject({ SubGridboxCount: 2, PlantCount: 2 });
    expect(r.built).toBe(1);
    r = await afterWrite(() => sql`UPDATE sub_gridboxes SET deleted_at = now() WHERE sub_gridbox_id = (SELECT min(sub_gridbox_id) FROM sub_gridboxes WHERE parent_gridbox_id = ${boxA})`.execute(db));
    expect(boxesOf(r.answer, roomA).find((b) => b.id === boxA)).toMatchObject({ SubGridboxCount: 1, PlantCount: 1 });
    r = await afterWrite(() => sql`UPDATE sub_gridboxes SET plant_id = NULL WHERE parent_gridbox_id = ${boxA} AND deleted_at IS NULL`.execute(db));
    expect(boxesOf(r.answer, roomA).find((b) => b.id === boxA)).toMatchObject({ SubGridboxCount: 1, PlantCount: 0 });
    expect(r.built).toBe(1);
    // A sub-box's own fields are not in the room's text: its room is not rebuilt.
    r = await afterWrite(() => sql`UPDATE sub_gridboxes SET custom_name = 'Left' WHERE parent_gridbox_id = ${boxA}`.execute(db));
    expect(r.built).toBe(0);

    // A re-entry interval on a box of A shows; its end by time alone (moved into the past with the
    // triggers off, as the clock would) is seen too, though no version moved.
    const until = new Date(Date.now() + DAY_MS);
    let application = 0;
    r = await afterWrite(async () => {
      const product = await sql<{ id: number }>`INSERT INTO spray_products (company_id, name, reentry_interval_hours) VALUES (${a.companyId}, 'Spinosad', 24) RETURNING product_id AS id`.execute(db);
      application = (await sql<{ id: number }>`INSERT INTO treatment_applications (company_id, product_id, application_date, quantity_used, reentry_until)
        VALUES (${a.companyId}, ${product.rows[0]!.id}, current_date, 1, ${until}) RETURNING application_id AS id`.execute(db)).rows[0]!.id;
      await sql`INSERT INTO treatment_application_boxes (application_id, grid_box_id) VALUES (${application}, ${boxA})`.execute(db);
    });
    expect(boxesOf(r.answer, roomA).find((b) => b.id === boxA)!.NoEntryUntil).toBe(until.toISOString());
    r = await afterWrite(async () => {
      await db.connection().execute(async (conn) => {
        await sql`SET session_replication_role = replica`.execute(conn);
        await sql`UPDATE treatment_applications SET reentry_until = now() - interval '1 minute' WHERE application_id = ${application}`.execute(conn);
        await sql`RESET session_replication_role`.execute(conn);
      });
    });
    expect(boxesOf(r.answer, roomA).find((b) => b.id === boxA)).not.toHaveProperty('NoEntryUntil');
    // The company's running intervals changed: both rooms are built again (rare: an interval ends).
    expect(r.built).toBe(2);
    r = await afterWrite(() => sql`UPDATE treatment_applications SET reentry_until = ${until} WHERE application_id = ${application}`.execute(db));
    expect(boxesOf(r.answer, roomA).find((b) => b.id === boxA)!.NoEntryUntil).toBe(until.toISOString());

    // A box deleted, a grid taken out of the room, a room added and a room deleted through the endpoint.
    r = await afterWrite(() => sql`DELETE FROM grid_boxes WHERE grid_box_id = ${boxA}`.execute(db));
    expect(boxesOf(r.answer, roomA).some((b) => b.id === boxA)).toBe(false);
    expect(r.built).toBe(1);
    r = await afterWrite(() => sql`DELETE FROM room_grid WHERE room_id = ${roomA} AND grid_id = (SELECT max(grid_id) FROM room_grid WHERE room_id = ${roomA})`.execute(db));
    expect(r.answer.rooms.find((x) => x.RoomID === roomA)!.grids.map((g) => g.Name)).toEqual(['A1 bench']);
    expect(r.built).toBe(1);
    let roomC = 0;
    r = await afterWrite(async () => (roomC = await kit.room(a, 'Room C')));
    expect(r.answer.rooms.map((x) => x.RoomID)).toEqual([roomA, roomB, roomC]);
    expect(r.built).toBe(1);
    r = await afterWrite(async () => expect((await kit.call('DELETE', '/delete_room', a.admin.auth, { room_id: roomC })).statusCode).toBe(200));
    expect(r.answer.rooms.map((x) => x.RoomID)).toEqual([roomA, roomB]);
    expect(r.built).toBe(0);
  }, 60_000);

  it('answers 304 to a device holding the answer, and a new ETag after a write', async () => {
    const url = `/api/load_room_grids_boxes?company_id=${a.companyId}`;
    const first = await t.app.inject({ method: 'GET', url, headers: a.regular.auth });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"r[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { ...a.regular.auth, 'if-none-match': etag } });
    expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, '', etag]);
    // Another tenant asking with that ETag gets its own answer (403 here: not its company).
    const b = await makeTenant(t.app);
    expect((await t.app.inject({ method: 'GET', url, headers: { ...b.regular.auth, 'if-none-match': etag } })).statusCode).toBe(403);
    // One room has its own ETag.
    const one = await t.app.inject({ method: 'GET', url: `${url}&room_id=${roomB}`, headers: { ...a.regular.auth, 'if-none-match': etag } });
    expect(one.statusCode).toBe(200);
    expect(one.headers.etag).not.toBe(etag);

    await sql`UPDATE rooms SET description = 'east side' WHERE room_id = ${roomB}`.execute(t.app.db);
    const changed = await t.app.inject({ method: 'GET', url, headers: { ...a.regular.auth, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body).rooms.find((r: { RoomID: number }) => r.RoomID === roomB).Description).toBe('east side');
  });

  it('gives a consultant only their room, from the company’s kept texts', async () => {
    await facility();
    const invite = await kit.call('POST', '/invite_consultant', a.admin.auth, {}, { company_id: a.companyId, email: 'iris@example.com', name: 'Iris Adviser', room_ids: [roomB] });
    expect(invite.statusCode, invite.body).toBe(200);
    const signUp = await kit.call('POST', '/Create_new_user', {}, {}, {
      first_name: 'Iris', last_name: 'Adviser', email: 'iris@example.com', password: 'Lacewing larvae 2026!', invite_token: invite.json().invite_token,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const consultant = { authorization: `Bearer ${signUp.json().data.access_token}` };
    const before = builds();
    const own = await kit.call('GET', '/load_room_grids_boxes', consultant, { company_id: a.companyId, room_id: roomB });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().rooms.map((r: { RoomID: number }) => r.RoomID)).toEqual([roomB]);
    expect(builds() - before).toBe(0);
    const staffEtag = String((await kit.call('GET', '/load_room_grids_boxes', a.regular.auth, { company_id: a.companyId })).headers.etag);
    const other = await t.app.inject({
      method: 'GET', url: `/api/load_room_grids_boxes?company_id=${a.companyId}&room_id=${roomA}`, headers: { ...consultant, 'if-none-match': staffEtag },
    });
    expect(other.statusCode).toBe(404);
    const all = await t.app.inject({ method: 'GET', url: `/api/load_room_grids_boxes?company_id=${a.companyId}`, headers: { ...consultant, 'if-none-match': staffEtag } });
    expect(all.statusCode).toBe(403);
  });
});

describe('load_room_grids_boxes compressed from kept texts', () => {
  it('sends the same bytes once decompressed, compressing an unchanged answer once', async () => {
    // As in production: answers are not joined and checked by the routes layer.
    const p = await buildTestApp({ validateResponses: false });
    try {
      const tenant = await makeTenant(p.app);
      const k = facilityKit(() => p.app);
      const room = await k.room(tenant, 'Packed');
      await k.grid(tenant, room, 30, 20);
      const url = `/api/load_room_grids_boxes?company_id=${tenant.companyId}`;
      const read = async (encoding: string) => {
        const res = await p.app.inject({ method: 'GET', url, headers: { ...tenant.regular.auth, 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding.startsWith('br') ? 'br' : 'gzip');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const text = (encoding.startsWith('br') ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload)).toString('utf8');
        const ref = await sql<{ rooms: unknown }>`SELECT ${roomTreeJson(tenant.companyId, null)} AS rooms`.execute(p.app.db);
        expect(JSON.parse(text)).toEqual({ status: 'success', rooms: ref.rows[0]!.rooms });
        return text;
      };
      const stats = roomTexts(p.app).stats;
      const cold = await read('br'); // built and streamed through the plugin's compressor
      expect([stats.builds, stats.packedHits]).toEqual([1, 0]);
      expect(await read('gzip, br;q=0')).toBe(cold); // kept: compressed here once
      expect(await read('br, gzip')).toBe(cold);
      expect(await read('br')).toBe(cold);
      expect(await read('gzip')).toBe(cold);
      expect([stats.builds, stats.packedHits]).toEqual([1, 2]);
      await sql`UPDATE rooms SET name = 'Packed again' WHERE room_id = ${room}`.execute(p.app.db);
      expect(await read('br')).toContain('"Name":"Packed again"');
      expect(await read('br')).toContain('"Name":"Packed again"');
      expect([stats.builds, stats.packedHits]).toEqual([2, 2]);
    } finally {
      await p.close();
    }
  }, 60_000);
});

describe('RoomTextCache', () => {
  it('keeps texts by exact version and running intervals, and drops the least recently used past its bound', () => {
    const cache = new RoomTextCache(8 * 1000);
    const key = { version: '7', running: '' };
    cache.set(1, 1, key, 'a'.repeat(900));
    expect(cache.get(1, 1, key)).toHaveLength(900);
    expect(cache.get(1, 1, { version: '8', running: '' })).toBeUndefined();
    expect(cache.get(1, 1, { version: '7', running: '3@2026-12-01T00:00:00.000Z' })).toBeUndefined();
    expect(cache.get(2, 1, key)).toBeUndefined();
    for (let room = 2; room <= 8; room++) cache.set(1, room, key, 'b'.repeat(900));
    cache.get(1, 1, key);
    cache.set(1, 9, key, 'c'.repeat(900));
    cache.set(1, 10, key, 'c'.repeat(900));
    // 10 × 900 bytes over an 8,000-byte bound: the least recently used (rooms 2 and 3) went, room 1 (read since) stayed.
    expect(cache.size).toEqual({ rooms: 8, bytes: 7200 });
    expect(cache.get(1, 2, key)).toBeUndefined();
    expect(cache.get(1, 3, key)).toBeUndefined();
    expect(cache.get(1, 1, key)).toBeDefined();
    // A text over an eighth of the bound is not kept.
    cache.set(1, 11, key, 'd'.repeat(1001));
    expect(cache.get(1, 11, key)).toBeUndefined();
  });
});

describe('VERDANT_ROOM_CACHE_MB', () => {
  it('bounds the kept texts (64 MB unless set; 0 keeps none)', () => {
    expect(parseEnv({}).roomCacheBytes).toBe(64 * 1024 * 1024);
    const config = parseEnv({ VERDANT_ROOM_CACHE_MB: '8' });
    expect(config.roomCacheBytes).toBe(8 * 1024 * 1024);
    expect(roomTexts({ db: t.app.db.withSchema('public'), config }).maxBytes).toBe(8 * 1024 * 1024);
    const none = new RoomTextCache(parseEnv({ VERDANT_ROOM_CACHE_MB: '0' }).roomCacheBytes);
    none.set(1, 1, { version: '1', running: '' }, '{}');
    expect(none.get(1, 1, { version: '1', running: '' })).toBeUndefined();
    expect(() => parseEnv({ VERDANT_ROOM_CACHE_MB: '-1' })).toThrow(/VERDANT_ROOM_CACHE_MB/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes on one PostgreSQL database', () => {
  it('never serves a room written through the other one stale', async () => {
    const database = await openScratchDatabase({ serverUrl: process.env.TEST_DATABASE_URL, prefix: 'verdant_test' });
    const config = () => ({
      ...parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `verdant-test-${randomBytes(4).toString('hex')}`) }),
      validateResponses: true, trustProxy: true, jwtSecret: 'kept-texts-test-secret-of-at-least-32-chars',
    });
    const one = await buildApp(config(), { database: database.target, jobs: false, logger: false });
    const two = await buildApp(config(), { database: database.target, jobs: false, logger: false });
    try {
      const tenant = await makeTenant(one);
      const k1 = facilityKit(() => one);
      const room = await k1.room(tenant, 'Shared');
      await k1.grid(tenant, room, 2, 2);
      // Both processes keep the room.
      const etag1 = String((await one.inject({ method: 'GET', url: `/api/load_room_grids_boxes?company_id=${tenant.companyId}`, headers: tenant.regular.auth })).headers.etag);
      await facility(two, tenant);
      expect(roomTexts(two).stats.builds).toBe(1);
      // A write through process two; process one answers it on its next read, and its old ETag no longer matches.
      const box = (await two.db.selectFrom('grid_boxes').select('grid_box_id').where('company_id', '=', tenant.companyId).executeTakeFirstOrThrow()).grid_box_id;
      const renamed = await facilityKit(() => two).formPost('/update_grid_box_name', tenant.regular.auth, { GridBoxID: box, custom_name: 'Seen by both' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const res = await one.inject({ method: 'GET', url: `/api/load_room_grids_boxes?company_id=${tenant.companyId}`, headers: { ...tenant.regular.auth, 'if-none-match': etag1 } });
      expect(res.statusCode).toBe(200);
      const boxes = (roomsEndpoints.loadRoomGridsBoxes.response.parse(JSON.parse(res.body))).rooms[0]!.grids[0]!.grid_boxes;
      expect(boxes.find((b) => b.id === box)!.CustomName).toBe('Seen by both');
      expect(roomTexts(one).stats.builds).toBe(2);
      await facility(one, tenant);
      await facility(two, tenant);
    } finally {
      await one.close();
      await two.close();
      await database.drop();
    }
  }, 60_000);
});
