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

/** Pixel noise: one 32-bit draw split into a shared offset in [-spread, spread] and three channel jitters in [-3, 3]. */
export function pixelNoise(rand: () => number, spread: number, out: Int32Array): void {
  const u = Math.floor(rand() * 4294967296);
  out[0] = ((u & 0xffff) % (2 * spread + 1)) - spread;
  out[1] = ((u >>> 16) & 7) % 7 - 3;
  out[2] = ((u >>> 19) & 7) % 7 - 3;
  out[3] = ((u >>> 22) & 7) % 7 - 3;
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
  const n = new Int32Array(4);
  for (let p = 0, i = 0; p < width * height; p++, i += 4) {
    pixelNoise(rand, 18, n);
    const v = base + n[0]!;
    setPixel(data, i, v + n[1]!, v + n[2]!, v - 3 + n[3]!);
  }
}
