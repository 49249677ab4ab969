import { describe, expect, it } from 'vitest';
import { analyseImage, ENGINE, UNKNOWN_REASON } from './analyse.js';
import { downscale } from './downscale.js';
import { makeCardImage, makeGreyNoiseImage, makeLeafImage, makeRedObjectImage, makeSkyImage } from './testing/index.js';
import { LESION_TYPES, type LeafAnalysis, type StickyTrapAnalysis } from './types.js';

describe('analyseImage', { timeout: 60_000 }, () => {
  it.each([
    ['a sky gradient', makeSkyImage(800, 600, 1)],
    ['a sky gradient (portrait)', makeSkyImage(480, 900, 2)],
    ['grey noise', makeGreyNoiseImage(800, 600, 1)],
    ['grey noise (another seed)', makeGreyNoiseImage(640, 640, 3)],
    ['a red object', makeRedObjectImage(800, 600, 1)],
    ['a red object (small)', makeRedObjectImage(300, 200, 4)],
  ])('answers unknown for %s, with the reason and no findings', (_name, image) => {
    const analysis = analyseImage(image);
    expect(analysis).toEqual({
      engine: ENGINE,
      width: image.width,
      height: image.height,
      analysedWidth: image.width,
      analysedHeight: image.height,
      kind: 'unknown',
      reason: UNKNOWN_REASON,
      doubts: ['mostly_background'],
    });
  });

  it('names the engine and its version in every answer', () => {
    expect(ENGINE.name).toBe('verdant-vision');
    expect(ENGINE.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(analyseImage(makeLeafImage({ seed: 1 }).image).engine).toEqual(ENGINE);
    expect(analyseImage(makeCardImage({ insects: 10 }).image).engine).toEqual(ENGINE);
  });

  it('gives the same answer twice, for a fresh copy of the same pixels too', () => {
    const leaf = makeLeafImage({ seed: 11, lesions: { necrotic: 0.06, powdery: 0.04 } });
    const first = analyseImage(leaf.image);
    expect(analyseImage(leaf.image)).toEqual(first);
    expect(analyseImage(makeLeafImage({ seed: 11, lesions: { necrotic: 0.06, powdery: 0.04 } }).image)).toEqual(first);
    const card = makeCardImage({ insects: 120, seed: 12 });
    expect(JSON.stringify(analyseImage(card.image))).toBe(JSON.stringify(analyseImage({ ...card.image, data: card.image.data.slice() })));
  });

  it('measures a 4000 × 3000 leaf on a 1024-pixel copy, within 5 points, with boxes in original pixels', () => {
    const drawn = makeLeafImage({ width: 4000, height: 3000, seed: 21, lesions: { necrotic: 0.08, dark_spot: 0.03 } });
    const analysis = analyseImage(drawn.image) as LeafAnalysis;
    expect(analysis.kind).toBe('leaf');
    expect([analysis.analysedWidth, analysis.analysedHeight]).toEqual([1024, 768]);
    for (const type of LESION_TYPES) expect(Math.abs(analysis.leaf.fractions[type] - drawn.expected[type])).toBeLessThanOrEqual(0.05);
    expect(Math.abs(analysis.leaf.leafAreaPx - drawn.leafPx) / drawn.leafPx).toBeLessThan(0.02);
    // The drawn leaf spans 72–80 % of the width; its box is in the 4000-pixel frame.
    expect(analysis.leaf.leafBox.width).toBeGreaterThan(0.7 * 4000);
    expect(analysis.leaf.leafBox.x + analysis.leaf.leafBox.width).toBeLessThanOrEqual(4000);
    // The work is bounded: the same measurement as on the downscaled copy itself.
    const copy = analyseImage(downscale(drawn.image, 1024).image) as LeafAnalysis;
    expect(copy.leaf.fractions).toEqual(analysis.leaf.fractions);
    expect(copy.leaf.regions.length).toBe(analysis.leaf.regions.length);
  }, 120_000);

  it('counts insects on a 4096 × 2048 card photo, with boxes around the drawn insects in original pixels', () => {
    const drawn = makeCardImage({ width: 4096, height: 2048, insects: 200, seed: 22 });
    const analysis = analyseImage(drawn.image) as StickyTrapAnalysis;
    expect(analysis.kind).toBe('sticky_trap');
    expect([analysis.analysedWidth, analysis.analysedHeight]).toEqual([1024, 512]);
    expect(Math.abs(analysis.trap.total - 200) / 200).toBeLessThanOrEqual(0.05);
    let right = 0;
    for (const insect of drawn.insects) {
      const r = analysis.trap.regions.find(
        (g) => insect.x >= g.box.x && insect.x < g.box.x + g.box.width && insect.y >= g.box.y && insect.y < g.box.y + g.box.height,
      );
      if (r?.sizeClass === insect.sizeClass) right++;
    }
    expect(right / drawn.insects.length).toBeGreaterThanOrEqual(0.9);
    expect(analysis.trap.mmPerPx).toBeCloseTo(250 / drawn.cardLongSidePx, 3);
  }, 120_000);

  it('refuses a buffer that does not match the size', () => {
    expect(() => analyseImage({ data: new Uint8Array(10), width: 2, height: 2 })).toThrow(RangeError);
    expect(() => analyseImage({ data: new Uint8Array(0), width: 0, height: 0 })).toThrow(RangeError);
    expect(() => analyseImage({ data: new Uint8Array(8), width: 1.5, height: 1 })).toThrow(RangeError);
  });

  it('answers unknown for tiny and flat images', () => {
    expect(analyseImage({ data: new Uint8Array([0, 160, 0, 255]), width: 1, height: 1 }).kind).toBe('unknown');
    const green = new Uint8Array(4 * 40 * 20).map((_, i) => (i % 4 === 1 || i % 4 === 3 ? 200 : 30));
    expect(analyseImage({ data: green, width: 40, height: 20 }).kind).toBe('unknown');
    expect(analyseImage({ data: green, width: 20, height: 40 }).kind).toBe('unknown');
    expect(analyseImage({ data: new Uint8Array(4 * 40 * 40).map((_, i) => (i % 4 === 1 || i % 4 === 3 ? 200 : 30)), width: 40, height: 40 }).kind).toBe('leaf');
    expect(analyseImage({ data: new Uint8Array(4 * 64 * 64).fill(255), width: 64, height: 64 }).kind).toBe('unknown');
    expect(analyseImage({ data: new Uint8Array(4 * 64 * 64), width: 64, height: 64 }).kind).toBe('unknown');
  });
});
