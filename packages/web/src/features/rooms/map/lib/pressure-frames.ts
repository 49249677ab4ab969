import type { PressureFrames } from '@verdant/contract';

/**
 * Reversed viridis in six steps: sequential (light = little, dark = much) and readable with every common
 * colour-vision deficiency and in greyscale (docs/decisions.md, "Pressure map").
 */
export const PRESSURE_RAMP = ['#fde725', '#7ad151', '#22a884', '#2a788e', '#414487', '#440154'] as const;

/** Where to find a box's values: its place in GridBoxIDs, and the largest value of every frame (the ramp's top). */
export interface PressureIndex {
  index: ReadonlyMap<number, number>;
  max: number;
}

export function indexPressure(data: Pick<PressureFrames, 'GridBoxIDs' | 'values'>): PressureIndex {
  const index = new Map<number, number>();
  data.GridBoxIDs.forEach((id, i) => index.set(id, i));
  let max = 0;
  for (const frame of data.values) for (const v of frame) if (v > max) max = v;
  return { index, max };
}

/** A box's pressure in one frame (0 for a box the answer does not list). */
export function valueIn(frame: readonly number[] | undefined, idx: PressureIndex, boxId: number): number {
  const i = idx.index.get(boxId);
  return i === undefined || !frame ? 0 : (frame[i] ?? 0);
}

/** Ramp step of a value against the range's largest (-1: no pressure, no colour). */
export function rampLevel(value: number, max: number): number {
  if (!(value > 0) || !(max > 0)) return -1;
  return Math.min(PRESSURE_RAMP.length - 1, Math.max(0, Math.ceil((value / max) * PRESSURE_RAMP.length) - 1));
}

export const pressureColour = (value: number, max: number): string | null => {
  const level = rampLevel(value, max);
  return level < 0 ? null : PRESSURE_RAMP[level]!;
};

/** The upper bound of each ramp step, for the legend (rounded to one decimal). */
export function rampBounds(max: number): number[] {
  return PRESSURE_RAMP.map((_, i) => Math.round(((max * (i + 1)) / PRESSURE_RAMP.length) * 10) / 10);
}

export interface PlacedBox {
  id: number;
  X: number;
  Y: number;
  culled?: boolean;
}

/** Cell key of (x, y) in a grid `stride` boxes wide (x and y from 1). */
export const cellKey = (x: number, y: number, stride: number) => y * stride + x;

/**
 * Hot spots of one grid in one frame: groups of boxes at or over `threshold` joined by their four sides,
 * each as its box ids (ascending), largest group first. Culled boxes are never hot.
 */
export function hotSpots(boxes: readonly PlacedBox[], valueOf: (boxId: number) => number, threshold: number): number[][] {
  let stride = 0;
  for (const b of boxes) if (b.X + 2 > stride) stride = b.X + 2;
  const hot = new Map<number, number>();
  for (const b of boxes) if (!b.culled && valueOf(b.id) >= threshold) hot.set(cellKey(b.X, b.Y, stride), b.id);
  const seen = new Set<number>();
  const groups: number[][] = [];
  for (const start of hot.keys()) {
    if (seen.has(start)) continue;
    seen.add(start);
    const group: number[] = [];
    const stack = [start];
    while (stack.length) {
      const key = stack.pop()!;
      group.push(hot.get(key)!);
      for (const next of [key - 1, key + 1, key - stride, key + stride]) {
        if (hot.has(next) && !seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    groups.push(group.sort((x, y) => x - y));
  }
  return groups.sort((x, y) => y.length - x.length || x[0]! - y[0]!);
}

/** What a grid's map paints for one frame. */
export interface PressurePaint {
  /** The ramp colour of each box with pressure. */
  colours: ReadonlyMap<number, string>;
  values: ReadonlyMap<number, number>;
  /** Hot boxes by cellKey, to outline hot spots where a hot box meets one that is not. */
  hot: ReadonlySet<number>;
  stride: number;
  hotSpotCount: number;
}

/** One grid's paint for a frame: O(boxes), so a frame change costs no request and little time. */
export function gridPressure(
  boxes: readonly PlacedBox[],
  frame: readonly number[] | undefined,
  idx: PressureIndex,
  threshold: number,
): PressurePaint {
  const colours = new Map<number, string>();
  const values = new Map<number, number>();
  for (const b of boxes) {
    const v = valueIn(frame, idx, b.id);
    if (v <= 0 || b.culled) continue;
    values.set(b.id, v);
    colours.set(b.id, pressureColour(v, idx.max)!);
  }
  let stride = 0;
  for (const b of boxes) if (b.X + 2 > stride) stride = b.X + 2;
  const spots = hotSpots(boxes, (id) => values.get(id) ?? 0, threshold);
  const hot = new Set<number>();
  if (spots.length) {
    const hotIds = new Set(spots.flat());
    for (const b of boxes) if (hotIds.has(b.id)) hot.add(cellKey(b.X, b.Y, stride));
  }
  return { colours, values, hot, stride, hotSpotCount: spots.length };
}
