import { GREEN, OTHER, lumaOf } from './colour.js';
import { fillHoles, labelComponents } from './components.js';
import { hull } from './outline.js';
import type { DoubtCode } from './types.js';

/**
 * The leaf as plant tissue: green and the lesion colours joined to it. A lesion colour that is also the
 * background's (read from a band along the photo's edges: white paper is "powdery", soil is "necrotic") is not
 * tissue unless the leaf encloses it, so lesions at the margin, across the leaf or over most of it are measured and
 * the background is not. Background-coloured lesion pixels inside the leaf's convex outline are taken in (a
 * margin lesion the colour of the paper or the soil), and the outline is then doubtful: the analysis says so.
 */

/** Width of the band along the photo's edges that shows the background, as a share of the shorter side. */
export const BACKGROUND_BAND = 0.04;
/** A lesion-coloured piece touching green and holding less than this share of the band is leaf, not background. */
export const LEAF_PIECE_BAND_SHARE = 0.2;
/** A colour bin (5 bits a channel, smoothed) is background only when at least this share of the background is in it. */
export const BACKGROUND_BIN_SHARE = 0.0004;
/** The background is read this far (share of the shorter side) outside the green tissue's convex outline. */
export const BACKGROUND_MARGIN = 0.04;
/** Less background than this share of the photo outside that outline: it is read from the band instead. */
export const FAR_BACKGROUND_SHARE = 0.03;
/** Background-coloured lesion pixels taken into the leaf (inside its convex outline) above this share of it: doubt. */
export const BITE_DOUBT_SHARE = 0.006;
/** The leaf must cover this share of the photo, or the photo is mostly background. */
export const MIN_SUBJECT_SHARE = 0.08;
/** Fewer measured leaf pixels than this (about 55 × 55) is too small to see small lesions. */
export const MIN_LEAF_PX = 3000;
/** Mean |Δluma| between neighbours inside the leaf below this: too blurry to see small lesions. */
export const MIN_SHARPNESS = 1.2;
/** Healthy tissue's mean hue outside these degrees: a colour cast (white balance) makes colours unreliable. */
export const GREEN_HUE_RANGE = [80, 150] as const;

export interface Tissue {
  leaf: Uint8Array;
  doubts: DoubtCode[];
}

/** 5 bits a channel. */
const binOf = (data: Uint8Array | Uint8ClampedArray, i: number): number => ((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3);

/** Sums every bin's 3 × 3 × 3 neighbourhood (light falls off across a background, lesions vary): a smoothed histogram. */
function smooth(hist: Uint32Array): Float64Array {
  const out = new Float64Array(32768);
  for (let k = 0; k < 32768; k++) {
    const v = hist[k]!;
    if (v === 0) continue;
    const r = k >> 10;
    const g = (k >> 5) & 31;
    const b = k & 31;
    for (let dr = Math.max(0, r - 1); dr <= Math.min(31, r + 1); dr++) {
      for (let dg = Math.max(0, g - 1); dg <= Math.min(31, g + 1); dg++) {
        for (let db = Math.max(0, b - 1); db <= Math.min(31, b + 1); db++) { const q = (dr << 10) | (dg << 5) | db; out[q] = out[q]! + v; }
      }
    }
  }
  return out;
}

/**
 * Marks (1) the colour bins that are the background's: more common (smoothed, per pixel of each region) in the
 * background than on the leaf. The background is what lies well outside the green tissue's convex outline
 * (`around`: 0 there) — objects on a cluttered table anywhere, soil, paper — or, when the leaf fills the photo, the
 * band along its edges; the leaf is what lies inside that outline (`inside`). Pixels in `skip` (lesion pieces of a
 * leaf cut by the photo's edge) are left out.
 */
function backgroundBins(
  data: Uint8Array | Uint8ClampedArray,
  skip: Uint8Array,
  inside: Uint8Array,
  around: Uint8Array,
  w: number,
  h: number,
): Uint8Array {
  const n = w * h;
  const bg = new Uint32Array(32768);
  const leaf = new Uint32Array(32768);
  let bgTotal = 0;
  let leafTotal = 0;
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    if (inside[p] === 1) {
      const k = binOf(data, i);
      leaf[k] = leaf[k]! + 1;
      leafTotal++;
    } else if (around[p] === 0 && skip[p] === 0) {
      const k = binOf(data, i);
      bg[k] = bg[k]! + 1;
      bgTotal++;
    }
  }
  if (bgTotal < FAR_BACKGROUND_SHARE * n) {
    bg.fill(0);
    bgTotal = 0;
    forBand(w, h, (p) => {
      if (skip[p] === 1) return;
      const k = binOf(data, p * 4);
      bg[k] = bg[k]! + 1;
      bgTotal++;
    });
  }
  const bgS = smooth(bg);
  const leafS = smooth(leaf);
  const bins = new Uint8Array(32768);
  const min = Math.max(2, bgTotal * BACKGROUND_BIN_SHARE);
  for (let k = 0; k < 32768; k++) if (bgS[k]! >= min && bgS[k]! * Math.max(1, leafTotal) > leafS[k]! * bgTotal) bins[k] = 1;
  return bins;
}

