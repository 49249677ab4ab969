import { classifyCardPixels, insectPixelsLocal, lumaOf, meanLumaOf } from './colour.js';
import { fillHoles, labelComponents, largestComponent, morph } from './components.js';
import { areaScale, toOriginalBox, type Scaled } from './downscale.js';
import { removeGridLines, type CardFrame } from './grid.js';
import { INSECT_PROBLEMS } from './problems.js';
import { ellipseMisfit, hillCount } from './split.js';
import { INSECT_SIZE_CLASSES, type InsectRegion, type InsectSizeClass, type RgbaImage, type StickyTrapResult, type DoubtCode } from './types.js';

/**
 * How blobs on a card are sized. The scale comes from the card: its long side (measured along its own axis, so a
 * tilted card works) is `cardLongSideMm` (250 mm by default). A blob's size is the diameter of the circle of the
 * same area:
 * - under 0.5 mm: dust or print, not counted;
 * - 0.5 to 1.3 mm: thrips-sized; 1.3 to 2.0 mm: whitefly-sized; 2.0 to 5.0 mm: small flies (fungus gnats, shore flies);
 * - 5.0 to 15 mm: touching insects, split by area into as many as the median single small fly's area gives;
 * - over 15 mm: not an insect (a leaf, a finger, a fold), not counted.
 */
export const SIZE_RULE = { minMm: 0.5, thripsMaxMm: 1.3, whiteflyMaxMm: 2.0, singleMaxMm: 5.0, clusterMaxMm: 15 } as const;

/** The card must cover this share of the measured image, at most touch one image side, and fill its oriented box. */
export const MIN_CARD_SHARE = 0.08;
export const MIN_CARD_FILL = 0.85;
/** Lines up to twice this many measured pixels wide (a printed grid) do not split the card. */
export const GRID_BRIDGE_PX = 3;
/**
 * A card pixel is an insect when it is dark (luma below this share of the card's mean luma: flies, thrips) or
 * pale (whiteflies are white on a card: `PALE_MAX_SATURATION` in colour.ts). Both thresholds sit about halfway
 * between the card and the insect, so a blurred edge pixel counts for half an insect's outline.
 */
export const DARK_SHARE = 0.55;

/**
 * A one-hill blob of at least `MISFIT_MIN_PX` measured pixels is two insects when it misfits its moment ellipse
 * (split.ts `ellipseMisfit`) by more than `MISFIT_BASE` + 1/√area: a pixelated single insect's outline misfits by
 * about 1/√area (its perimeter over its area), and a real insect's body a little more.
 */
export const MISFIT_MIN_PX = 12;
export const MISFIT_BASE = 0.05;

const QUARTER_PI = Math.PI / 4;
const circleArea = (dMm: number): number => QUARTER_PI * dMm * dMm;

function classOf(areaMm2: number): InsectSizeClass {
  if (areaMm2 < circleArea(SIZE_RULE.thripsMaxMm)) return 'thrips';
  if (areaMm2 < circleArea(SIZE_RULE.whiteflyMaxMm)) return 'whitefly';
  return 'small_fly';
}

interface Card {
  color: 'yellow' | 'blue';
  mask: Uint8Array;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Long side along the card's own axis, in measured pixels. */
  longSide: number;
  meanLuma: number;
  /** The card-coloured pixels (the mask also holds what lies on the card). */
  colour: Uint8Array;
  frame: CardFrame;
  /** How many sides of the photo the card touches (0 or 1). */
  sides: number;
}

