/** A seeded pseudo-random generator (mulberry32): 32-bit integer steps, the same sequence in every engine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [lo, hi]. */
export function randomInt(rand: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

/** A blank RGBA image. */
export function blankImage(width: number, height: number): { data: Uint8ClampedArray; width: number; height: number } {
  return { data: new Uint8ClampedArray(width * height * 4), width, height };
}

/** Writes one opaque pixel; the clamped array keeps channels in 0..255. */
export function setPixel(data: Uint8ClampedArray, i: number, r: number, g: number, b: number): void {
  data[i] = r;
  data[i + 1] = g;
  data[i + 2] = b;
  data[i + 3] = 255;
}

/**
 * A textured neutral background (a bench or a table): grey with per-pixel noise, achromatic enough that no
 * pixel reads as leaf or card colour.
 */
export function fillBench(data: Uint8ClampedArray, width: number, height: number, rand: () => number, base = 128): void {
  for (let p = 0, i = 0; p < width * height; p++, i += 4) {
    const v = base + randomInt(rand, -18, 18);
    setPixel(data, i, v + randomInt(rand, -3, 3), v + randomInt(rand, -3, 3), v - 3 + randomInt(rand, -3, 3));
  }
}
