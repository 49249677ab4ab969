import type { InsectSizeClass, RgbaImage } from '../types.js';
import { blankImage, fillBench, pixelNoise, randomInt, seededRandom, setPixel } from './rng.js';

export interface CardImageOptions {
  width?: number;
  height?: number;
  seed?: number;
  color?: 'yellow' | 'blue';
  /** How many single insects to draw (mixed sizes, about a third of each class). */
  insects: number;
  /** Real long side of the card (default 250 mm), which sets the drawn insects' size in pixels. */
  cardLongSideMm?: number;
  /** Tilt the card by 10°. */
  tilt?: boolean;
  /** A printed grid: dark lines 0.5 mm wide every 25 mm, across the whole card (insects are drawn off the lines). */
  grid?: boolean;
  /** Draw the whitefly-sized insects white, as whiteflies look on a card (otherwise every insect is dark). */
  paleWhiteflies?: boolean;
  /** Clumps of four touching 3 mm flies (2 × 2, centres 2.7 mm apart), drawn before the single insects. */
  clusters?: number;
  /** With `grid`: this many 2.5–3.5 mm flies centred on a grid line (across or along it), drawn first. */
  onLines?: number;
  /** Pairs of touching insects of mixed sizes (1.6–3.4 mm, centres 0.85 of the sum of their radii apart). */
  touchingPairs?: number;
  /**
   * Pairs of a 3.6–4.4 mm fly and a 1.6–2.0 mm insect whose centres are 0.8 of the sum of their radii apart: the
   * smaller one sits in the fly's side with a neck as wide as itself, so their distance transform has one hill.
   */
  wideNeckPairs?: number;
  /** With `grid`: this many 1.4–1.9 mm insects centred on a grid line, drawn after `onLines` (white with `paleWhiteflies`). */
  smallOnLines?: number;
}

export interface DrawnInsect {
  sizeClass: InsectSizeClass;
  /** Centre in image pixels. */
  x: number;
  y: number;
  /** Equivalent-circle diameter in millimetres. */
  diameterMm: number;
}

export interface CardImage {
  image: RgbaImage;
  insects: DrawnInsect[];
  histogram: Record<InsectSizeClass, number>;
  /** Card long side in image pixels. */
  cardLongSidePx: number;
}

/** Drawn size (equivalent diameter range in mm) and elongation of each class, inside the `SIZE_RULE` bands. */
const DRAWN: Record<InsectSizeClass, { min: number; max: number; aspect: number }> = {
  thrips: { min: 0.8, max: 1.05, aspect: 1.8 },
  whitefly: { min: 1.5, max: 1.8, aspect: 1.3 },
  small_fly: { min: 2.4, max: 3.4, aspect: 1.5 },
};
const CLASSES: InsectSizeClass[] = ['thrips', 'whitefly', 'small_fly'];
/** Unit vectors for 0°, 45°, 90°, 135° (and the 10° tilt), written out so no engine's trigonometry is involved. */
const DIRECTIONS: [number, number][] = [
  [1, 0],
  [0.7071067811865476, 0.7071067811865476],
  [0, 1],
  [-0.7071067811865476, 0.7071067811865476],
];
const TILT: [number, number] = [0.984807753012208, 0.17364817766693033];

/**
 * A sticky-card photo: a yellow or blue 10 × 25 card on a grey bench with `insects` dark elliptical blobs of known
 * size class, never touching each other (two pixels apart at least).
 */