/** Calls `visit` for every pixel of the band along the photo's edges (`BACKGROUND_BAND` of the shorter side). */
function forBand(w: number, h: number, visit: (p: number) => void): void {
  const band = Math.max(2, Math.round(Math.min(w, h) * BACKGROUND_BAND));
  for (let y = 0; y < h; y++) {
    if (y < band || y >= h - band) {
      for (let x = 0; x < w; x++) visit(y * w + x);
      continue;
    }
    for (let x = 0; x < Math.min(band, w); x++) visit(y * w + x);
    for (let x = Math.max(band, w - band); x < w; x++) visit(y * w + x);
  }
}

/**
 * The lesion-coloured pixels that are part of a leaf running into the band: connected pieces of lesion colour
 * bordered by green at least as much as by anything else, holding less than `LEAF_PIECE_BAND_SHARE` of the band.
 * Soil or paper around the leaf borders it too, but borders more of the bench or fills the band.
 */
function leafPiecesInBand(cls: Uint8Array, w: number, h: number): Uint8Array {
  const n = w * h;
  const greenCode = GREEN;
  const otherCode = OTHER;
  const lesion = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (cls[p] !== greenCode && cls[p] !== otherCode) lesion[p] = 1;
  const comps = labelComponents(lesion, w, h);
  const inBand = new Int32Array(comps.count + 1);
  let bandPx = 0;
  forBand(w, h, (p) => {
    bandPx++;
    const l = comps.labels[p]!;
    if (l !== 0) inBand[l] = inBand[l]! + 1;
  });
  // Per piece in the band: 4-neighbours outside it that are green, and that are anything else.
  const greenSide = new Int32Array(comps.count + 1);
  const otherSide = new Int32Array(comps.count + 1);
  for (let p = 0; p < n; p++) {
    const l = comps.labels[p]!;
    if (l === 0 || inBand[l] === 0) continue;
    const x = p % w;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
      if (q < 0 || q >= n || comps.labels[q] === l) continue;
      if (cls[q] === greenCode) greenSide[l] = greenSide[l]! + 1;
      else otherSide[l] = otherSide[l]! + 1;
    }
  }
  const skip = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const l = comps.labels[p]!;
    if (l !== 0 && greenSide[l]! > 0 && greenSide[l]! >= otherSide[l]! && inBand[l]! < LEAF_PIECE_BAND_SHARE * bandPx) skip[p] = 1;
  }
  return skip;
}

/**
 * Finds the leaf: the tissue component (green, and lesion colours that are not the background's) with the most
 * green, holes filled; and what makes its measurement doubtful.
 */
