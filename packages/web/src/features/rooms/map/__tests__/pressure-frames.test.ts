import { describe, expect, it } from 'vitest';
import { gridPressure, hotSpots, indexPressure, PRESSURE_RAMP, pressureColour, rampBounds, rampLevel, valueIn } from '../lib/pressure-frames';

/** A 4 × 3 grid, box id = y * 10 + x. */
const boxes = Array.from({ length: 12 }, (_, i) => {
  const x = (i % 4) + 1;
  const y = Math.floor(i / 4) + 1;
  return { id: y * 10 + x, X: x, Y: y };
});

describe('frame → colours', () => {
  it('buckets a value against the largest of the range, 0 has no colour', () => {
    expect(rampLevel(0, 6)).toBe(-1);
    expect(rampLevel(1, 0)).toBe(-1);
    expect(rampLevel(0.5, 6)).toBe(0);
    expect(rampLevel(1, 6)).toBe(0);
    expect(rampLevel(1.01, 6)).toBe(1);
    expect(rampLevel(6, 6)).toBe(5);
    expect(pressureColour(6, 6)).toBe(PRESSURE_RAMP[5]);
    expect(pressureColour(0, 6)).toBeNull();
    expect(rampBounds(6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rampBounds(1)).toEqual([0.2, 0.3, 0.5, 0.7, 0.8, 1]);
  });

  it('reads a frame by the answer index; boxes it does not list are 0', () => {
    const idx = indexPressure({ GridBoxIDs: [11, 12], values: [[1, 0], [0, 3]] });
    expect(idx.max).toBe(3);
    expect(valueIn([0, 3], idx, 12)).toBe(3);
    expect(valueIn([0, 3], idx, 13)).toBe(0);
    expect(valueIn(undefined, idx, 12)).toBe(0);
    const paint = gridPressure(boxes, [0, 3], idx, 2);
    expect([...paint.colours]).toEqual([[12, PRESSURE_RAMP[5]]]);
    expect(paint.values.get(12)).toBe(3);
    expect(paint.hotSpotCount).toBe(1);
  });
});

describe('hot spots', () => {
  const values = new Map([
    [11, 3], [12, 2], [22, 5], // an L of three, joined by sides
    [14, 2], // alone in a corner
    [33, 9], [24, 1], // a diagonal neighbour of nothing hot; 24 is below the threshold
  ]);
  const valueOf = (id: number) => values.get(id) ?? 0;

  it('groups boxes at or over the threshold by their four sides, largest first', () => {
    expect(hotSpots(boxes, valueOf, 2)).toEqual([[11, 12, 22], [14], [33]]);
  });

  it('does not join boxes touching only at a corner, nor over a cold box', () => {
    const diagonal = new Map([[11, 2], [22, 2], [13, 2]]);
    expect(hotSpots(boxes, (id) => diagonal.get(id) ?? 0, 2)).toEqual([[11], [13], [22]]);
  });

  it('never makes a culled box hot, and a high threshold leaves none', () => {
    const culled = boxes.map((b) => (b.id === 12 ? { ...b, culled: true } : b));
    expect(hotSpots(culled, valueOf, 2)).toEqual([[11], [14], [22], [33]]);
    expect(hotSpots(boxes, valueOf, 10)).toEqual([]);
  });

  it('marks the hot cells for the outline', () => {
    const idx = indexPressure({ GridBoxIDs: [11, 12, 22, 24], values: [[3, 2, 5, 1]] });
    const paint = gridPressure(boxes, [3, 2, 5, 1], idx, 2);
    expect(paint.hotSpotCount).toBe(1);
    expect(paint.hot.size).toBe(3);
    // Box 24 has pressure (a colour) but is not hot.
    expect(paint.colours.has(24)).toBe(true);
    expect(paint.hot.has(2 * paint.stride + 4)).toBe(false);
    expect(paint.hot.has(2 * paint.stride + 2)).toBe(true);
  });
});