/** The sticky card in the measured copy, or null when there is none (see the thresholds above). */
function findCard(s: Scaled): Card | null {
  const { data, width: w, height: h } = s.image;
  const n = w * h;
  const yellow = new Uint8Array(n);
  const blue = new Uint8Array(n);
  const px = classifyCardPixels(data, yellow, blue);
  let best: Card | null = null;
  let bestArea = 0;
  for (const [color, colourMask, colourPx] of [['yellow', yellow, px.yellow], ['blue', blue, px.blue]] as const) {
    if (colourPx < MIN_CARD_SHARE * n) continue;
    // Closing (grow, fill, shrink back) so a printed grid's lines do not cut the card into cells.
    const grown = morph(colourMask, w, h, GRID_BRIDGE_PX, true);
    const comps = labelComponents(grown, w, h);
    const l = largestComponent(comps);
    if (l === 0) continue;
    const own = new Uint8Array(n);
    for (let p = 0; p < n; p++) if (comps.labels[p] === l) own[p] = 1;
    const mask = morph(fillHoles(own, w, h), w, h, GRID_BRIDGE_PX, false);
    const box = boundsOf(mask, w);
    if (box.area < MIN_CARD_SHARE * n || box.area <= bestArea) continue;
    const sides = (box.minX === 0 ? 1 : 0) + (box.minY === 0 ? 1 : 0) + (box.maxX === w - 1 ? 1 : 0) + (box.maxY === h - 1 ? 1 : 0);
    if (sides > 1) continue;
    const shape = orientedShape(mask, w);
    if (shape.fill < MIN_CARD_FILL) continue;
    bestArea = box.area;
    best = { color, mask, ...box, longSide: shape.longSide, meanLuma: meanLumaOf(data, mask, colourMask), colour: colourMask, frame: shape.frame, sides };
  }
  return best;
}

function boundsOf(mask: Uint8Array, w: number): { minX: number; minY: number; maxX: number; maxY: number; area: number } {
  let minX = w;
  let minY = Number.MAX_SAFE_INTEGER;
  let maxX = -1;
  let maxY = -1;
  let area = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] === 0) continue;
    const y = (p / w) | 0;
    const x = p - y * w;
    area++;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY, area };
}

/**
 * How well a region fills its box along its own principal axes (1 for a rectangle at any angle, π/4 for an
 * ellipse), and that box's long side. The axes come from the second moments with one square root, no trigonometry.
 */
export function orientedShape(mask: Uint8Array, w: number): { fill: number; longSide: number; frame: CardFrame } {
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] === 0) continue;
    const y = (p / w) | 0;
    count++;
    sx += p - y * w;
    sy += y;
  }
  if (count === 0) return { fill: 0, longSide: 0, frame: { mx: 0, my: 0, ex: 1, ey: 0 } };
  const mx = sx / count;
  const my = sy / count;
  let a = 0;
  let b = 0;
  let c = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] === 0) continue;
    const y = (p / w) | 0;
    const dx = p - y * w - mx;
    const dy = y - my;
    a += dx * dx;
    b += dx * dy;
    c += dy * dy;
  }
  let ex = 1;
  let ey = 0;
  if (b !== 0) {
    const l1 = (a + c) / 2 + Math.sqrt(((a - c) / 2) ** 2 + b * b);
    const len = Math.sqrt(b * b + (l1 - a) ** 2);
    ex = b / len;
    ey = (l1 - a) / len;
  } else if (c > a) {
    ex = 0;
    ey = 1;
  }
  let u0 = Infinity;
  let u1 = -Infinity;
  let v0 = Infinity;
  let v1 = -Infinity;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] === 0) continue;
    const y = (p / w) | 0;
    const dx = p - y * w - mx;
    const dy = y - my;
    const u = dx * ex + dy * ey;
    const v = dy * ex - dx * ey;
    if (u < u0) u0 = u;
    if (u > u1) u1 = u;
    if (v < v0) v0 = v;
    if (v > v1) v1 = v;
  }
  const lu = u1 - u0 + 1;
  const lv = v1 - v0 + 1;
  // The frame's axis is the long side's.
  const frame = lu >= lv ? { mx, my, ex, ey } : { mx, my, ex: -ey, ey: ex };
  return { fill: count / (lu * lv), longSide: Math.max(lu, lv), frame };
}

/**
 * Clears the blobs of `insects` that have a pixel outside `core` (the card shrunk by its blurred edge) and none in
 * `deep` (the card shrunk further): the edge's own dark rim, not an insect caught at the card's edge, which reaches in.
 */
