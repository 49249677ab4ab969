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

/** Line pixels are looked for this many bins either side of where the dark pixels line up (a line a little off). */
const BAND_MARGIN = 2;
/** Runs across a line are followed this far (pixels): further is an insect anyway. */
const RUN_CAP = 16;

/**
 * Takes the printed grid's lines out of `dark` (in place) and returns how many lines were found. Only thin, dark
 * pixels go: a pixel in a line's band is a line pixel when the run of dark pixels through it across the line is no
 * longer than the line is wide (the commonest run across the band, plus one). Where an insect lies on or over the
 * line, the run across is the insect's width, so the insect stays whole; pixels set in `keep` (pale insects, which
 * cover the line) never go. The two sets of lines go one after the other, so a crossing, long across the first
 * set's lines, goes with the second set.
 */
export function removeGridLines(dark: Uint8Array, card: Uint8Array, w: number, h: number, f: CardFrame, keep?: Uint8Array): number {
  const darkPts = pointsOf(dark, w, f, 1);
  const cardPts = pointsOf(card, w, f, CARD_STEP);
  const along = findLines(darkPts, cardPts, w, h, { ex: f.ex, ey: f.ey });
  const across = findLines(darkPts, cardPts, w, h, { ex: -f.ey, ey: f.ex });
  const sets = [along, across].filter((l): l is Lines => l !== null);
  if (sets.length === 0) return 0;
  const n = w * h;
  const isDark = (x: number, y: number): boolean => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi >= 0 && yi >= 0 && xi < w && yi < h && dark[yi * w + xi] === 1;
  };
  const bandsAt = new Uint8Array(n);
  for (const s of sets) {
    const inBand = new Uint8Array(s.inBand.length);
    for (const [b0, b1] of s.bands) for (let b = Math.max(0, b0 - BAND_MARGIN + 1); b <= Math.min(inBand.length - 1, b1 + BAND_MARGIN - 1); b++) inBand[b] = 1;
    const candidates: number[] = [];
    const runs: number[] = [];
    for (let p = 0; p < n; p++) {
      if (dark[p] === 0 || card[p] === 0 || keep?.[p] === 1) continue;
      const y = (p / w) | 0;
      const x = p - y * w;
      const b = Math.floor((x - f.mx) * s.axis.ex + (y - f.my) * s.axis.ey) - s.lo;
      if (b < 0 || b >= inBand.length || inBand[b] === 0) continue;
      bandsAt[p]!++;
      let run = 1;
      for (let k = 1; k <= RUN_CAP && isDark(x + k * s.axis.ex, y + k * s.axis.ey); k++) run++;
      for (let k = 1; k <= RUN_CAP && isDark(x - k * s.axis.ex, y - k * s.axis.ey); k++) run++;
      candidates.push(p);
      runs.push(run);
    }
    if (candidates.length === 0) continue;
    // The commonest run is the bare line's width (insects on the line are fewer pixels than the line).
    const histogram = new Int32Array(2 * RUN_CAP + 2);
    for (const r of runs) histogram[r]!++;
    let mode = 1;
    for (let r = 2; r < histogram.length; r++) if (histogram[r]! > histogram[mode]!) mode = r;
    const thin = mode + 1;
    for (let k = 0; k < candidates.length; k++) if (runs[k]! <= thin) dark[candidates[k]!] = 0;
  }
  if (sets.length === 2) dropCrossings(dark, bandsAt, w, h);
  return sets.reduce((sum, s) => sum + s.bands.length, 0);
}

/**
 * Where two lines cross, the crossing is thick across both: what is left of it is a blob that lies wholly inside
 * both lines' bands (`bandsAt` 2). Such blobs go; an insect on a crossing reaches out of it and stays.
 */
function dropCrossings(dark: Uint8Array, bandsAt: Uint8Array, w: number, h: number): void {
  const seen = new Uint8Array(dark.length);
  const stack: number[] = [];
  const blob: number[] = [];
  for (let start = 0; start < dark.length; start++) {
    if (dark[start] === 0 || bandsAt[start] !== 2 || seen[start] === 1) continue;
    stack.push(start);
    seen[start] = 1;
    blob.length = 0;
    let inside = true;
    while (stack.length > 0) {
      const p = stack.pop()!;
      blob.push(p);
      if (bandsAt[p] !== 2) inside = false;
      const y = (p / w) | 0;
      const x = p - y * w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const q = yy * w + xx;
          if (dark[q] === 1 && seen[q] === 0) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    if (inside) for (const p of blob) dark[p] = 0;
  }
}
