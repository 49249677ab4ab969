import type { RgbaImage } from '../types.js';
import { blankImage, fillBench, randomInt, seededRandom, setPixel } from './rng.js';

/** A clear sky: blue at the top fading to a pale horizon, with slight noise. Neither a leaf nor a card. */
export function makeSkyImage(width = 800, height = 600, seed = 1): RgbaImage {
  const rand = seededRandom(seed);
  const img = blankImage(width, height);
  for (let y = 0; y < height; y++) {
    const t = y / Math.max(1, height - 1);
    const r = 90 + 125 * t;
    const g = 150 + 80 * t;
    const b = 225 + 20 * t;
    for (let x = 0; x < width; x++) {
      const n = randomInt(rand, -4, 4);
      setPixel(img.data, (y * width + x) * 4, r + n, g + n, b + n);
    }
  }
  return img;
}

/** Grey noise: every pixel an independent grey level with a little colour jitter. Neither a leaf nor a card. */
export function makeGreyNoiseImage(width = 800, height = 600, seed = 1): RgbaImage {
  const rand = seededRandom(seed);
  const img = blankImage(width, height);
  for (let p = 0; p < width * height; p++) {
    const v = randomInt(rand, 20, 235);
    setPixel(img.data, p * 4, v + randomInt(rand, -8, 8), v + randomInt(rand, -8, 8), v + randomInt(rand, -8, 8));
  }
  return img;
}

/** A red object (a tomato-red ellipse) on a grey bench. Neither a leaf nor a card. */
export function makeRedObjectImage(width = 800, height = 600, seed = 1): RgbaImage {
  const rand = seededRandom(seed);
  const img = blankImage(width, height);
  fillBench(img.data, width, height, rand);
  const cx = width / 2;
  const cy = height / 2;
  const a = width * 0.3;
  const b = height * 0.3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (((x - cx) / a) ** 2 + ((y - cy) / b) ** 2 > 1) continue;
      const n = randomInt(rand, -12, 12);
      setPixel(img.data, (y * width + x) * 4, 205 + n, 32 + n, 38 + n);
    }
  }
  return img;
}