function dropEdgeBlobs(insects: Uint8Array, core: Uint8Array, deep: Uint8Array, w: number, h: number): void {
  const comps = labelComponents(insects, w, h);
  const edge = new Uint8Array(comps.count + 1);
  const inward = new Uint8Array(comps.count + 1);
  for (let p = 0; p < insects.length; p++) {
    if (insects[p] === 0) continue;
    if (core[p] === 0) edge[comps.labels[p]!] = 1;
    if (deep[p] === 1) inward[comps.labels[p]!] = 1;
  }
  for (let p = 0; p < insects.length; p++) if (edge[comps.labels[p]!] === 1 && inward[comps.labels[p]!] === 0) insects[p] = 0;
}

/** A blob at the card's edge is an insect when it reaches this far further in than the edge's blur. */
export const EDGE_REACH_MM = 1.5;
/** A blob larger than any single insect with a clean ellipse's shape and one hill is one big insect up to this size. */
export const BIG_SINGLE_MAX_MM = 7;

/**
 * How many insects a blob larger than any single insect holds. Its hills count when there are two or more, unless
 * its area holds three more of the card's typical fly (a clump whose hills ran together); one hill and the shape of
 * an ellipse is one big insect (up to `BIG_SINGLE_MAX_MM`); otherwise the area decides, at least two.
 */
function clumpCount(hills: number, misfit: boolean, mm2: number, typical: number): number {
  const byArea = Math.max(2, Math.round(mm2 / typical));
  if (hills >= 2) return byArea >= hills + 3 ? byArea : hills;
  if (!misfit && mm2 <= circleArea(BIG_SINGLE_MAX_MM)) return 1;
  return byArea;
}

/** A card whose long side spans fewer measured pixels than this shows a 1 mm insect as under 2 pixels: too small. */
export const MIN_CARD_LONG_PX = 480;
/** The card must cover this share of the photo, or the photo is mostly background (a count from far away). */
export const MIN_CARD_SUBJECT_SHARE = 0.15;

/**
 * Finds a yellow or blue sticky card and counts the insects on it, or returns null when there is no card. Insects
 * are dark against the card's local brightness (uneven light) or pale; the printed grid's lines are taken out first
 * (grid.ts), and touching insects are split by the hills of their distance transform (split.ts), or by area when a
 * clump is larger than any single insect.
 */
