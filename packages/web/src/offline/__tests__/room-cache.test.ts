import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { loadRoom, loadRoomGridsBoxes } from '../../api/rooms';
import { db } from '../db';
import { readRoomsFromCache, saveRoomsToCache } from '../room-cache';
import { API, server } from '../../testing/msw-server';
import { signInAs } from '../../testing/session';
import { makeRoom, setOnline } from '../../testing/room-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  signInAs({ companyId: 3 });
});

describe('room cache', () => {
  it('keeps rooms, grids, boxes and room_grid links of an online load and reads them back the same', async () => {
    const room = makeRoom();
    await saveRoomsToCache(3, [room]);
    expect(await db.rooms.count()).toBe(1);
    expect(await db.grids.count()).toBe(1);
    expect(await db.grid_boxes.count()).toBe(200);
    expect(await db.room_grid.where('[RoomID+GridID]').equals([11, 21]).count()).toBe(1);
    expect(await readRoomsFromCache(3)).toEqual([room]);
  });

  it('a full load drops rooms deleted on the server; a single-room load replaces only that room', async () => {
    await saveRoomsToCache(3, [makeRoom({ roomId: 11, gridId: 21 }), makeRoom({ roomId: 12, gridId: 22, nx: 2, ny: 2 })]);
    await saveRoomsToCache(3, [makeRoom({ roomId: 12, gridId: 23, nx: 1, ny: 1 })], { roomId: 12 });
    expect((await readRoomsFromCache(3)).map((r) => [r.RoomID, r.grids.map((g) => g.id)])).toEqual([
      [11, [21]],
      [12, [23]],
    ]);
    await saveRoomsToCache(3, [makeRoom({ roomId: 12, gridId: 23, nx: 1, ny: 1 })]);
    expect((await readRoomsFromCache(3)).map((r) => r.RoomID)).toEqual([12]);
    expect(await db.grid_boxes.count()).toBe(1);
  });

  it('refreshes the local database from every online load', async () => {
    server.use(http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.json({ status: 'success', rooms: [makeRoom()] })));
    const res = await loadRoomGridsBoxes(3);
    expect(res.fromCache).toBe(false);
    await vi.waitFor(async () => expect(await db.grid_boxes.count()).toBe(200));
  });
});

describe('offline room reads', () => {
  it('reads rooms from the local database when the browser is offline, without calling the server', async () => {
    await saveRoomsToCache(3, [makeRoom()]);
    const restore = setOnline(false);
    try {
      const res = await loadRoom(3, 11);
      expect(res.fromCache).toBe(true);
      expect(res.room.Name).toBe('Bay 1');
      expect(res.room.grids[0]!.grid_boxes).toHaveLength(200);
      expect(res.room.grids[0]!.grid_boxes.find((b) => b.X === 3 && b.Y === 1)!.culled).toBe(true);
    } finally {
      restore();
    }
  });

  it('falls back to the local database on a network error', async () => {
    await saveRoomsToCache(3, [makeRoom()]);
    server.use(http.get(`${API}/load_room_grids_boxes`, () => HttpResponse.error()));
    const res = await loadRoomGridsBoxes(3);
    expect(res).toMatchObject({ fromCache: true, rooms: [{ RoomID: 11 }] });
  });

  it("fails with 'Room data not found in local database' when the room is not on the device", async () => {
    const restore = setOnline(false);
    try {
      await expect(loadRoom(3, 99)).rejects.toThrow('Room data not found in local database');
    } finally {
      restore();
    }
  });

  it("needs both ids: 'Required parameter missing: companyID or roomID'", async () => {
    await expect(loadRoom(null, 11)).rejects.toThrow('Required parameter missing: companyID or roomID');
    await expect(loadRoom(3, undefined)).rejects.toThrow('Required parameter missing: companyID or roomID');
  });
});
