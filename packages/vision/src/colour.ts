/**
 * Pixel colour classes, decided with integer arithmetic only (hue in whole degrees, saturation and value as
 * integer ratios), so the server and the browser classify every pixel the same way.
 */
export const OTHER = 0;
export const GREEN = 1;
export const CHLOROTIC = 2;
export const NECROTIC = 3;
export const POWDERY = 4;
export const DARK = 5;

/** Hue in whole degrees 0..359, or -1 for a grey (max = min). */
export function hueOf(r: number, g: number, b: number): number {
  const max = r > g ? (r > b ? r : b) : g > b ? g : b;
  const min = r < g ? (r < b ? r : b) : g < b ? g : b;
  const c = max - min;
  if (c === 0) return -1;
  let h: number;
  if (max === r) h = Math.floor((60 * (g - b)) / c);
  else if (max === g) h = 120 + Math.floor((60 * (b - r)) / c);
  else h = 240 + Math.floor((60 * (r - g)) / c);
  return h < 0 ? h + 360 : h;
}

/** The value (brightest channel) of healthy leaf tissue the value thresholds below are set for. */
export const REFERENCE_LEAF_VALUE = 135;

/** Value thresholds of the leaf classes for a photo whose healthy tissue has this value (exposure). */
export interface ValueThresholds {
  dark: number;
  pale: number;
  yellow: number;
}

/**
 * The value thresholds scaled to the photo's exposure: 60 (dark), 160 (powdery) and 110 (chlorotic) at the
 * reference value, in proportion otherwise (the leaf's value clamped to 70–220, powdery capped at 240), in integers.
 */
export function valueThresholds(leafValue: number): ValueThresholds {
  const v = Math.min(220, Math.max(70, Math.round(leafValue)));
  return {
    dark: Math.floor((60 * v) / REFERENCE_LEAF_VALUE),
    pale: Math.min(240, Math.floor((160 * v) / REFERENCE_LEAF_VALUE)),
    yellow: Math.floor((110 * v) / REFERENCE_LEAF_VALUE),
  };
}

/**
 * The leaf classes of a pixel (value thresholds from `valueThresholds`, here at the reference exposure):
 * - DARK: value below 60 (near-black spots, whatever the hue);
 * - POWDERY: saturation below 22 % and value 160 or more (white coating);
 * - GREEN: hue 75–170°, saturation 20 % or more and excess green 2g − r − b above 15;
 * - CHLOROTIC: hue 40–74°, saturation 35 % or more, value 110 or more (yellow to yellow-green);
 * - NECROTIC: hue 0–39° or 345° and up, saturation 30 % or more (brown, tan, reddish-brown);
 * - OTHER: anything else (grey background, shadows, blue…).
 */
export function leafClass(r: number, g: number, b: number, dark = 60, pale = 160, yellow = 110): number {
  const max = r > g ? (r > b ? r : b) : g > b ? g : b;
  const min = r < g ? (r < b ? r : b) : g < b ? g : b;
  if (max < dark) return DARK;
  const c = max - min;
  if (c * 100 < 22 * max) return max >= pale ? POWDERY : OTHER;
  const h = hueOf(r, g, b);
  if (h >= 75 && h <= 170) return c * 100 >= 20 * max && 2 * g - r - b > 15 ? GREEN : OTHER;
  if (h >= 40 && h < 75) return c * 100 >= 35 * max && max >= yellow ? CHLOROTIC : OTHER;
  if (h < 40 || h >= 345) return c * 100 >= 30 * max ? NECROTIC : OTHER;
  return OTHER;
}

export const YELLOW_CARD = 1;
export const BLUE_CARD = 2;

/**
 * Sticky-card colour of a pixel: YELLOW_CARD for hue 45–68°, saturation 55 % or more and value 140 or more;
 * BLUE_CARD for hue 195–245°, saturation 50 % or more and value 90 or more; otherwise 0.
 */
export function cardClass(r: number, g: number, b: number): number {
  const max = r > g ? (r > b ? r : b) : g > b ? g : b;
  const min = r < g ? (r < b ? r : b) : g < b ? g : b;
  const c = max - min;
  if (max < 90 || c * 100 < 50 * max) return 0;
  const h = hueOf(r, g, b);
  if (h >= 45 && h <= 68) return c * 100 >= 55 * max && max >= 140 ? YELLOW_CARD : 0;
  if (h >= 195 && h <= 245) return BLUE_CARD;
  return 0;
}

/** Integer luma (BT.601 weights over 256). */
export function lumaOf(r: number, g: number, b: number): number {
  return (77 * r + 150 * g + 29 * b) >> 8;
}

