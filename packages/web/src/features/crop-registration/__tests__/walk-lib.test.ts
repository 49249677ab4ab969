import { describe, expect, it } from 'vitest';
import type { RegistrationWalk } from '@verdant/contract';
import { pressKey, typedNumber, type PadKey } from '../lib/number-pad';
import { nextToMeasure, walkEntries, type QueuedLike } from '../lib/walk';

const typeAll = (keys: string, decimals: number) => [...keys].reduce((v, k) => pressKey(v, k as PadKey, decimals), '');

describe('the number pad', () => {
  it('types a number with at most the decimals allowed, one point, no leading zeros', () => {
    expect(typeAll('17.2', 1)).toBe('17.2');
    expect(typeAll('17.25', 1)).toBe('17.2');
    expect(typeAll('12.5', 0)).toBe('125');
    expect(typeAll('.5', 1)).toBe('0.5');
    expect(typeAll('1..2', 2)).toBe('1.2');
    expect(typeAll('007', 0)).toBe('7');
    expect(pressKey('17.2', 'back', 1)).toBe('17.');
    expect(pressKey('', 'back', 1)).toBe('');
  });

  it('reads a finished number only', () => {
    expect(typedNumber('17.2')).toBe(17.2);
    expect(typedNumber('17.')).toBeNull();
    expect(typedNumber('')).toBeNull();
  });
});

const type = (type_id: number) => ({
  type_id, crop_id: 1, name: `T${type_id}`, unit: '', min: 0, max: 100, decimals: 1, how_to_measure: '', kind: 'number' as const,
  measure: null, position: type_id, is_default: false,
});
const plant = (id: number, position: number, values: Array<[number, number]> = []) => ({
  sample_plant_id: id, set_id: 1, grid_box_id: id, grid_id: 1, grid_name: 'Row A', x: id, y: 1, box_name: null, plant_id: null,
  label: `Row A ${id}/1`, position,
  values: values.map(([type_id, value]) => ({ type_id, value, out_of_range: false })),
  last_week: [{ type_id: 1, value: 11, out_of_range: false }],
  photo: id === 13 ? { image_url: '/api/image?key=a.webp', thumb_url: '/api/image?key=a-thumb.webp' } : null,
  done: values.length > 0,
});
const walk: RegistrationWalk = {
  week: '2026-11-23', planting: null, set: null, rotation_due: false, types: [type(1), type(2)],
  plants: [plant(12, 2), plant(11, 1, [[1, 10], [2, 20]]), plant(13, 3)],
  progress: { done: 1, total: 3, text: '1 of 3 plants' },
};
const queued = (sample_plant_id: number, state: QueuedLike['state'], week = '2026-11-23'): QueuedLike => ({
  endpoint: 'saveRegistration', state, input: { company_id: 3, sample_plant_id, week, values: [{ type_id: 1, value: '12.5' }, { type_id: 2, value: '17.2' }] },
});

describe('the walk as this device sees it', () => {
  it('follows the route order and counts the plants registered this week', () => {
    const entries = walkEntries(walk, []);
    expect(entries.map((e) => e.plant.sample_plant_id)).toEqual([11, 12, 13]);
    expect(entries.map((e) => e.done)).toEqual([true, false, false]);
    expect(entries[0]!.lastWeek).toEqual({ 1: 11 });
    expect(nextToMeasure(entries)).toBe(1);
  });

  it('counts what waits in the outbox (after a reload offline), not a refused one nor another week', () => {
    const entries = walkEntries(walk, [queued(12, 'waiting'), queued(13, 'refused'), queued(13, 'waiting', '2026-11-16'), { endpoint: 'addComment', state: 'waiting', input: {} }]);
    expect(entries.map((e) => [e.done, e.waiting])).toEqual([[true, false], [true, true], [false, false]]);
    expect(entries[1]!.values).toEqual({ 1: 12.5, 2: 17.2 });
    expect(nextToMeasure(entries, 2)).toBe(2);
    expect(nextToMeasure(walkEntries(walk, [queued(12, 'sent'), queued(13, 'sending')]))).toBeNull();
  });

  it('shows the photo waiting in the outbox over the server\'s, until the sent one is read back; a refused or other week\'s photo is not shown', () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    const photo = (sample_plant_id: number, state: QueuedLike['state'], week = '2026-11-23'): QueuedLike => ({
      endpoint: 'saveRegistrationPhoto', state, input: { company_id: 3, sample_plant_id, week, photo: blob },
    });
    const none = walkEntries(walk, []);
    expect(none.map((e) => e.photo)).toEqual([null, null, { imageUrl: '/api/image?key=a.webp', thumbUrl: '/api/image?key=a-thumb.webp', blob: null, waiting: false }]);

    const entries = walkEntries(walk, [photo(11, 'waiting'), photo(12, 'refused'), photo(12, 'waiting', '2026-11-16'), photo(13, 'sending')]);
    expect(entries[0]!.photo).toEqual({ imageUrl: null, thumbUrl: null, blob, waiting: true });
    expect(entries[1]!.photo).toBeNull();
    // A new photo of a plant with one on the server: the device's waits over it.
    expect(entries[2]!.photo).toEqual({ imageUrl: null, thumbUrl: null, blob, waiting: true });
    // A photo not counted as a registration: the plant is still to measure.
    expect(entries.map((e) => e.done)).toEqual([true, false, false]);

    // Sent: the device's copy shows (not waiting) until the walk is read again with the server's; then the server's.
    expect(walkEntries(walk, [photo(12, 'sent')])[1]!.photo).toEqual({ imageUrl: null, thumbUrl: null, blob, waiting: false });
    expect(walkEntries(walk, [photo(13, 'sent')])[2]!.photo).toMatchObject({ imageUrl: '/api/image?key=a.webp', waiting: false });
  });
});
