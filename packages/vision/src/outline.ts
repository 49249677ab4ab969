import type { Components } from './components.js';
import type { Scaled } from './downscale.js';

/**
 * Convex outlines of chosen components, in ORIGINAL image pixels: the hull of the corners of each row's run
 * (from its leftmost to its rightmost pixel), by the monotone chain with integer cross products, so the same in
 * every engine. Returns one polygon per label asked for, in the order asked, clockwise on screen (y down).
 */
export function convexOutlines(c: Components, w: number, wanted: number[], s: Scaled): Array<Array<[number, number]>> {
  const slot = new Int32Array(c.count + 1).fill(-1);
  const offset: number[] = [];
  let total = 0;
  wanted.forEach((l, k) => {
    slot[l] = k;
    offset.push(total);
    total += c.maxY[l]! - c.minY[l]! + 1;
  });
  const rowMin = new Int32Array(total).fill(2147483647);
  const rowMax = new Int32Array(total).fill(-1);
  for (let p = 0; p < c.labels.length; p++) {
    const l = c.labels[p]!;
    if (l === 0 || slot[l] === -1) continue;
    const y = (p / w) | 0;
    const x = p - y * w;
    const i = offset[slot[l]!]! + y - c.minY[l]!;
    if (x < rowMin[i]!) rowMin[i] = x;
    if (x > rowMax[i]!) rowMax[i] = x;
  }
  return wanted.map((l, k) => {
    const points: Array<[number, number]> = [];
    const rows = c.maxY[l]! - c.minY[l]! + 1;
    for (let r = 0; r < rows; r++) {
      const i = offset[k]! + r;
      if (rowMax[i]! < 0) continue;
      const y = c.minY[l]! + r;
      points.push([rowMin[i]!, y], [rowMin[i]!, y + 1], [rowMax[i]! + 1, y], [rowMax[i]! + 1, y + 1]);
    }
    return hull(points).map(([x, y]) => [s.xStart[x]!, s.yStart[y]!] as [number, number]);
  });
}

const cross = (o: [number, number], a: [number, number], b: [number, number]): number =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Andrew's monotone chain; collinear points dropped. */
export function hull(points: Array<[number, number]>): Array<[number, number]> {
  const sorted = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const lower: Array<[number, number]> = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Array<[number, number]> = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}