export function analyseTrap(s: Scaled, original: RgbaImage, cardLongSideMm: number, maxRegions: number): { trap: StickyTrapResult; doubts: DoubtCode[] } | null {
  const card = findCard(s);
  if (card === null) return null;
  const { data, width: w, height: h } = s.image;
  const n = w * h;
  const insects = new Uint8Array(n);
  const mmPerMeasuredPx = cardLongSideMm / card.longSide;
  const tile = Math.max(8, Math.round(card.longSide / 16));
  insectPixelsLocal(data, card.mask, card.colour, w, h, tile, DARK_SHARE, card.meanLuma, insects, card.color === 'blue');
  // Pale insects (whiteflies) lie over a printed line and cover it: they are never taken for the line.
  const pale = new Uint8Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 4) if (insects[p] === 1 && lumaOf(data[i]!, data[i + 1]!, data[i + 2]!) >= card.meanLuma) pale[p] = 1;
  removeGridLines(insects, card.mask, w, h, card.frame, pale);
  // The card's own edge, blurred into the background by the lens and JPEG, is neither insect nor card: blobs that
  // touch the outside of the card (within 2 pixels of it) are left out
  // (after the grid's lines, which run to the edge, are gone).
  dropEdgeBlobs(insects, morph(card.mask, w, h, 2, false), morph(card.mask, w, h, 2 + Math.ceil(EDGE_REACH_MM / mmPerMeasuredPx), false), w, h);
  const comps = labelComponents(insects, w, h);
  const mm2PerPx = mmPerMeasuredPx * mmPerMeasuredPx;
  const minArea = circleArea(SIZE_RULE.minMm);
  const singleMax = circleArea(SIZE_RULE.singleMaxMm);
  const clusterMax = circleArea(SIZE_RULE.clusterMaxMm);
  // Hills of the distance transform: at least half a thrips' width high (0.35 mm), and 1 pixel of dynamic.
  const minPeak = Math.max(3, Math.round((0.35 * 3) / mmPerMeasuredPx));
  const minSplitArea = 2 * circleArea(SIZE_RULE.thripsMaxMm);

  const hills = new Int32Array(comps.count + 1).fill(1);
  const misfits = new Uint8Array(comps.count + 1);
  for (let l = 1; l <= comps.count; l++) {
    const mm2 = comps.area[l]! * mm2PerPx;
    if (mm2 >= minSplitArea && mm2 <= clusterMax) hills[l] = hillCount(comps, w, l, minPeak, 3);
    // One hill but a shape no single insect has: two insects whose neck is as wide as the smaller one.
    if (hills[l] === 1 && mm2 <= clusterMax && comps.area[l]! >= MISFIT_MIN_PX && ellipseMisfit(comps, w, l) > MISFIT_BASE + 1 / Math.sqrt(comps.area[l]!)) {
      misfits[l] = 1;
      if (mm2 <= singleMax) hills[l] = 2;
    }
  }
  // Clumps larger than any insect and with too few hills are split by area: the median area of the single
  // small flies on the card; with none on the card, a 3 mm fly (the middle of the small-fly band) stands in.
  const flies: number[] = [];
  for (let l = 1; l <= comps.count; l++) {
    const mm2 = comps.area[l]! * mm2PerPx;
    if (hills[l] === 1 && mm2 >= circleArea(SIZE_RULE.whiteflyMaxMm) && mm2 <= singleMax) flies.push(mm2);
  }
  flies.sort((x, y) => x - y);
  const typical = flies.length > 0 ? flies[flies.length >> 1]! : circleArea(3);

  const scale = areaScale(s, original);
  const histogram: Record<InsectSizeClass, number> = { small_fly: 0, thrips: 0, whitefly: 0 };
  const regions: InsectRegion[] = [];
  for (let l = 1; l <= comps.count; l++) {
    const mm2 = comps.area[l]! * mm2PerPx;
    if (mm2 < minArea || mm2 > clusterMax) continue;
    const count = mm2 <= singleMax ? hills[l]! : clumpCount(hills[l]!, misfits[l] === 1, mm2, typical);
    const sizeClass = classOf(mm2 / count);
    histogram[sizeClass] += count;
    regions.push({
      sizeClass,
      box: toOriginalBox(s, comps.minX[l]!, comps.minY[l]!, comps.maxX[l]!, comps.maxY[l]!),
      areaPx: Math.round(comps.area[l]! * scale),
      sizeMm: Math.round(Math.sqrt(mm2 / QUARTER_PI) * 10) / 10,
      count,
    });
  }
  regions.sort((a, b) => b.areaPx - a.areaPx || a.box.y - b.box.y || a.box.x - b.box.x);
  const total = histogram.small_fly + histogram.thrips + histogram.whitefly;
  const counts = INSECT_SIZE_CLASSES.filter((c) => histogram[c] > 0)
    .map((c) => ({ problemSlug: INSECT_PROBLEMS[c].slug, problemName: INSECT_PROBLEMS[c].name, sizeClass: c, count: histogram[c] }))
    .sort((a, b) => b.count - a.count);
  const doubts: DoubtCode[] = [];
  if (card.longSide < MIN_CARD_LONG_PX) doubts.push('too_small');
  if ((card.maxX - card.minX + 1) * (card.maxY - card.minY + 1) < MIN_CARD_SUBJECT_SHARE * n) doubts.push('mostly_background');
  if (card.sides > 0) doubts.push('cut_by_border');
  return {
    trap: {
      cardColor: card.color,
      cardBox: toOriginalBox(s, card.minX, card.minY, card.maxX, card.maxY),
      mmPerPx: Math.round((cardLongSideMm / (card.longSide * Math.sqrt(scale))) * 1e6) / 1e6,
      total,
      histogram,
      counts,
      regions: regions.slice(0, maxRegions),
    },
    doubts,
  };
}
