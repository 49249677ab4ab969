/**
 * Drawing helpers of the accuracy bench, written apart from `@verdant/vision/testing` on purpose (another random
 * generator, other shapes, soft edges, light and JPEG), so the engine is not scored on the drawings it was tuned on.
 */

/** splitmix32: a different generator from the unit tests' mulberry32. */
export function rng(seed: number): () => number {
  let s = (seed * 0x9e3779b9) >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

export const between = (r: () => number, lo: number, hi: number): number => lo + r() * (hi - lo);
export const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

export interface Canvas {
  width: number;
  height: number;
  /** RGB as floats, 3 per pixel. */
  rgb: Float32Array;
}

export function canvas(width: number, height: number): Canvas {
  return { width, height, rgb: new Float32Array(width * height * 3) };
}

/** Blends `colour` into pixel p with opacity a. */
export function blend(c: Canvas, p: number, colour: readonly number[], a: number): void {
  const i = p * 3;
  c.rgb[i] = c.rgb[i]! * (1 - a) + colour[0]! * a;
  c.rgb[i + 1] = c.rgb[i + 1]! * (1 - a) + colour[1]! * a;
  c.rgb[i + 2] = c.rgb[i + 2]! * (1 - a) + colour[2]! * a;
}

/**
 * Smooth value noise (bilinear between random lattice values), 0..1, with `cells` lattice cells across the
 * longer side: mottling of a leaf, soil texture, uneven light.
 */
export function valueNoise(r: () => number, width: number, height: number, cells: number): (x: number, y: number) => number {
  const step = Math.max(width, height) / cells;
  const gw = Math.ceil(width / step) + 2;
  const gh = Math.ceil(height / step) + 2;
  const grid = new Float32Array(gw * gh);
  for (let k = 0; k < grid.length; k++) grid[k] = r();
  return (x, y) => {
    const gx = x / step;
    const gy = y / step;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const fx = gx - x0;
    const fy = gy - y0;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    // No closure per call here: tsx names every arrow function it creates, which costs more than the noise.
    const i = y0 * gw + x0;
    const top = grid[i]! * (1 - sx) + grid[i + 1]! * sx;
    const bottom = grid[i + gw]! * (1 - sx) + grid[i + gw + 1]! * sx;
    return top * (1 - sy) + bottom * sy;
  };
}

/** A star-shaped outline: radius as a function of angle, a sum of a few random harmonics around 1. */
export function wobblyRadius(r: () => number, amount: number, harmonics: number): (angle: number) => number {
  const terms = Array.from({ length: harmonics }, (_, k) => ({ k: k + 2, a: (r() * amount) / (k + 1), phase: r() * 2 * Math.PI }));
  return (angle) => {
    let sum = 1;
    for (const t of terms) sum += t.a * Math.cos(t.k * angle + t.phase);
    return sum;
  };
}

/**
 * Light: a linear gradient in a random direction (the far side at 1 − strength) times a soft vignette, and a
 * white-balance tint per channel; then per-pixel sensor noise; written into RGBA bytes.
 */
export function expose(
  c: Canvas,
  r: () => number,
  opts: { gradient: number; vignette: number; tint: [number, number, number]; noise: number; exposure: number },
): Uint8Array {
  const { width: w, height: h } = c;
  const out = new Uint8Array(w * h * 4);
  const angle = r() * 2 * Math.PI;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const span = Math.abs(dx) * w + Math.abs(dy) * h;
  const x0 = dx < 0 ? w : 0;
  const y0 = dy < 0 ? h : 0;
  const cx = w / 2;
  const cy = h / 2;
  const rr = cx * cx + cy * cy;
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const t = ((x - x0) * dx + (y - y0) * dy) / span;
      const v = 1 - opts.vignette * (((x - cx) ** 2 + (y - cy) ** 2) / rr);
      const f = opts.exposure * (1 - opts.gradient * t) * v;
      const n = (r() - 0.5) * 2 * opts.noise;
      for (let k = 0; k < 3; k++) {
        const value = c.rgb[p * 3 + k]! * f * opts.tint[k]! + n;
        out[p * 4 + k] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
      }
      out[p * 4 + 3] = 255;
    }
  }
  return out;
}

export type Background = 'white' | 'grey' | 'soil' | 'cluttered';

/** Fills the canvas with a background: paper, a grey bench, textured soil, or a bench with objects on it. */
export function paintBackground(c: Canvas, r: () => number, kind: Background): void {
  const { width: w, height: h } = c;
  const mottle = valueNoise(r, w, h, 6 + Math.floor(r() * 10));
  const grain = valueNoise(r, w, h, Math.max(20, Math.floor(w / 12)));
  const base: Record<Background, number[]> = {
    white: [238, 238, 232],
    grey: [128 + between(r, -30, 40), 0, 0],
    soil: [between(r, 70, 105), 0, 0],
    cluttered: [between(r, 120, 170), 0, 0],
  };
  const b = base[kind];
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const m = mottle(x, y) - 0.5;
      const g = grain(x, y) - 0.5;
      let rgb: number[];
      if (kind === 'white') rgb = [b[0]! + 10 * m, b[1]! + 10 * m, b[2]! + 10 * m];
      else if (kind === 'soil') {
        const v = b[0]! * (1 + 0.35 * m + 0.5 * g);
        rgb = [v, v * 0.72, v * 0.5];
      } else if (kind === 'cluttered') {
        const v = b[0]! * (1 + 0.2 * m);
        rgb = [v * 1.05, v * 0.95, v * 0.82]; // a wooden table
      } else rgb = [b[0]! + 20 * m, b[0]! + 20 * m, b[0]! + 18 * m + 4];
      c.rgb[p * 3] = rgb[0]!;
      c.rgb[p * 3 + 1] = rgb[1]!;
      c.rgb[p * 3 + 2] = rgb[2]!;
    }
  }
  if (kind !== 'cluttered') return;
  // Objects on the table: pots, labels, tools, a glove — never green (a second plant is another test).
  const colours = [[200, 60, 40], [40, 60, 170], [230, 230, 225], [30, 30, 30], [150, 110, 70], [200, 170, 60], [120, 120, 130], [170, 80, 160]];
  const objects = 6 + Math.floor(r() * 10);
  for (let k = 0; k < objects; k++) {
    const colour = pick(r, colours);
    const ox = r() * w;
    const oy = r() * h;
    const rx = between(r, 0.03, 0.12) * w;
    const ry = between(r, 0.03, 0.12) * h;
    const round = r() < 0.5;
    for (let y = Math.max(0, Math.floor(oy - ry)); y < Math.min(h, Math.ceil(oy + ry)); y++) {
      for (let x = Math.max(0, Math.floor(ox - rx)); x < Math.min(w, Math.ceil(ox + rx)); x++) {
        if (round && ((x - ox) / rx) ** 2 + ((y - oy) / ry) ** 2 > 1) continue;
        blend(c, y * w + x, colour, 1);
      }
    }
  }
}
