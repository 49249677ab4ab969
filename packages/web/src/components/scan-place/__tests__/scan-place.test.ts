import { describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths';
import { makeRoom } from '../../../testing/room-fixtures';
import { knownPlace, placeFromSearch, placeName, scanTypeOf } from '../scan-place';

const search = (url: string) => new URL(url, 'https://app.test').searchParams;

describe('scan place', () => {
  it('files the scan on the narrowest place picked', () => {
    expect(scanTypeOf({})).toBeNull();
    expect(scanTypeOf({ roomId: 1 })).toBe('room');
    expect(scanTypeOf({ roomId: 1, gridId: 2 })).toBe('grid');
    expect(scanTypeOf({ roomId: 1, gridId: 2, boxId: 3 })).toBe('box');
  });

  it('reads the place paths.scanAt writes, each id only under the one above it', () => {
    expect(placeFromSearch(search(paths.scanAt({ roomId: 4, gridId: 5, boxId: 6 })))).toEqual({ roomId: 4, gridId: 5, boxId: 6 });
    expect(placeFromSearch(search(paths.scanAt({ roomId: 4 })))).toEqual({ roomId: 4, gridId: undefined, boxId: undefined });
    expect(placeFromSearch(search('?grid_id=5&grid_box_id=6'))).toEqual({ roomId: undefined, gridId: undefined, boxId: undefined });
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648', '99999999999']) {
      expect(placeFromSearch(search(`?room_id=${bad}`)).roomId, bad).toBeUndefined();
    }
  });

  it('keeps of a linked place only what the company has', () => {
    const room = makeRoom({ nx: 3, ny: 1 });
    const grid = room.grids[0]!;
    const box = grid.grid_boxes.find((b) => !b.culled)!;
    const culled = grid.grid_boxes.find((b) => b.culled);
    expect(knownPlace([room], { roomId: room.RoomID, gridId: grid.id, boxId: box.id })).toEqual({ roomId: room.RoomID, gridId: grid.id, boxId: box.id });
    expect(knownPlace([room], { roomId: room.RoomID, gridId: grid.id, boxId: 424242 })).toEqual({ roomId: room.RoomID, gridId: grid.id });
    if (culled) expect(knownPlace([room], { roomId: room.RoomID, gridId: grid.id, boxId: culled.id })).toEqual({ roomId: room.RoomID, gridId: grid.id });
    expect(knownPlace([room], { roomId: room.RoomID, gridId: 777 })).toEqual({ roomId: room.RoomID });
    expect(knownPlace([room], { roomId: 999 })).toEqual({});
  });

  it('names a place as the outbox shows it', () => {
    const room = makeRoom({ nx: 3, ny: 1 });
    const grid = room.grids[0]!;
    const box = grid.grid_boxes[0]!;
    const name = placeName([room], { roomId: room.RoomID, gridId: grid.id, boxId: box.id }, (x, y) => `Box ${x}, ${y}`);
    expect(name).toBe([room.Name, grid.Name, box.CustomName || `Box ${box.X}, ${box.Y}`].join(' › '));
    expect(placeName([room], {}, () => '')).toBe('');
  });
});
