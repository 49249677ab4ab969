import { describe, expect, it } from 'vitest';
import { downscale, toOriginalBox } from './downscale.js';

function image(width: number, height: number, fill: (x: number, y: number) => number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = fill(x, y);
      data[i + 1] = 255 - fill(x, y);
      data[i + 2] = 7;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

describe('downscale', () => {
  it('leaves an image within the limit as it is', () => {
    const img = image(100, 50, () => 3);
    const s = downscale(img, 100);
    expect(s.image).toBe(img);
    expect(toOriginalBox(s, 2, 3, 9, 4)).toEqual({ x: 2, y: 3, width: 8, height: 2 });
  });

  it('averages whole-pixel boxes, rounding to nearest', () => {
    const s = downscale(image(4, 2, (x) => (x < 2 ? 10 : 11 + x)), 2);
    expect([s.image.width, s.image.height]).toEqual([2, 1]);
    expect(Array.from(s.image.data)).toEqual([10, 245, 7, 255, 14, 242, 7, 255]);
  });

  it('covers every source pixel once when the ratio is not whole, keeping the aspect', () => {
    const s = downscale(image(1000, 333, (x, y) => (x + y) % 256), 256);
    expect([s.image.width, s.image.height]).toEqual([256, 85]);
    expect(s.xStart[0]).toBe(0);
    expect(s.xStart[256]).toBe(1000);
    expect(s.yStart[85]).toBe(333);
    for (let i = 0; i < 256; i++) expect(s.xStart[i + 1]! - s.xStart[i]!).toBeGreaterThanOrEqual(3);
    expect(toOriginalBox(s, 0, 0, 255, 84)).toEqual({ x: 0, y: 0, width: 1000, height: 333 });
  });

  it('answers the same bytes on the fast 32-bit path as on the byte path, saturated channels and a fallback-sized box included', () => {
    const noisy = (w: number, h: number) => {
      const data = new Uint8ClampedArray(w * h * 4);
      let seed = 12345;
      for (let i = 0; i < data.length; i++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        data[i] = i % 7 === 0 ? 255 : seed >>> 24;
      }
      return { data, width: w, height: h };
    };
    // 16 × 16 = 256 pixels a box (the fast path's limit), 17 × 17 (the byte path), and an uneven 3.9 ratio.
    for (const [w, h, side] of [[1024, 512, 64], [1088, 544, 64], [4000, 3000, 1024]] as const) {
      const img = noisy(w, h);
      const copy = new Uint8ClampedArray(new ArrayBuffer(img.data.length + 1), 1, img.data.length);
      copy.set(img.data);
      const fast = downscale(img, side).image.data;
      const slow = downscale({ ...img, data: copy }, side).image.data;
      expect(Buffer.from(fast).equals(Buffer.from(slow)), `${w}×${h} to ${side}`).toBe(true);
    }
  });
});
