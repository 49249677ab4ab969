/** Connected components of a mask (0 / non-zero), one label per pixel; label 0 is "not in the mask". */
export interface Components {
  /** Per pixel: 0 outside the mask, otherwise the component number 1..count. */
  labels: Int32Array;
  count: number;
  /** Per component (index = label): pixel count and inclusive bounding box. Index 0 is unused. */
  area: Int32Array;
  minX: Int32Array;
  minY: Int32Array;
  maxX: Int32Array;
  maxY: Int32Array;
  /** Whether the component touches the image border. */
  touchesBorder: Uint8Array;
  /** The mask value the component's pixels share. */
  value: Uint8Array;
}

/**
 * Labels the connected components of `mask`: neighbouring pixels with the same non-zero value belong together
 * (8-connected when `eight`, else 4-connected), so one pass labels every class of a class map. A flood fill on a
 * typed-array stack: no per-pixel allocation, and a fixed visiting order so labels are the same everywhere.
 */
export function labelComponents(mask: Uint8Array, w: number, h: number, eight = true): Components {
  const n = w * h;
  const labels = new Int32Array(n);
  const stack = new Int32Array(n);
  const area: number[] = [0];
  const minX: number[] = [0];
  const minY: number[] = [0];
  const maxX: number[] = [0];
  const maxY: number[] = [0];
  const border: number[] = [0];
  const values: number[] = [0];
  let count = 0;
  for (let start = 0; start < n; start++) {
    const value = mask[start]!;
    if (value === 0 || labels[start] !== 0) continue;
    const label = ++count;
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    let a = 0;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    while (top > 0) {
      const p = stack[--top]!;
      const y = (p / w) | 0;
      const x = p - y * w;
      a++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const left = x > 0;
      const right = x < w - 1;
      if (left && mask[p - 1] === value && labels[p - 1] === 0) {
        labels[p - 1] = label;
        stack[top++] = p - 1;
      }
      if (right && mask[p + 1] === value && labels[p + 1] === 0) {
        labels[p + 1] = label;
        stack[top++] = p + 1;
      }
      if (y > 0) {
        const q = p - w;
        if (mask[q] === value && labels[q] === 0) {
          labels[q] = label;
          stack[top++] = q;
        }
        if (eight && left && mask[q - 1] === value && labels[q - 1] === 0) {
          labels[q - 1] = label;
          stack[top++] = q - 1;
        }
        if (eight && right && mask[q + 1] === value && labels[q + 1] === 0) {
          labels[q + 1] = label;
          stack[top++] = q + 1;
        }
      }
      if (y < h - 1) {
        const q = p + w;
        if (mask[q] === value && labels[q] === 0) {
          labels[q] = label;
          stack[top++] = q;
        }
        if (eight && left && mask[q - 1] === value && labels[q - 1] === 0) {
          labels[q - 1] = label;
          stack[top++] = q - 1;
        }
        if (eight && right && mask[q + 1] === value && labels[q + 1] === 0) {
          labels[q + 1] = label;
          stack[top++] = q + 1;
        }
      }
    }
    area.push(a);
    minX.push(x0);
    minY.push(y0);
    maxX.push(x1);
    maxY.push(y1);
    border.push(x0 === 0 || y0 === 0 || x1 === w - 1 || y1 === h - 1 ? 1 : 0);
    values.push(value);
  }
  return {
    labels,
    count,
    area: Int32Array.from(area),
    minX: Int32Array.from(minX),
    minY: Int32Array.from(minY),
    maxX: Int32Array.from(maxX),
    maxY: Int32Array.from(maxY),
    touchesBorder: Uint8Array.from(border),
    value: Uint8Array.from(values),
  };
}

/** The label of the largest component (the first one on a tie), or 0 when there is none. */
export function largestComponent(c: Components): number {
  let best = 0;
  for (let l = 1; l <= c.count; l++) if (c.area[l]! > c.area[best]!) best = l;
  return best;
}

/**
 * The region `inside` with its holes filled: every pixel that cannot reach the image border through pixels
 * outside the region (4-connected) belongs to it. Returns a new mask.
 */
export function fillHoles(inside: Uint8Array, w: number, h: number): Uint8Array {
  const n = w * h;
  const outside = new Uint8Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  const seed = (p: number): void => {
    if (inside[p] === 0 && outside[p] === 0) {
      outside[p] = 1;
      stack[top++] = p;
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  while (top > 0) {
    const p = stack[--top]!;
    const y = (p / w) | 0;
    const x = p - y * w;
    if (x > 0) seed(p - 1);
    if (x < w - 1) seed(p + 1);
    if (y > 0) seed(p - w);
    if (y < h - 1) seed(p + w);
  }
  const filled = new Uint8Array(n);
  for (let p = 0; p < n; p++) filled[p] = outside[p] === 0 ? 1 : 0;
  return filled;
}

/**
 * Square dilation (`grow` true) or erosion of a 0/1 mask by `k` pixels, as two separable passes of running
 * counts. For erosion, pixels beyond the image count as inside, so a region cut by the photo's edge is not eaten
 * from that side. Returns a new mask.
 */
export function morph(mask: Uint8Array, w: number, h: number, k: number, grow: boolean): Uint8Array {
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  const outside = grow ? 0 : 1;
  // Horizontal pass: count the set pixels in the window [x - k, x + k].
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let count = 0;
    for (let x = -k; x <= k; x++) count += x < 0 || x >= w ? outside : mask[row + x]!;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = grow ? (count > 0 ? 1 : 0) : count === 2 * k + 1 ? 1 : 0;
      const leaving = x - k;
      const entering = x + k + 1;
      count += (entering >= w ? outside : mask[row + entering]!) - (leaving < 0 ? outside : mask[row + leaving]!);
    }
  }
  for (let x = 0; x < w; x++) {
    let count = 0;
    for (let y = -k; y <= k; y++) count += y < 0 || y >= h ? outside : tmp[y * w + x]!;
    for (let y = 0; y < h; y++) {
      out[y * w + x] = grow ? (count > 0 ? 1 : 0) : count === 2 * k + 1 ? 1 : 0;
      const leaving = y - k;
      const entering = y + k + 1;
      count += (entering >= h ? outside : tmp[entering * w + x]!) - (leaving < 0 ? outside : tmp[leaving * w + x]!);
    }
  }
  return out;
}