/*
 * The per-pixel loops live here, beside the classes they use: under some module loaders (tsx, vitest) an
 * imported binding is a getter, and a getter call per pixel took most of the analysis time.
 */

/**
 * Fills `cls` with the leaf class of every pixel, with the value thresholds scaled to the photo's exposure: a
 * first pass at the reference finds the green tissue and its mean value, and when that is more than 5 % off the
 * reference a second pass classifies again with `valueThresholds(mean)`. Returns how many pixels are GREEN.
 */
export function classifyLeafPixels(data: Uint8Array | Uint8ClampedArray, cls: Uint8Array): number {
  let first = classifyWith(data, cls, valueThresholds(REFERENCE_LEAF_VALUE));
  if (first.green === 0) return 0;
  const mean = Math.round(first.valueSum / first.green);
  if (Math.abs(mean - REFERENCE_LEAF_VALUE) * 20 > REFERENCE_LEAF_VALUE) first = classifyWith(data, cls, valueThresholds(mean));
  return first.green;
}

function classifyWith(data: Uint8Array | Uint8ClampedArray, cls: Uint8Array, t: ValueThresholds): { green: number; valueSum: number } {
  const { dark, pale, yellow } = t;
  let green = 0;
  let valueSum = 0;
  for (let p = 0, i = 0; p < cls.length; p++, i += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const c = leafClass(r, g, b, dark, pale, yellow);
    cls[p] = c;
    if (c === GREEN) {
      green++;
      valueSum += r > g ? (r > b ? r : b) : g > b ? g : b;
    }
  }
  return { green, valueSum };
}

/** Marks yellow-card and blue-card pixels (1) in the two masks; returns how many of each. */
export function classifyCardPixels(
  data: Uint8Array | Uint8ClampedArray,
  yellow: Uint8Array,
  blue: Uint8Array,
): { yellow: number; blue: number } {
  let y = 0;
  let b = 0;
  for (let p = 0, i = 0; p < yellow.length; p++, i += 4) {
    const c = cardClass(data[i]!, data[i + 1]!, data[i + 2]!);
    if (c === YELLOW_CARD) {
      yellow[p] = 1;
      y++;
    } else if (c === BLUE_CARD) {
      blue[p] = 1;
      b++;
    }
  }
  return { yellow: y, blue: b };
}

/** Mean luma of the pixels set in both masks. */
export function meanLumaOf(data: Uint8Array | Uint8ClampedArray, mask: Uint8Array, also: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let p = 0, i = 0; p < mask.length; p++, i += 4) {
    if (mask[p] === 0 || also[p] === 0) continue;
    sum += lumaOf(data[i]!, data[i + 1]!, data[i + 2]!);
    count++;
  }
  return count === 0 ? 0 : sum / count;
}

/** On a blue card, a pixel whose blue excess (b − max(r, g)) is under this share of the card's around it is an insect. */
export const BLUE_SHARE = 0.45;
/** A pixel this many times brighter than the card around it is a pale insect (a whitefly on a blue card). */
export const PALE_LUMA_RATIO = 1.5;
/** Whiteflies are white on a card: value 150 or more and saturation under this (%), about halfway to the card. */
export const PALE_MAX_SATURATION = 42;

/**
 * Marks (1) the pixels inside `inside` that are an insect: dark (luma below `share` of the card's) or pale (see
 * `PALE_MAX_SATURATION`), with the card's luma taken locally (uneven light: a lamp on one side, a shadow): the mean luma of
 * the card-coloured pixels in the 3 × 3 tiles of `tile` pixels around each pixel's tile. Falls back to `globalLuma`
 * where a neighbourhood has no card colour.
 */
