import type { Components } from './components.js';

/**
 * Touching insects split by shape: each insect is a hill of the blob's distance transform (distance to the card
 * around it), and two insects that touch meet at a saddle lower than both hills. The hills are counted by their
 * dynamic (how far one must go down from a hill to reach a higher one): a hill lower than `MIN_DYNAMIC_SHARE` of its
 * height below the saddle is a bump of one insect's outline, not another insect. Integer chamfer distances (3 per
 * step, 4 per diagonal step), so every engine counts the same.
 */

/** A hill counts as its own insect when its dynamic is at least this share of its height (and `minDynamic`). */
export const MIN_DYNAMIC_SHARE = 0.15;

/**
 * How many insects the component `l` holds by the hills of its distance transform, `minPeak` and `minDynamic` in
 * chamfer units (3 per pixel): hills lower than `minPeak` (half the width of the smallest insect) are not counted.
 */
export function hillCount(c: Components, w: number, l: number, minPeak: number, minDynamic: number): number {
  const x0 = c.minX[l]! - 1;
  const y0 = c.minY[l]! - 1;
  const bw = c.maxX[l]! - x0 + 2;
  const bh = c.maxY[l]! - y0 + 2;
  const m = bw * bh;
  const big = 1 << 29;
  const dt = new Int32Array(m);
  for (let y = 1; y < bh - 1; y++) {
    for (let x = 1; x < bw - 1; x++) if (c.labels[(y0 + y) * w + x0 + x] === l) dt[y * bw + x] = big;
  }
  for (let y = 1; y < bh - 1; y++) {
    for (let x = 1; x < bw - 1; x++) {
      const p = y * bw + x;
      if (dt[p] === 0) continue;
      dt[p] = Math.min(dt[p]!, dt[p - 1]! + 3, dt[p - bw]! + 3, dt[p - bw - 1]! + 4, dt[p - bw + 1]! + 4);
    }
  }
  let top = 0;
  for (let y = bh - 2; y >= 1; y--) {
    for (let x = bw - 2; x >= 1; x--) {
      const p = y * bw + x;
      if (dt[p] === 0) continue;
      dt[p] = Math.min(dt[p]!, dt[p + 1]! + 3, dt[p + bw]! + 3, dt[p + bw + 1]! + 4, dt[p + bw - 1]! + 4);
      if (dt[p]! > top) top = dt[p]!;
    }
  }
  // Pixels from the highest distance down (counting sort; ties in raster order), merged into hills (union-find).
  const start = new Int32Array(top + 2);
  for (let p = 0; p < m; p++) if (dt[p]! > 0) start[dt[p]!]!++;
  let sum = 0;
  for (let d = top; d >= 1; d--) {
    const k = start[d]!;
    start[d] = sum;
    sum += k;
  }
  const order = new Int32Array(sum);
  for (let p = 0; p < m; p++) if (dt[p]! > 0) order[start[dt[p]!]!++] = p;
  const parent = new Int32Array(m).fill(-1);
  const peak = new Int32Array(m);
  const find = (p: number): number => {
    let r = p;
    while (parent[r] !== r) r = parent[r]!;
    while (parent[p] !== r) {
      const next = parent[p]!;
      parent[p] = r;
      p = next;
    }
    return r;
  };
  let hills = 0;
  const roots: number[] = [];
  for (let k = 0; k < order.length; k++) {
    const p = order[k]!;
    roots.length = 0;
    for (const q of [p - 1, p + 1, p - bw, p + bw, p - bw - 1, p - bw + 1, p + bw - 1, p + bw + 1]) {
      if (parent[q] === -1) continue;
      const r = find(q);
      if (!roots.includes(r)) roots.push(r);
    }
    if (roots.length === 0) {
      parent[p] = p;
      peak[p] = dt[p]!;
      continue;
    }
    roots.sort((a, b) => peak[b]! - peak[a]! || a - b);
    const main = roots[0]!;
    for (let i = 1; i < roots.length; i++) {
      const r = roots[i]!;
      const height = peak[r]!;
      if (height >= minPeak && height - dt[p]! >= Math.max(minDynamic, MIN_DYNAMIC_SHARE * height)) hills++;
      parent[r] = main;
    }
    parent[p] = main;
  }
  return hills + 1;
}

/**
 * How badly the component `l` fills the ellipse of its own second moments (the ellipse a single insect's body is
 * close to): blob pixels outside that ellipse plus ellipse area the blob leaves empty, over the blob's area. About
 * 0 for one insect (a little more for a small blob: its outline is pixels); two touching insects whose neck is too
 * wide for a saddle in the distance transform still leave room in the ellipse around the pair.
 */
export function ellipseMisfit(c: Components, w: number, l: number): number {
  const x0 = c.minX[l]!;
  const x1 = c.maxX[l]!;
  const y0 = c.minY[l]!;
  const y1 = c.maxY[l]!;
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0, p = y * w + x0; x <= x1; x++, p++) {
      if (c.labels[p] !== l) continue;
      n++;
      sx += x;
      sy += y;
    }
  }
  const mx = sx / n;
  const my = sy / n;
  // Each pixel is a unit square: 1/12 of variance along each side.
  let a = n / 12;
  let b = 0;
  let d = n / 12;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0, p = y * w + x0; x <= x1; x++, p++) {
      if (c.labels[p] !== l) continue;
      a += (x - mx) * (x - mx);
      b += (x - mx) * (y - my);
      d += (y - my) * (y - my);
    }
  }
  a /= n;
  b /= n;
  d /= n;
  const det = a * d - b * b;
  // A solid ellipse with semi-axes A, B has variances A²/4 and B²/4: it is the points with x·Σ⁻¹·x ≤ 4.
  let inside = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0, p = y * w + x0; x <= x1; x++, p++) {
      if (c.labels[p] !== l) continue;
      const dx = x - mx;
      const dy = y - my;
      if (d * dx * dx - 2 * b * dx * dy + a * dy * dy <= 4 * det) inside++;
    }
  }
  const ellipse = 4 * Math.PI * Math.sqrt(det);
  return (n - inside + Math.max(0, ellipse - inside)) / n;
}
