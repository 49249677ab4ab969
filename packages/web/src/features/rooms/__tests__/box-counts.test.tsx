import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { GridBox, RoomWithGrids } from '@verdant/contract';
import { renderPage } from '../../../testing/render';
import { API, server } from '../../../testing/msw-server';
import { signInAs } from '../../../testing/session';
import { makeRoom, setOnline } from '../../../testing/room-fixtures';
import { roomKeys } from '../../../api/queries/rooms';
import { ActionQueueDatabase } from '../../../offline/action-queue-store';
import { patchCachedBox, readRoomsFromCache, saveRoomsToCache } from '../../../offline/room-cache';
import { countsAfterArrival, useCreateSubBoxes, useMovePlant } from '../api/use-box';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const outbox = new ActionQueueDatabase();
const COMPANY = 3;

/**
 * A hook rendered inside the app's providers, over a query client that holds room 11 as the room page has
 * it, with box counts as the server sent them.
 */
async function setup<T>(use: () => T) {
  signInAs({ userId: 7, companyId: COMPANY });
  const hook: { current: T | null } = { current: null };
  function Probe() {
    hook.current = use();
    return null;
  }
  const { queryClient } = renderPage(<Probe />);
  // The providers open after the persisted store is read.
  await waitFor(() => expect(hook.current).not.toBeNull());
  const room = makeRoom();
  const boxes = room.grids[0]!.grid_boxes;
  // Box 1,1 holds 2 plants in 2 sub-boxes; 2,1 has 3 sub-boxes, 1 of them empty; the rest nothing.
  Object.assign(boxes[0]!, { SubGridboxCount: 2, PlantCount: 2 });
  Object.assign(boxes[1]!, { SubGridboxCount: 3, PlantCount: 2 });
  queryClient.setQueryData(roomKeys.detail(COMPANY, room.RoomID), { room, fromCache: false });
  const boxAt = (x: number, y: number): GridBox =>
    queryClient.getQueryData<{ room: RoomWithGrids }>(roomKeys.detail(COMPANY, room.RoomID))!.room.grids[0]!.grid_boxes.find((b) => b.X === x && b.Y === y)!;
  return { hook: hook as { current: T }, boxAt };
}

describe('box counts on the map follow field actions at once', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('offline, a queued plant move takes a plant from its box and puts it into the target (in a new sub-box when all are full)', async () => {
    await outbox.actions.clear();
    restore = setOnline(false);
    const { hook: result, boxAt } = await setup(() => useMovePlant(COMPANY));
    const from = boxAt(1, 1);
    const full = boxAt(4, 1);
    await act(() => result.current.mutateAsync({ plantUid: 'P-1', fromGridboxId: from.id, targetParentGridboxId: full.id, userId: 7 }));
    expect(boxAt(1, 1)).toMatchObject({ SubGridboxCount: 2, PlantCount: 1 });
    expect(boxAt(4, 1)).toMatchObject({ SubGridboxCount: 1, PlantCount: 1 });
    // Into the box with an empty sub-box: the plant fills it, no new sub-box.
    await act(() => result.current.mutateAsync({ plantUid: 'P-2', fromGridboxId: from.id, targetParentGridboxId: boxAt(2, 1).id, userId: 7 }));
    expect(boxAt(1, 1)).toMatchObject({ SubGridboxCount: 2, PlantCount: 0 });
    expect(boxAt(2, 1)).toMatchObject({ SubGridboxCount: 3, PlantCount: 3 });
    expect((await outbox.actions.toArray()).map((a) => a.endpoint)).toEqual(['movePlant', 'movePlant']);
  });

  it('offline, queued sub-boxes (with or without plants) show on their box', async () => {
    await outbox.actions.clear();
    restore = setOnline(false);
    const boxId = makeRoom().grids[0]!.grid_boxes.find((b) => b.X === 5 && b.Y === 2)!.id;
    const { hook: result, boxAt } = await setup(() => useCreateSubBoxes(COMPANY, boxId));
    await act(() => result.current.mutateAsync({ userId: 7, nx: 2, ny: 3 }));
    expect(boxAt(5, 2)).toMatchObject({ SubGridboxCount: 6, PlantCount: 6 });
    await act(() => result.current.mutateAsync({ userId: 7, nx: 1, ny: 1, autoInitializePlants: false }));
    expect(boxAt(5, 2)).toMatchObject({ SubGridboxCount: 7, PlantCount: 6 });
  });

  it("online, the server's answer counts: only the sub-boxes made, and only those given a plant", async () => {
    await outbox.actions.clear();
    restore = setOnline(true);
    const box = makeRoom().grids[0]!.grid_boxes.find((b) => b.X === 6 && b.Y === 3)!;
    const T = '2026-01-05T08:00:00.000Z';
    const made = [1, 2].map((i) => ({
      Sub_gridboxID: 900 + i, ParentGridboxID: box.id, CustomName: null, SubX: i, SubY: 1, PlantID: i === 1 ? 5 : null, plant_uid: i === 1 ? 'P-5' : null,
      Color: null, Status: null, Content: null, ImageName: null, display_name: `Sub-${i}-1`, deleted: false, CreatedDateTime: T, UpdatedDateTime: T,
    }));
    server.use(
      http.post(`${API}/create_sub_gridboxes`, () =>
        HttpResponse.json({ status: 'success', message: 'ok', parent_gridbox_id: box.id, created_count: 2, total_count: 2, max_allowed: 100, sub_gridboxes: made }),
      ),
      http.get(`${API}/get_sub_gridboxes`, () => HttpResponse.json({ status: 'error', message: 'not asked for' }, { status: 500 })),
    );
    const { hook: result, boxAt } = await setup(() => useCreateSubBoxes(COMPANY, box.id));
    await act(() => result.current.mutateAsync({ userId: 7, nx: 2, ny: 1 }));
    await waitFor(() => expect(boxAt(6, 3)).toMatchObject({ SubGridboxCount: 2, PlantCount: 1 }));
  });

  it("keeps the counts in the device's copy of the room, and reads an older copy's boxes as empty", async () => {
    const room = makeRoom({ roomId: 77, gridId: 31, nx: 2, ny: 1 });
    Object.assign(room.grids[0]!.grid_boxes[0]!, { SubGridboxCount: 4, PlantCount: 3 });
    await saveRoomsToCache(COMPANY, [room], { roomId: 77 });
    const read = async () => (await readRoomsFromCache(COMPANY, 77))[0]!.grids[0]!.grid_boxes;
    expect((await read())[0]).toMatchObject({ SubGridboxCount: 4, PlantCount: 3 });
    expect((await read())[1]).not.toHaveProperty('SubGridboxCount');
    await patchCachedBox(room.grids[0]!.grid_boxes[1]!.id, { SubGridboxCount: 1, PlantCount: 1 });
    expect((await read())[1]).toMatchObject({ SubGridboxCount: 1, PlantCount: 1 });
  });

  it('a move to a named position opens a sub-box only where there is none', () => {
    const subs = [{ SubX: 1, SubY: 1, deleted: false }, { SubX: 2, SubY: 1, deleted: false }];
    expect(countsAfterArrival({ subs: 2, plants: 1 }, { subx: 2, suby: 1 }, subs)).toEqual({ subs: 2, plants: 2 });
    expect(countsAfterArrival({ subs: 2, plants: 1 }, { subx: 3, suby: 1 }, subs)).toEqual({ subs: 3, plants: 2 });
    expect(countsAfterArrival({ subs: 0, plants: 0 }, undefined, undefined)).toEqual({ subs: 1, plants: 1 });
  });
});