export function findTissue(data: Uint8Array | Uint8ClampedArray, cls: Uint8Array, w: number, h: number, minGreen: number): Tissue | null {
  const n = w * h;
  const greenCode = GREEN;
  const otherCode = OTHER;
  const green = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (cls[p] === greenCode) green[p] = 1;
  // Where the leaf is: the convex outline of its green (pieces of at least a twentieth of the largest).
  const greens = labelComponents(green, w, h);
  let largest = 0;
  for (let l = 1; l <= greens.count; l++) if (greens.area[l]! > largest) largest = greens.area[l]!;
  // Scattered green specks (noise, a textured surface) join up through lesion colours but are no leaf.
  if (largest * 2 < minGreen) return null;
  const core = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const l = greens.labels[p]!;
    if (l !== 0 && greens.area[l]! * 20 >= largest) core[p] = 1;
  }
  const outline = hullOf(core, w, h);
  const inside = fillPolygon(outline, w, h);
  const around = fillPolygon(grow(outline, BACKGROUND_MARGIN * Math.min(w, h)), w, h);
  // Lesions of a leaf cut by the photo's edge are not the background's colours.
  const bins = backgroundBins(data, leafPiecesInBand(cls, w, h), inside, around, w, h);
  const tissue = new Uint8Array(n);
  const ambiguous = new Uint8Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    const c = cls[p]!;
    if (c === greenCode) tissue[p] = 1;
    else if (c !== otherCode) {
      if (bins[binOf(data, i)] === 1) ambiguous[p] = 1;
      else tissue[p] = 1;
    }
  }
  const comps = labelComponents(tissue, w, h);
  const greenOf = new Int32Array(comps.count + 1);
  for (let p = 0; p < n; p++) {
    if (green[p] === 0) continue;
    const l = comps.labels[p]!;
    greenOf[l] = greenOf[l]! + 1;
  }
  let best = 0;
  for (let l = 1; l <= comps.count; l++) if (greenOf[l]! > greenOf[best]!) best = l;
  if (best === 0 || greenOf[best]! < minGreen) return null;
  // Pieces of the same leaf cut apart by a background-coloured lesion (a band of soil-brown necrosis): green
  // tissue overlapping the leaf's box with at least a twentieth of its green.
  const joined = new Uint8Array(comps.count + 1);
  joined[best] = 1;
  for (let l = 1; l <= comps.count; l++) {
    if (l === best || greenOf[l]! * 20 < greenOf[best]!) continue;
    if (comps.maxX[l]! >= comps.minX[best]! && comps.minX[l]! <= comps.maxX[best]! && comps.maxY[l]! >= comps.minY[best]! && comps.minY[l]! <= comps.maxY[best]!) joined[l] = 1;
  }
  const own = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (joined[comps.labels[p]!] === 1) own[p] = 1;
  // Background-coloured lesion pixels inside the tissue's convex outline are leaf too: margin lesions of the
  // background's colour, and the band between the pieces (the outline is then doubtful: see doubtsOf).
  const hullOwn = fillPolygon(hullOf(own, w, h), w, h);
  let added = 0;
  for (let p = 0; p < n; p++) {
    if (ambiguous[p] === 0 || hullOwn[p] === 0 || around[p] === 0 || own[p] === 1) continue;
    own[p] = 1;
    added++;
  }
  const leaf = fillHoles(own, w, h);
  return { leaf, doubts: doubtsOf(data, leaf, added, green, greenOf, best, w, h) };
}

/** The convex outline of a mask (the corners of each row's run). */
function hullOf(mask: Uint8Array, w: number, h: number): Array<[number, number]> {
  const corners: Array<[number, number]> = [];
  for (let y = 0; y < h; y++) {
    let x0 = -1;
    let x1 = -1;
    for (let x = 0, p = y * w; x < w; x++, p++) {
      if (mask[p] === 0) continue;
      if (x0 < 0) x0 = x;
      x1 = x;
    }
    if (x0 >= 0) corners.push([x0, y], [x1, y]);
  }
  return hull(corners);
}

/** A convex polygon pushed out by about `d` pixels (each corner away from the centre). */
function grow(poly: Array<[number, number]>, d: number): Array<[number, number]> {
  if (poly.length === 0) return poly;
  let cx = 0;
  let cy = 0;
  for (const [x, y] of poly) {
    cx += x;
    cy += y;
  }
  cx /= poly.length;
  cy /= poly.length;
  return poly.map(([x, y]) => {
    const len = Math.hypot(x - cx, y - cy) || 1;
    return [x + ((x - cx) / len) * d, y + ((y - cy) / len) * d];
  });
}

