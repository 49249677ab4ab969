import { describe, expect, it } from 'vitest';
import { makeRoom } from '../../../testing/room-fixtures';
import { linkTarget, placeName, placeWhere, readScannedLink, resolvePlace } from '../lib/place-link';

const ORIGIN = 'https://grow.example.com';

describe('reading a scanned code', () => {
  it('takes our own place and batch links', () => {
    expect(readScannedLink(`${ORIGIN}/dashboard/place/box/2100005`, ORIGIN)).toEqual({ type: 'place', place: { kind: 'box', id: 2100005 } });
    expect(readScannedLink(` ${ORIGIN}/dashboard/place/grid/21/ `, ORIGIN)).toEqual({ type: 'place', place: { kind: 'grid', id: 21 } });
    expect(readScannedLink(`${ORIGIN}/dashboard/place/tray/5?x=1`, ORIGIN)).toEqual({ type: 'place', place: { kind: 'tray', id: 5 } });
    expect(readScannedLink(`${ORIGIN}/dashboard/batch-info/9`, ORIGIN)).toEqual({ type: 'batch', batchId: 9 });
  });

  it('shows anything else as foreign, never as a place: other hosts, other paths, bad ids, plain text', () => {
    for (const text of [
      'https://evil.example.net/dashboard/place/box/12',
      'http://grow.example.com/dashboard/place/box/12',
      `${ORIGIN}.evil.net/dashboard/place/box/12`,
      `${ORIGIN}/dashboard/place/plant/12`,
      `${ORIGIN}/dashboard/place/box/0`,
      `${ORIGIN}/dashboard/place/box/99999999999`,
      `${ORIGIN}/dashboard/place/box/12/extra`,
      `${ORIGIN}/x/dashboard/place/box/12`,
      'javascript:alert(1)',
      'Box 12',
    ]) {
      const link = readScannedLink(text, ORIGIN);
      expect(link, text).toEqual({ type: 'foreign', text });
      expect(linkTarget(link)).toBeNull();
    }
  });

  it('leads a place or batch to its page in the app', () => {
    expect(linkTarget({ type: 'place', place: { kind: 'room', id: 11 } })).toBe('/dashboard/place/room/11');
    expect(linkTarget({ type: 'batch', batchId: 9 })).toBe('/dashboard/batch-info/9');
  });
});

describe('resolving a place', () => {
  const rooms = [makeRoom({ nx: 4, ny: 3 }), makeRoom({ roomId: 12, gridId: 22, nx: 2, ny: 2, name: 'Bay 2' })];
  const tray = { tray_id: 5, tray_name: 'Cuttings 1', number_of_plants: 24, batch_id: 2, batch_number: 'B-17', template_id: null, template_name: null, created_by: 7, created_at: '', updated_at: '' };

  it('finds boxes, grids, rooms and trays of the company, with the names their labels carry', () => {
    const box = resolvePlace({ kind: 'box', id: 2100002 }, rooms)!;
    expect(box.kind).toBe('box');
    expect([placeName(box), placeWhere(box)]).toEqual(['Mother A', 'Bay 1 › Grid A']);
    const plain = resolvePlace({ kind: 'box', id: 2200004 }, rooms)!;
    expect([placeName(plain), placeWhere(plain)]).toEqual(['2,2', 'Bay 2 › Grid A']);
    const grid = resolvePlace({ kind: 'grid', id: 22 }, rooms)!;
    expect([placeName(grid), placeWhere(grid)]).toEqual(['Grid A', 'Bay 2']);
    expect(placeName(resolvePlace({ kind: 'room', id: 12 }, rooms)!)).toBe('Bay 2');
    const t = resolvePlace({ kind: 'tray', id: 5 }, rooms, [tray])!;
    expect([placeName(t), placeWhere(t)]).toEqual(['Cuttings 1', 'B-17']);
  });

  it("answers null for a place the company does not have (another company's label, a deleted box)", () => {
    expect(resolvePlace({ kind: 'box', id: 3100001 }, rooms)).toBeNull();
    expect(resolvePlace({ kind: 'room', id: 21 }, rooms)).toBeNull();
    expect(resolvePlace({ kind: 'grid', id: 11 }, rooms)).toBeNull();
    expect(resolvePlace({ kind: 'tray', id: 6 }, rooms, [tray])).toBeNull();
  });
});
