import { LESION_TYPES, type LesionType, type RgbaImage } from '../types.js';
import { blankImage, fillBench, pixelNoise, randomInt, seededRandom, setPixel } from './rng.js';

export interface LeafImageOptions {
  width?: number;
  height?: number;
  seed?: number;
  /** Share of the leaf to paint with each symptom (0..1); the painted share is reported exactly in `expected`. */
  lesions?: Partial<Record<LesionType, number>>;
  /** Centre the lesions on the leaf's outline (margin scorch, edge necrosis): only their inner half is painted. */
  atEdge?: boolean;
  /** Leaf size relative to the usual (about three quarters of the frame); above 1.4 the leaf runs off the photo. */
  zoom?: number;
  /** Brown soil in the bottom-left corner of the photo, reaching the leaf: background, not necrosis. */
  soilCorner?: boolean;
  /** Multiply every pixel by this (under 1: a dim photo, over 1: a bright one). */
  exposure?: number;
  /** Light falling off from the left edge (1) to the right edge (1 − shade), as under a lamp at one side. */
  shade?: number;
  /** The background: a grey bench (default), white paper (the colour of powdery mildew) or brown soil (of necrosis). */
  background?: 'grey' | 'white' | 'soil';
  /** A band of this symptom across the whole leaf, from margin to margin, covering about `share` of it. */
  band?: { type: LesionType; share: number };
  /**
   * A cluttered table: flat objects of lesion colours (a brown pot, a red label, a yellow tag, a black tool, white
   * paper, a blue glove) around the leaf, some reaching under it. Background, not symptoms.
   */
  clutter?: boolean;
  /** Soften the photo with a 3 × 3 box blur this many times (a lens, JPEG): lesion edges become mixed colours. */
  blur?: number;
}

export interface LeafImage {
  image: RgbaImage;
  /** Leaf pixels (lesions included). */
  leafPx: number;
  /** Painted pixels per symptom. */
  lesionPx: Record<LesionType, number>;
  /** Painted share of the leaf per symptom, and all symptoms together. */
  expected: Record<LesionType, number>;
  expectedAffected: number;
}

/** Base colour and per-channel noise of each symptom as painted. */
const LESION_PAINT: Record<LesionType, [number, number, number, number]> = {
  chlorotic: [208, 200, 72, 12],
  necrotic: [128, 82, 42, 10],
  powdery: [226, 230, 220, 8],
  dark_spot: [40, 34, 28, 8],
};

/**
 * A leaf photo: a textured green ellipse with a lighter midrib on a grey bench, with round lesions of each
 * requested symptom painted inside the leaf (not overlapping) until the requested share is reached.
 */
