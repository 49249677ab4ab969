import { afterAll, describe, expect, it } from 'vitest';
import { analyseImage } from '@verdant/vision';
import { makeCardImage, makeLeafImage } from '@verdant/vision/testing';
import { createAnalysisPool } from './analysis-pool.js';

// Real worker threads, as `npm start` runs them.
const pool = createAnalysisPool({ size: 2 });
afterAll(() => pool.close());

describe('analysis pool', () => {
  it('runs in worker threads and answers exactly what the analysis answers in this thread, four at once', async () => {
    expect(await pool.mode).toBe('workers');
    const images = [
      makeLeafImage({ seed: 11, lesions: { necrotic: 0.05, powdery: 0.03 } }).image,
      makeCardImage({ insects: 120, seed: 12 }).image,
      makeLeafImage({ seed: 13, lesions: { chlorotic: 0.06 } }).image,
      makeCardImage({ insects: 60, seed: 14, color: 'blue' }).image,
    ];
    const expected = images.map((img) => JSON.stringify(analyseImage(img)));
    const answers = await Promise.all(images.map((img) => pool.analyse(img)));
    expect(answers.map((a) => JSON.stringify(a))).toEqual(expected);
  });

  it('hands the pixels over when asked (the caller is done with them) and copies them otherwise', async () => {
    const kept = makeLeafImage({ seed: 15, lesions: { necrotic: 0.04 } }).image;
    await pool.analyse(kept);
    expect(kept.data.byteLength).toBeGreaterThan(0);
    const given = makeLeafImage({ seed: 15, lesions: { necrotic: 0.04 } }).image;
    const size = given.data.byteLength;
    const a = await pool.analyse(given, { transfer: true });
    expect(given.data.byteLength).toBe(0);
    expect(a.width * a.height * 4).toBe(size);
  });

  it('fails the one analysis whose input is broken and keeps serving', async () => {
    await expect(pool.analyse({ width: 100, height: 100, data: new Uint8Array(10) })).rejects.toThrow();
    const leaf = makeLeafImage({ seed: 16, lesions: { powdery: 0.05 } }).image;
    expect(JSON.stringify(await pool.analyse(leaf))).toBe(JSON.stringify(analyseImage(leaf)));
  });

  it('falls back to this thread when workers cannot start', async () => {
    const broken = createAnalysisPool({ size: 1, execArgv: ['--no-such-node-flag'] });
    expect(await broken.mode).toBe('inline');
    const leaf = makeLeafImage({ seed: 17, lesions: { necrotic: 0.03 } }).image;
    expect(JSON.stringify(await broken.analyse(leaf))).toBe(JSON.stringify(analyseImage(leaf)));
    await broken.close();
  });
});