export function makeCardImage(opts: CardImageOptions): CardImage {
  const width = opts.width ?? 1024;
  const height = opts.height ?? 512;
  const rand = seededRandom(opts.seed ?? 1);
  const img = blankImage(width, height);
  const { data } = img;
  fillBench(data, width, height, rand, 110);
  const [c, s] = opts.tilt ? TILT : [1, 0];
  const long = Math.floor(width * (opts.tilt ? 0.8 : 0.9));
  const short = Math.floor(long * 0.4);
  const cx = width / 2;
  const cy = height / 2;
  const toCard = (x: number, y: number): [number, number] => [(x - cx) * c + (y - cy) * s, -(x - cx) * s + (y - cy) * c];
  const [cr, cg, cb] = opts.color === 'blue' ? [24, 92, 205] : [236, 220, 32];
  const occupied = new Uint8Array(width * height);
  const noise = new Int32Array(4);
  const pxPerMm = long / (opts.cardLongSideMm ?? 250);
  const grid = opts.grid === true;
  const gridStep = 25 * pxPerMm;
  const lineHalf = Math.max(0.5, 0.25 * pxPerMm);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [u, v] = toCard(x, y);
      if (Math.abs(u) > long / 2 || Math.abs(v) > short / 2) continue;
      pixelNoise(rand, 8, noise);
      const p = y * width + x;
      const fromLine = grid ? Math.min(gridDistance(u + long / 2, gridStep), gridDistance(v + short / 2, gridStep)) : Infinity;
      if (fromLine <= lineHalf) setPixel(data, p * 4, 36 + noise[0]!, 36 + noise[0]!, 40 + noise[0]!);
      else setPixel(data, p * 4, cr + noise[0]!, cg + noise[0]!, cb + noise[0]!);
      if (fromLine <= lineHalf + 3) occupied[p] = 1;
    }
  }

  const margin = 4 * pxPerMm;
  const insects: DrawnInsect[] = [];
  const histogram: Record<InsectSizeClass, number> = { small_fly: 0, thrips: 0, whitefly: 0 };
  const pale = opts.paleWhiteflies === true;
  const draw = (sizeClass: InsectSizeClass, dMm: number, aspect: number, dir: [number, number], at: [number, number] | null): boolean => {
    const d = dMm * pxPerMm;
    const ra = (d / 2) * Math.sqrt(aspect);
    const rb = d / 2 / Math.sqrt(aspect);
    const [ex, ey] = dir;
    const reach = Math.ceil(ra) + 2;
    let x = 0;
    let y = 0;
    if (at === null) {
      const u = (rand() - 0.5) * (long - 2 * margin);
      const v = (rand() - 0.5) * (short - 2 * margin);
      x = cx + u * c - v * s;
      y = cy + u * s + v * c;
      if (!isFree(occupied, width, x, y, reach)) return false;
    } else {
      [x, y] = at;
    }
    for (let py = Math.floor(y - reach); py <= Math.ceil(y + reach); py++) {
      for (let px = Math.floor(x - reach); px <= Math.ceil(x + reach); px++) {
        const dx = px - x;
        const dy = py - y;
        const along = dx * ex + dy * ey;
        const across = dy * ex - dx * ey;
        const p = py * width + px;
        if ((along / (ra + 2)) ** 2 + (across / (rb + 2)) ** 2 <= 1) occupied[p] = 1;
        if ((along / ra) ** 2 + (across / rb) ** 2 > 1) continue;
        const n = randomInt(rand, -6, 6);
        if (pale && sizeClass === 'whitefly') setPixel(data, p * 4, 232 + n, 234 + n, 222 + n);
        else setPixel(data, p * 4, 44 + n, 36 + n, 28 + n);
      }
    }
    insects.push({ sizeClass, x, y, diameterMm: dMm });
    histogram[sizeClass]++;
    return true;
  };

  for (let k = 0; k < (opts.clusters ?? 0); k++) {
    const step = 2.7 * pxPerMm;
    let placed = false;
    for (let tries = 0; tries < 500 && !placed; tries++) {
      const u = (rand() - 0.5) * (long - 2 * margin - step);
      const v = (rand() - 0.5) * (short - 2 * margin - step);
      const x = cx + u * c - v * s;
      const y = cy + u * s + v * c;
      if (!isFree(occupied, width, x + step / 2, y + step / 2, Math.ceil(step + 2 * pxPerMm))) continue;
      for (const [ox, oy] of [[0, 0], [step, 0], [0, step], [step, step]] as const) draw('small_fly', 3, 1, [1, 0], [x + ox, y + oy]);
      placed = true;
    }
    if (!placed) throw new Error(`no room for cluster ${k + 1} on a ${width}×${height} card image`);
  }
  const onLine = (k: number, sizeClass: InsectSizeClass, dMm: () => number, aspect: number): void => {
    let placed = false;
    for (let tries = 0; tries < 500 && !placed; tries++) {
      const lines = Math.floor(long / gridStep);
      const u = (randomInt(rand, 1, Math.max(1, lines - 1)) * gridStep) - long / 2;
      const v = (rand() - 0.5) * (short - 2 * margin);
      const [uu, vv] = rand() < 0.5 ? [u, v] : [(rand() - 0.5) * (long - 2 * margin), Math.round((v + short / 2) / gridStep) * gridStep - short / 2];
      if (Math.abs(vv) > short / 2 - margin) continue;
      const at: [number, number] = [cx + uu * c - vv * s, cy + uu * s + vv * c];
      if (!isFreeOfInsects(insects, at, 6 * pxPerMm)) continue;
      placed = draw(sizeClass, dMm(), aspect, DIRECTIONS[randomInt(rand, 0, 3)]!, at);
    }
    if (!placed) throw new Error(`no room for insect ${k + 1} on a line`);
  };
  for (let k = 0; k < (opts.onLines ?? 0); k++) onLine(k, 'small_fly', () => 2.5 + rand(), 1.5);
  for (let k = 0; k < (opts.smallOnLines ?? 0); k++) onLine(k, 'whitefly', () => 1.4 + 0.5 * rand(), 1.2);
  for (let k = 0; k < (opts.touchingPairs ?? 0); k++) {
    let placed = false;
    for (let tries = 0; tries < 500 && !placed; tries++) {
      const d1 = 1.6 + rand() * 1.8;
      const d2 = 1.6 + rand() * 1.8;
      const gap = 0.85 * ((d1 + d2) / 2) * pxPerMm;
      const u = (rand() - 0.5) * (long - 2 * margin - gap);
      const v = (rand() - 0.5) * (short - 2 * margin);
      const x = cx + u * c - v * s;
      const y = cy + u * s + v * c;
      const dir = DIRECTIONS[randomInt(rand, 0, 3)]!;
      const second: [number, number] = [x + dir[0] * gap, y + dir[1] * gap];
      if (!isFree(occupied, width, x, y, Math.ceil(gap + 3 * pxPerMm))) continue;
      draw(d1 < 2 ? 'whitefly' : 'small_fly', d1, 1, dir, [x, y]);
      draw(d2 < 2 ? 'whitefly' : 'small_fly', d2, 1, dir, second);
      placed = true;
    }
    if (!placed) throw new Error(`no room for touching pair ${k + 1}`);
  }
  for (let k = 0; k < (opts.wideNeckPairs ?? 0); k++) {
    let placed = false;
    for (let tries = 0; tries < 500 && !placed; tries++) {
      const d1 = 3.6 + rand() * 0.8;
      const d2 = 1.6 + rand() * 0.4;
      const gap = 0.8 * ((d1 + d2) / 2) * pxPerMm;
      const u = (rand() - 0.5) * (long - 2 * margin - gap);
      const v = (rand() - 0.5) * (short - 2 * margin);
      const x = cx + u * c - v * s;
      const y = cy + u * s + v * c;
      const dir = DIRECTIONS[randomInt(rand, 0, 3)]!;
      if (!isFree(occupied, width, x, y, Math.ceil(gap + 3 * pxPerMm))) continue;
      draw('small_fly', d1, 1, dir, [x, y]);
      draw('whitefly', d2, 1, dir, [x + dir[0] * gap, y + dir[1] * gap]);
      placed = true;
    }
    if (!placed) throw new Error(`no room for wide-necked pair ${k + 1}`);
  }
  for (let k = 0; k < opts.insects; k++) {
    const sizeClass = CLASSES[(k + randomInt(rand, 0, 2)) % 3]!;
    const { min, max, aspect } = DRAWN[sizeClass];
    const dMm = min + rand() * (max - min);
    const dir = DIRECTIONS[randomInt(rand, 0, 3)]!;
    let placed = false;
    for (let tries = 0; tries < 500 && !placed; tries++) placed = draw(sizeClass, dMm, aspect, dir, null);
    if (!placed) throw new Error(`no room for insect ${k + 1} of ${opts.insects} on a ${width}×${height} card image`);
  }
  return { image: img, insects, histogram, cardLongSidePx: long };
}

/** Distance from `t` to the nearest multiple of `step`. */
function gridDistance(t: number, step: number): number {
  const r = t - Math.floor(t / step) * step;
  return Math.min(r, step - r);
}

function isFreeOfInsects(insects: DrawnInsect[], [x, y]: [number, number], apart: number): boolean {
  return insects.every((i) => (i.x - x) ** 2 + (i.y - y) ** 2 > apart * apart);
}

function isFree(occupied: Uint8Array, width: number, x: number, y: number, reach: number): boolean {
  for (let py = Math.floor(y - reach); py <= Math.ceil(y + reach); py++) {
    for (let px = Math.floor(x - reach); px <= Math.ceil(x + reach); px++) {
      if (occupied[py * width + px] === 1) return false;
    }
  }
  return true;
}