export function makeLeafImage(opts: LeafImageOptions = {}): LeafImage {
  const width = opts.width ?? 800;
  const height = opts.height ?? 600;
  const rand = seededRandom(opts.seed ?? 1);
  const img = blankImage(width, height);
  const { data } = img;
  if (opts.background === 'white') fillBench(data, width, height, rand, 228);
  else if (opts.background === 'soil') fillSoil(data, width, height, rand);
  else fillBench(data, width, height, rand);

  const cx = width / 2 + randomInt(rand, -width / 40, width / 40);
  const cy = height / 2 + randomInt(rand, -height / 40, height / 40);
  const zoom = opts.zoom ?? 1;
  const a = width * (0.36 + rand() * 0.04) * zoom;
  const b = height * (0.3 + rand() * 0.04) * zoom;
  const inLeaf = (x: number, y: number): boolean => ((x - cx) / a) ** 2 + ((y - cy) / b) ** 2 <= 1;
  if (opts.clutter) paintClutter(data, width, height, rand, cx, cy, a, b);
  const layer = new Uint8Array(width * height);
  const noise = new Int32Array(4);
  let leafPx = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!inLeaf(x, y)) continue;
      const p = y * width + x;
      layer[p] = 1;
      leafPx++;
      pixelNoise(rand, 14, noise);
      const n = noise[0]!;
      const vein = Math.abs(y - cy) < Math.max(1, height / 300) ? 30 : 0;
      setPixel(data, p * 4, 58 + vein + n + 2 * noise[1]!, 132 + vein + n + 2 * noise[2]!, 48 + vein / 2 + n + 2 * noise[3]!);
    }
  }

  if (opts.soilCorner) {
    // A disc centred on the corner, reaching 4 pixels past the leaf's outline on the way to its centre.
    const dist = Math.sqrt(cx * cx + (height - 1 - cy) ** 2);
    let t = 0;
    while (t < 1 && !inLeaf(cx * t, height - 1 - (height - 1 - cy) * t)) t += 1 / dist;
    const reach = t * dist + 4;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (x * x + (height - 1 - y) ** 2 > reach * reach || layer[y * width + x] !== 0) continue;
        const n = randomInt(rand, -10, 10);
        setPixel(data, (y * width + x) * 4, 110 + n, 72 + n, 40 + n);
      }
    }
  }
  const lesionPx = { chlorotic: 0, necrotic: 0, powdery: 0, dark_spot: 0 } satisfies Record<LesionType, number>;
  if (opts.band) {
    // Columns from the centre outwards until the share is covered: the band reaches both margins.
    const [r0, g0, b0, noise] = LESION_PAINT[opts.band.type];
    const code = LESION_TYPES.indexOf(opts.band.type) + 2;
    const target = opts.band.share * leafPx;
    for (let k = 0; lesionPx[opts.band.type] < target && k < width; k++) {
      const x = Math.round(cx) + (k % 2 === 0 ? k / 2 : -(k + 1) / 2);
      if (x < 0 || x >= width) continue;
      for (let y = 0; y < height; y++) {
        const p = y * width + x;
        if (layer[p] !== 1) continue;
        layer[p] = code;
        lesionPx[opts.band.type]++;
        const n = randomInt(rand, -noise, noise);
        setPixel(data, p * 4, r0 + n, g0 + n, b0 + n);
      }
    }
  }
  const small = Math.min(a, b);
  LESION_TYPES.forEach((type, t) => {
    const code = t + 2;
    const target = Math.round((opts.lesions?.[type] ?? 0) * leafPx);
    const [r0, g0, b0, noise] = LESION_PAINT[type];
    for (let tries = 0; tries < 5000 && lesionPx[type] < target; tries++) {
      const remaining = target - lesionPx[type];
      const r = Math.max(2, Math.min(small * (0.04 + rand() * 0.08), Math.sqrt(remaining / Math.PI) + 1));
      let px = cx + (rand() * 2 - 1) * a;
      let py = cy + (rand() * 2 - 1) * b;
      if (opts.atEdge) {
        const len = Math.sqrt((px - cx) ** 2 + (py - cy) ** 2);
        if (len === 0) continue;
        px = cx + ((px - cx) / len) * a;
        py = cy + ((py - cy) / len) * b;
        if (px - r < 1 || py - r < 1 || px + r > width - 2 || py + r > height - 2) continue;
      } else if (!insideShrunk(px, py, cx, cy, a - r - 3, b - r - 3)) continue;
      if (!free(layer, width, height, px, py, r + 2, opts.atEdge === true)) continue;
      for (let y = Math.floor(py - r); y <= Math.ceil(py + r); y++) {
        for (let x = Math.floor(px - r); x <= Math.ceil(px + r); x++) {
          if ((x - px) ** 2 + (y - py) ** 2 > r * r || x < 0 || y < 0 || x >= width || y >= height) continue;
          const p = y * width + x;
          if (layer[p] === 0) continue;
          layer[p] = code;
          lesionPx[type]++;
          const n = randomInt(rand, -noise, noise);
          setPixel(data, p * 4, r0 + n + randomInt(rand, -3, 3), g0 + n + randomInt(rand, -3, 3), b0 + n + randomInt(rand, -3, 3));
        }
      }
    }
  });
  const exposure = opts.exposure ?? 1;
  const shade = opts.shade ?? 0;
  if (exposure !== 1 || shade !== 0) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const f = exposure * (1 - (shade * x) / Math.max(1, width - 1));
        const i = (y * width + x) * 4;
        data[i] = Math.round(data[i]! * f);
        data[i + 1] = Math.round(data[i + 1]! * f);
        data[i + 2] = Math.round(data[i + 2]! * f);
      }
    }
  }
  for (let k = 0; k < (opts.blur ?? 0); k++) boxBlur(data, width, height);
  const expected = { chlorotic: 0, necrotic: 0, powdery: 0, dark_spot: 0 } satisfies Record<LesionType, number>;
  let affected = 0;
  for (const type of LESION_TYPES) {
    expected[type] = lesionPx[type] / leafPx;
    affected += lesionPx[type];
  }
  return { image: img, leafPx, lesionPx, expected, expectedAffected: affected / leafPx };
}

