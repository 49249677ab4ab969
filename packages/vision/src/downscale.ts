import type { Box, RgbaImage } from './types.js';

/**
 * A copy measured in place of the original, with the map back to original pixels. Column `x` of the copy
 * averages original columns `xStart[x]` .. `xStart[x + 1] - 1` (the same for rows), so boxes map back exactly.
 */
export interface Scaled {
  image: RgbaImage;
  xStart: Int32Array;
  yStart: Int32Array;
}

/** Integer boundaries of `out` boxes over `size` source pixels: boundary i is floor(i * size / out). */
function boundaries(size: number, out: number): Int32Array {
  const b = new Int32Array(out + 1);
  for (let i = 0; i <= out; i++) b[i] = Math.floor((i * size) / out);
  return b;
}

/**
 * Area-averaging downscale so that the longest side is at most `maxSide` (aspect kept). Every output pixel is the
 * rounded integer mean of a whole-pixel box of the source, so the result is the same bit for bit in every engine.
 * An image already small enough is returned as it is (not copied).
 */
export function downscale(img: RgbaImage, maxSide: number): Scaled {
  const { width: w, height: h } = img;
  const longest = Math.max(w, h);
  if (longest <= maxSide) {
    return { image: img, xStart: boundaries(w, w), yStart: boundaries(h, h) };
  }
  const ow = Math.max(1, Math.floor((w * maxSide) / longest));
  const oh = Math.max(1, Math.floor((h * maxSide) / longest));
  const xStart = boundaries(w, ow);
  const yStart = boundaries(h, oh);
  const out = new Uint8ClampedArray(ow * oh * 4);
  const sums = new Uint32Array(ow * 4);
  const src = img.data;
  for (let oy = 0; oy < oh; oy++) {
    sums.fill(0);
    const y0 = yStart[oy]!;
    const y1 = yStart[oy + 1]!;
    for (let y = y0; y < y1; y++) {
      const row = y * w * 4;
      for (let ox = 0, o = 0; ox < ow; ox++, o += 4) {
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        const end = row + xStart[ox + 1]! * 4;
        for (let i = row + xStart[ox]! * 4; i < end; i += 4) {
          r += src[i]!;
          g += src[i + 1]!;
          b += src[i + 2]!;
          a += src[i + 3]!;
        }
        sums[o] = sums[o]! + r;
        sums[o + 1] = sums[o + 1]! + g;
        sums[o + 2] = sums[o + 2]! + b;
        sums[o + 3] = sums[o + 3]! + a;
      }
    }
    const rows = y1 - y0;
    let o = oy * ow * 4;
    for (let ox = 0; ox < ow; ox++) {
      const n = rows * (xStart[ox + 1]! - xStart[ox]!);
      const half = n >> 1;
      for (let c = 0; c < 4; c++, o++) out[o] = Math.floor((sums[ox * 4 + c]! + half) / n);
    }
  }
  return { image: { data: out, width: ow, height: oh }, xStart, yStart };
}

/** A box of the measured copy (inclusive min/max corners) in original image pixels. */
export function toOriginalBox(s: Scaled, minX: number, minY: number, maxX: number, maxY: number): Box {
  const x = s.xStart[minX]!;
  const y = s.yStart[minY]!;
  return { x, y, width: s.xStart[maxX + 1]! - x, height: s.yStart[maxY + 1]! - y };
}

/** Original pixels per measured pixel (area ratio), to report areas in original pixels. */
export function areaScale(s: Scaled, original: RgbaImage): number {
  return (original.width * original.height) / (s.image.width * s.image.height);
}