/** A convex polygon filled (one run per row). */
function fillPolygon(poly: Array<[number, number]>, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  if (poly.length < 3) return out;
  // Each edge marks the rows it crosses (a 1024-px photo's hull has hundreds of vertices: rows × vertices was the cost).
  const lo = new Float64Array(h).fill(Infinity);
  const hi = new Float64Array(h).fill(-Infinity);
  const mark = (y: number, x: number) => {
    if (x < lo[y]!) lo[y] = x;
    if (x > hi[y]!) hi[y] = x;
  };
  for (let k = 0; k < poly.length; k++) {
    const [ax, ay] = poly[k]!;
    const [bx, by] = poly[(k + 1) % poly.length]!;
    const y1 = Math.min(h - 1, Math.floor(Math.max(ay, by)));
    for (let y = Math.max(0, Math.ceil(Math.min(ay, by))); y <= y1; y++) {
      if (ay === by) {
        mark(y, ax);
        mark(y, bx);
      } else mark(y, ax + ((y - ay) * (bx - ax)) / (by - ay));
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = Math.max(0, Math.ceil(lo[y]!)); x <= Math.min(w - 1, Math.floor(hi[y]!)); x++) out[y * w + x] = 1;
  }
  return out;
}

function doubtsOf(
  data: Uint8Array | Uint8ClampedArray,
  leaf: Uint8Array,
  added: number,
  green: Uint8Array,
  greenOf: Int32Array,
  best: number,
  w: number,
  h: number,
): DoubtCode[] {
  const n = w * h;
  let leafPx = 0;
  let onBorder = 0;
  let sharp = 0;
  let pairs = 0;
  let hueSum = 0;
  let hueCount = 0;
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    if (leaf[p] === 0) continue;
    leafPx++;
    const y = (p / w) | 0;
    const x = p - y * w;
    if (x === 0 || y === 0 || x === w - 1 || y === h - 1) onBorder++;
    if (x < w - 1 && y < h - 1 && leaf[p + 1] === 1 && leaf[p + w] === 1) {
      const l = lumaOf(data[i]!, data[i + 1]!, data[i + 2]!);
      const j = i + 4;
      const k = i + 4 * w;
      sharp += Math.abs(l - lumaOf(data[j]!, data[j + 1]!, data[j + 2]!)) + Math.abs(l - lumaOf(data[k]!, data[k + 1]!, data[k + 2]!));
      pairs++;
    }
    if (green[p] === 1 && (p & 7) === 0) {
      hueSum += greenHue(data[i]!, data[i + 1]!, data[i + 2]!);
      hueCount++;
    }
  }
  const doubts: DoubtCode[] = [];
  // Another leaf as large as a third of this one's green overlaps or lies beside it: which is measured is unsure.
  let rival = 0;
  for (let l = 1; l < greenOf.length; l++) if (l !== best && greenOf[l]! > rival) rival = greenOf[l]!;
  if (added > BITE_DOUBT_SHARE * leafPx || rival * 3 > greenOf[best]!) doubts.push('leaf_outline');
  if (hueCount > 0) {
    const hue = hueSum / hueCount;
    if (hue < GREEN_HUE_RANGE[0] || hue > GREEN_HUE_RANGE[1]) doubts.push('colour_cast');
  }
  if (pairs > 0 && sharp / (2 * pairs) < MIN_SHARPNESS) doubts.push('blurry');
  if (leafPx < MIN_LEAF_PX) doubts.push('too_small');
  if (leafPx < MIN_SUBJECT_SHARE * n) doubts.push('mostly_background');
  if (onBorder >= 3) doubts.push('cut_by_border');
  return doubts;
}

/** Hue in degrees of a green pixel (max is g), as a float: only for the mean, which is compared to whole degrees. */
function greenHue(r: number, g: number, b: number): number {
  const min = r < b ? r : b;
  const c = g - min;
  if (c <= 0) return 120;
  return 120 + (60 * (b - r)) / c;
}