/** Brown soil with darker and lighter crumbs: the colour of necrotic tissue, so only the leaf's outline tells them apart. */
function fillSoil(data: Uint8ClampedArray, width: number, height: number, rand: () => number): void {
  for (let p = 0; p < width * height; p++) {
    const v = 96 + randomInt(rand, -22, 22);
    setPixel(data, p * 4, v, Math.round(v * 0.7), Math.round(v * 0.45));
  }
}

function insideShrunk(x: number, y: number, cx: number, cy: number, a: number, b: number): boolean {
  return a > 0 && b > 0 && ((x - cx) / a) ** 2 + ((y - cy) / b) ** 2 <= 1;
}

/** Whether the disc is all healthy leaf (layer 1; or background, 0, when `edge`), so lesions never overlap. */
function free(layer: Uint8Array, width: number, height: number, px: number, py: number, r: number, edge: boolean): boolean {
  for (let y = Math.floor(py - r); y <= Math.ceil(py + r); y++) {
    for (let x = Math.floor(px - r); x <= Math.ceil(px + r); x++) {
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const l = layer[y * width + x];
      if ((x - px) ** 2 + (y - py) ** 2 <= r * r && l !== 1 && !(edge && l === 0)) return false;
    }
  }
  return true;
}

/** Objects on the table: the colours of lesions and others, flat, half of them centred on the leaf's outline. */
function paintClutter(data: Uint8ClampedArray, width: number, height: number, rand: () => number, cx: number, cy: number, a: number, b: number): void {
  const colours = [[150, 110, 70], [190, 60, 40], [200, 170, 60], [30, 30, 30], [230, 230, 225], [40, 60, 170]];
  for (let k = 0; k < 10; k++) {
    const [r, g, bl] = colours[k % colours.length]!;
    const angle = rand() * 2 * Math.PI;
    const onLeaf = k % 2 === 0;
    const ox = onLeaf ? cx + Math.cos(angle) * a : rand() * width;
    const oy = onLeaf ? cy + Math.sin(angle) * b : rand() * height;
    const rx = width * (0.04 + rand() * 0.05);
    const ry = height * (0.04 + rand() * 0.05);
    const round = rand() < 0.5;
    for (let y = Math.max(0, Math.floor(oy - ry)); y < Math.min(height, Math.ceil(oy + ry)); y++) {
      for (let x = Math.max(0, Math.floor(ox - rx)); x < Math.min(width, Math.ceil(ox + rx)); x++) {
        if (round && ((x - ox) / rx) ** 2 + ((y - oy) / ry) ** 2 > 1) continue;
        const n = randomInt(rand, -4, 4);
        setPixel(data, (y * width + x) * 4, r! + n, g! + n, bl! + n);
      }
    }
  }
}

/** One 3 × 3 box blur of the RGB channels (the border rows and columns are left as they are). */
function boxBlur(data: Uint8ClampedArray, width: number, height: number): void {
  const src = data.slice();
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += src[i + (dy * width + dx) * 4 + c]!;
        data[i + c] = Math.round(sum / 9);
      }
    }
  }
}
