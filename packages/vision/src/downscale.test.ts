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
});
