/**
 * A sticky card's printed grid: lines parallel to the card's sides, found as the positions across the card where
 * the dark pixels run the whole way, and taken out of the insect mask before insects are labelled, so an insect on
 * a line is one insect and the line is none. The card's axis from its second moments can be a few tenths of a
 * degree off the print, so the angle is refined (small tangent steps, square roots only: the same in every engine)
 * to the one that makes the lines sharpest.
 */

/** Where the card is: its centre and its long axis (unit vector) in measured pixels. */
export interface CardFrame {
  mx: number;
  my: number;
  ex: number;
  ey: number;
}

/** A position across the card is on a line when dark pixels cover at least this share of the card there. */
export const LINE_COVER = 0.4;
/** Tangent steps tried around the card's axis (±1.2°). */
const CARD_STEP = 1;
const TILTS = Array.from({ length: 25 }, (_, k) => (k - 12) * 0.00175);

interface Axis {
  ex: number;
  ey: number;
}

/** The set pixels of a mask as offsets from the card's centre. */
interface Points {
  dx: Float64Array;
  dy: Float64Array;
}

function pointsOf(mask: Uint8Array, w: number, f: CardFrame, step: number): Points {
  let count = 0;
  for (let p = 0; p < mask.length; p += step) if (mask[p] === 1) count++;
  const dx = new Float64Array(count);
  const dy = new Float64Array(count);
  let k = 0;
  for (let p = 0; p < mask.length; p += step) {
    if (mask[p] === 0) continue;
    const y = (p / w) | 0;
    dx[k] = p - y * w - f.mx;
    dy[k++] = y - f.my;
  }
  return { dx, dy };
}

/** Histogram of the points' coordinate along `a`, in whole-pixel bins from `lo`. */
function project(pts: Points, a: Axis, lo: number, bins: number, weight: number): Int32Array {
  const hist = new Int32Array(bins);
  const { dx, dy } = pts;
  for (let k = 0; k < dx.length; k++) {
    const b = Math.floor(dx[k]! * a.ex + dy[k]! * a.ey) - lo;
    if (b >= 0 && b < bins) hist[b] = hist[b]! + weight;
  }
  return hist;
}

const tilted = (a: Axis, t: number): Axis => {
  const len = Math.sqrt(1 + t * t);
  return { ex: (a.ex - t * a.ey) / len, ey: (a.ey + t * a.ex) / len };
};

/** Line bands (inclusive bin ranges) across `axis`, with the axis they were found along. */
interface Lines {
  axis: Axis;
  lo: number;
  bands: Array<[number, number]>;
  /** Per bin: 1 inside a band. */
  inBand: Uint8Array;
}

function findLines(dark: Points, card: Points, w: number, h: number, base: Axis): Lines | null {
  const reach = Math.ceil(Math.sqrt(w * w + h * h) / 2) + 2;
  const lo = -reach;
  const bins = 2 * reach + 1;
  let best: Axis = base;
  let bestScore = -1;
  for (const t of TILTS) {
    const axis = tilted(base, t);
    const hist = project(dark, axis, lo, bins, 1);
    let score = 0;
    for (let b = 0; b < bins; b++) score += hist[b]! * hist[b]!;
    if (score > bestScore) {
      bestScore = score;
      best = axis;
    }
  }
  const darkHist = project(dark, best, lo, bins, 1);
  // The card's pixels sampled one in CARD_STEP, counted CARD_STEP times: its cut across the card is long and even.
  const cardHist = project(card, best, lo, bins, CARD_STEP);
  let most = 0;
  for (let b = 0; b < bins; b++) most = Math.max(most, cardHist[b]!);
  const cover = new Float64Array(bins);
  // Only where the card is at least a third as long as its longest cut: not its corners or ends.
  for (let b = 0; b < bins; b++) if (cardHist[b]! * 3 >= most) cover[b] = darkHist[b]! / cardHist[b]!;
  const inBand = new Uint8Array(bins);
  const bands: Array<[number, number]> = [];
  for (let b = 0; b < bins; b++) {
    // A thin line smeared over two bins covers less of each: a bin and its darker neighbour together count.
    const beside = Math.max(b > 0 ? cover[b - 1]! : 0, b < bins - 1 ? cover[b + 1]! : 0);
    if (cover[b]! < LINE_COVER && (cover[b]! < LINE_COVER / 2 || cover[b]! + beside < LINE_COVER)) continue;
    const last = bands[bands.length - 1];
    if (last && last[1] >= b - 1) last[1] = b;
    else bands.push([b, b]);
  }
  if (bands.length === 0) return null;
  for (const band of bands) {
    band[0] -= 1;
    band[1] += 1;
    for (let b = Math.max(0, band[0]); b <= Math.min(bins - 1, band[1]); b++) inBand[b] = 1;
  }
  return { axis: best, lo, bands, inBand };
}

/**
 * Takes the printed grid's lines out of `dark` (in place) and returns how many lines were found. A line pixel stays
 * when a pixel just outside the line, across it on either side, is dark and off every line: an insect lying on or
 * over the line, which stays one piece.
 */
export function removeGridLines(dark: Uint8Array, card: Uint8Array, w: number, h: number, f: CardFrame): number {
  const darkPts = pointsOf(dark, w, f, 1);
  const cardPts = pointsOf(card, w, f, CARD_STEP);
  const along = findLines(darkPts, cardPts, w, h, { ex: f.ex, ey: f.ey });
  const across = findLines(darkPts, cardPts, w, h, { ex: -f.ey, ey: f.ex });
  const sets = [along, across].filter((l): l is Lines => l !== null);
  if (sets.length === 0) return 0;
  const n = w * h;
  const onLine = new Uint8Array(n);
  const bandOf: Int32Array[] = sets.map(() => new Int32Array(n).fill(-1));
  for (let p = 0; p < n; p++) {
    if (card[p] === 0) continue;
    const y = (p / w) | 0;
    const dx = p - y * w - f.mx;
    const dy = y - f.my;
    sets.forEach((s, k) => {
      const b = Math.floor(dx * s.axis.ex + dy * s.axis.ey) - s.lo;
      if (b >= 0 && b < s.inBand.length && s.inBand[b] === 1) {
        onLine[p] = 1;
        bandOf[k]![p] = b;
      }
    });
  }
  const darkOff = (x: number, y: number): boolean => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= w || yi >= h) return false;
    const q = yi * w + xi;
    return dark[q] === 1 && onLine[q] === 0;
  };
  const remove: number[] = [];
  for (let p = 0; p < n; p++) {
    if (dark[p] === 0 || onLine[p] === 0) continue;
    const y = (p / w) | 0;
    const x = p - y * w;
    let keep = true;
    sets.forEach((s, k) => {
      const b = bandOf[k]![p]!;
      if (b < 0) return;
      const band = s.bands.find(([b0, b1]) => b >= b0 && b <= b1)!;
      // Step across the line to one pixel beyond each side of its band.
      const before = band[0] - 1 - b;
      const after = band[1] + 2 - b;
      const crossed = darkOff(x + before * s.axis.ex, y + before * s.axis.ey) || darkOff(x + after * s.axis.ex, y + after * s.axis.ey);
      if (!crossed) keep = false;
    });
    if (!keep) remove.push(p);
  }
  for (const p of remove) dark[p] = 0;
  return sets.reduce((sum, s) => sum + s.bands.length, 0);
}