export function insectPixelsLocal(
  data: Uint8Array | Uint8ClampedArray,
  inside: Uint8Array,
  colour: Uint8Array,
  w: number,
  h: number,
  tile: number,
  share: number,
  globalLuma: number,
  out: Uint8Array,
  blueCard = false,
): void {
  const tw = Math.ceil(w / tile);
  const th = Math.ceil(h / tile);
  const sum = new Float64Array(tw * th);
  const blueSum = new Float64Array(tw * th);
  const count = new Int32Array(tw * th);
  for (let y = 0; y < h; y++) {
    const row = ((y / tile) | 0) * tw;
    for (let x = 0, p = y * w, i = p * 4; x < w; x++, p++, i += 4) {
      if (colour[p] === 0) continue;
      const t = row + ((x / tile) | 0);
      sum[t] = sum[t]! + lumaOf(data[i]!, data[i + 1]!, data[i + 2]!);
      blueSum[t] = blueSum[t]! + data[i + 2]! - Math.max(data[i]!, data[i + 1]!);
      count[t] = count[t]! + 1;
    }
  }
  const threshold = new Float64Array(tw * th);
  const blueness = new Float64Array(tw * th);
  for (let ty = 0; ty < th; ty++) {
    for (let tx = 0; tx < tw; tx++) {
      let s = 0;
      let bs = 0;
      let c = 0;
      for (let j = Math.max(0, ty - 1); j <= Math.min(th - 1, ty + 1); j++) {
        for (let k = Math.max(0, tx - 1); k <= Math.min(tw - 1, tx + 1); k++) {
          s += sum[j * tw + k]!;
          bs += blueSum[j * tw + k]!;
          c += count[j * tw + k]!;
        }
      }
      threshold[ty * tw + tx] = share * (c === 0 ? globalLuma : s / c);
      blueness[ty * tw + tx] = c === 0 ? 0 : (bs / c) * BLUE_SHARE;
    }
  }
  for (let y = 0; y < h; y++) {
    const row = ((y / tile) | 0) * tw;
    for (let x = 0, p = y * w, i = p * 4; x < w; x++, p++, i += 4) {
      if (inside[p] === 0) continue;
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      const max = r > g ? (r > b ? r : b) : g > b ? g : b;
      const min = r < g ? (r < b ? r : b) : g < b ? g : b;
      const luma = lumaOf(r, g, b);
      const t = row + ((x / tile) | 0);
      const dark = threshold[t]!;
      // On a blue card a brown insect is hardly darker than the card: it is also told by its blue going.
      if (blueCard && b - (r > g ? r : g) < blueness[t]!) {
        out[p] = 1;
        continue;
      }
      // Pale: white on a yellow card, or (after JPEG's halved colour resolution blurs a small white insect's
      // colour into a blue card's) far brighter than the card around it.
      if (luma < dark || (max >= 150 && (max - min) * 100 < PALE_MAX_SATURATION * max) || luma * share > dark * PALE_LUMA_RATIO) out[p] = 1;
    }
  }
}

/**
 * Gives each leaf pixel on a boundary between classes the class whose colour it is nearest: the mean colour of the
 * settled pixels (all four neighbours of the same class) of each class within `radius`. A pixel mixing two colours
 * (a soft lesion edge, JPEG's halved colour resolution) goes to the one it holds more of, instead of always to the
 * class whose hue range it falls in — which shrank lesions by a pixel along every edge. Returns the changed count.
 */
export function settleBoundaries(data: Uint8Array | Uint8ClampedArray, cls: Uint8Array, leaf: Uint8Array, w: number, h: number, radius = 2): number {
  const n = w * h;
  const settled = new Uint8Array(n);
  const edge: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0, p = y * w; x < w; x++, p++) {
      if (leaf[p] === 0) continue;
      const c = cls[p];
      if (x > 0 && x < w - 1 && y > 0 && y < h - 1 && cls[p - 1] === c && cls[p + 1] === c && cls[p - w] === c && cls[p + w] === c) settled[p] = 1;
      else edge.push(p);
    }
  }
  const sums = new Float64Array(6 * 3);
  const counts = new Int32Array(6);
  const next = new Uint8Array(edge.length);
  for (let e = 0; e < edge.length; e++) {
    const p = edge[e]!;
    const y = (p / w) | 0;
    const x = p - y * w;
    sums.fill(0);
    counts.fill(0);
    for (let yy = Math.max(0, y - radius); yy <= Math.min(h - 1, y + radius); yy++) {
      for (let xx = Math.max(0, x - radius), q = yy * w + xx; xx <= Math.min(w - 1, x + radius); xx++, q++) {
        if (settled[q] === 0) continue;
        const c = cls[q]!;
        const j = q * 4;
        counts[c] = counts[c]! + 1;
        sums[c * 3] = sums[c * 3]! + data[j]!;
        sums[c * 3 + 1] = sums[c * 3 + 1]! + data[j + 1]!;
        sums[c * 3 + 2] = sums[c * 3 + 2]! + data[j + 2]!;
      }
    }
    const i = p * 4;
    let best = cls[p]!;
    let bestD = Infinity;
    for (let c = 0; c < 6; c++) {
      const k = counts[c]!;
      if (k === 0) continue;
      const dr = data[i]! - sums[c * 3]! / k;
      const dg = data[i + 1]! - sums[c * 3 + 1]! / k;
      const db = data[i + 2]! - sums[c * 3 + 2]! / k;
      const d = dr * dr + dg * dg + db * db;
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    next[e] = best;
  }
  let changed = 0;
  for (let e = 0; e < edge.length; e++) {
    const p = edge[e]!;
    if (cls[p] !== next[e]) changed++;
    cls[p] = next[e]!;
  }
  return changed;
}
