import { describe, expect, it } from 'vitest';
import { analyseImage } from './analyse.js';
import { LESION_PROBLEMS } from './problems.js';
import { makeLeafImage } from './testing/index.js';
import { LESION_TYPES, type LeafAnalysis } from './types.js';

function analyseLeafImage(...args: Parameters<typeof makeLeafImage>) {
  const drawn = makeLeafImage(...args);
  const analysis = analyseImage(drawn.image);
  expect(analysis.kind).toBe('leaf');
  return { drawn, leaf: (analysis as LeafAnalysis).leaf };
}

describe('leaf analysis', { timeout: 60_000 }, () => {
  for (const type of LESION_TYPES) {
    it.each([
      [1, 0.03],
      [2, 0.12],
      [3, 0.3],
    ])(`measures ${type} within 5 points of the painted area (seed %i, %f of the leaf)`, (seed, share) => {
      const { drawn, leaf } = analyseLeafImage({ seed, lesions: { [type]: share } });
      expect(drawn.expected[type]).toBeGreaterThan(share - 0.01);
      expect(Math.abs(leaf.fractions[type] - drawn.expected[type])).toBeLessThanOrEqual(0.05);
      expect(Math.abs(leaf.affectedFraction - drawn.expectedAffected)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(leaf.leafAreaPx - drawn.leafPx) / drawn.leafPx).toBeLessThan(0.02);
      const finding = leaf.findings[0]!;
      expect(finding).toMatchObject({ type, problemSlug: LESION_PROBLEMS[type].slug, problemName: LESION_PROBLEMS[type].name });
      expect(leaf.findings.map((f) => f.type)).toEqual([type]);
      expect(leaf.regions.every((r) => r.type === type)).toBe(true);
    });
  }

  it('measures several symptoms on one leaf, each within 5 points', () => {
    for (const seed of [4, 5, 6]) {
      const { drawn, leaf } = analyseLeafImage({ seed, lesions: { chlorotic: 0.08, necrotic: 0.05, powdery: 0.1, dark_spot: 0.02 } });
      for (const type of LESION_TYPES) expect(Math.abs(leaf.fractions[type] - drawn.expected[type])).toBeLessThanOrEqual(0.05);
      expect(leaf.findings.map((f) => f.type)).toEqual(['powdery', 'chlorotic', 'necrotic', 'dark_spot']);
      expect(leaf.severity).toBe(4);
    }
  });

  it.each(['necrotic', 'chlorotic', 'dark_spot'] as const)('keeps %s lesions cut by the leaf margin part of the leaf', (type) => {
    for (const seed of [12, 13]) {
      const { drawn, leaf } = analyseLeafImage({ seed, atEdge: true, lesions: { [type]: 0.06 } });
      expect(drawn.expected[type]).toBeGreaterThan(0.04);
      expect(Math.abs(leaf.fractions[type] - drawn.expected[type])).toBeLessThanOrEqual(0.05);
      expect(Math.abs(leaf.leafAreaPx - drawn.leafPx) / drawn.leafPx).toBeLessThan(0.03);
    }
  });

  it('measures a close-up whose leaf runs off the photo, lesions cut by the edge included', () => {
    for (const [seed, zoom] of [[14, 1.6], [15, 2]] as const) {
      const { drawn, leaf } = analyseLeafImage({ seed, zoom, lesions: { necrotic: 0.08, chlorotic: 0.04 } });
      expect(Math.abs(leaf.fractions.necrotic - drawn.expected.necrotic)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(leaf.fractions.chlorotic - drawn.expected.chlorotic)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(leaf.leafAreaPx - drawn.leafPx) / drawn.leafPx).toBeLessThan(0.01);
    }
  });

  it('leaves brown soil reaching the leaf out of it', () => {
    for (const seed of [16, 17]) {
      const { drawn, leaf } = analyseLeafImage({ seed, soilCorner: true, lesions: { dark_spot: 0.03 } });
      expect(leaf.fractions.necrotic).toBe(0);
      expect(leaf.findings.map((f) => f.type)).toEqual(['dark_spot']);
      expect(Math.abs(leaf.leafAreaPx - drawn.leafPx) / drawn.leafPx).toBeLessThan(0.01);
    }
  });

  it.each([
    ['a dim photo', { exposure: 0.6 }],
    ['a bright photo', { exposure: 1.3 }],
    ['light falling off across the leaf', { shade: 0.35 }],
  ] as const)('measures every symptom within 5 points in %s', (_name, light) => {
    for (const seed of [18, 19]) {
      const { drawn, leaf } = analyseLeafImage({ seed, ...light, lesions: { chlorotic: 0.06, necrotic: 0.06, powdery: 0.06, dark_spot: 0.06 } });
      for (const type of LESION_TYPES) expect(Math.abs(leaf.fractions[type] - drawn.expected[type])).toBeLessThanOrEqual(0.05);
      expect(Math.abs(leaf.leafAreaPx - drawn.leafPx) / drawn.leafPx).toBeLessThan(0.02);
    }
  });

  it('finds nothing on a healthy leaf', () => {
    const { leaf } = analyseLeafImage({ seed: 7 });
    expect(leaf.findings).toEqual([]);
    expect(leaf.regions).toEqual([]);
    expect(leaf.severity).toBeNull();
    expect(leaf.affectedFraction).toBeLessThan(0.005);
  });

  it('gives a larger affected area a higher severity and confidence', () => {
    const small = analyseLeafImage({ seed: 8, lesions: { necrotic: 0.02 } }).leaf.findings[0]!;
    const large = analyseLeafImage({ seed: 8, lesions: { necrotic: 0.3 } }).leaf.findings[0]!;
    expect(small.severity).toBe(1);
    expect(large.severity).toBe(4);
    expect(large.confidence).toBeGreaterThan(small.confidence);
    expect(large.confidence).toBeLessThanOrEqual(1);
  });

  it('returns lesion boxes in image pixels, largest first, covering the painted lesions', () => {
    const { drawn, leaf } = analyseLeafImage({ seed: 9, lesions: { dark_spot: 0.06 } });
    const areas = leaf.regions.map((r) => r.areaPx);
    expect(areas).toEqual([...areas].sort((a, b) => b - a));
    const boxed = leaf.regions.reduce((sum, r) => sum + r.areaPx, 0);
    expect(Math.abs(boxed - drawn.lesionPx.dark_spot) / drawn.lesionPx.dark_spot).toBeLessThan(0.02);
    for (const r of leaf.regions) {
      expect(r.box.x).toBeGreaterThanOrEqual(leaf.leafBox.x);
      expect(r.box.y).toBeGreaterThanOrEqual(leaf.leafBox.y);
      expect(r.box.x + r.box.width).toBeLessThanOrEqual(leaf.leafBox.x + leaf.leafBox.width);
      expect(r.box.width * r.box.height).toBeGreaterThanOrEqual(r.areaPx);
      // The outline is convex, inside the box, touches all four sides of it and encloses the lesion's area.
      const xs = r.polygon.map(([x]) => x);
      const ys = r.polygon.map(([, y]) => y);
      expect([Math.min(...xs), Math.min(...ys)]).toEqual([r.box.x, r.box.y]);
      expect([Math.max(...xs), Math.max(...ys)]).toEqual([r.box.x + r.box.width, r.box.y + r.box.height]);
      let twiceArea = 0;
      r.polygon.forEach(([x0, y0], i) => {
        const [x1, y1] = r.polygon[(i + 1) % r.polygon.length]!;
        twiceArea += x0 * y1 - x1 * y0;
      });
      expect(Math.abs(twiceArea) / 2).toBeGreaterThanOrEqual(r.areaPx);
      expect(Math.abs(twiceArea) / 2).toBeLessThanOrEqual(r.box.width * r.box.height);
    }
  });
});

describe('the hard cases: lesions at the margin and across, backgrounds of lesion colours', { timeout: 60_000 }, () => {
  const analyse = (...args: Parameters<typeof makeLeafImage>) => {
    const drawn = makeLeafImage(...args);
    const analysis = analyseImage(drawn.image) as LeafAnalysis;
    expect(analysis.kind).toBe('leaf');
    return { drawn, analysis, leaf: analysis.leaf };
  };

  it.each(['grey', 'white', 'soil'] as const)('measures margin lesions of every colour on a %s background', (background) => {
    for (const seed of [71, 72]) {
      const { drawn, leaf, analysis } = analyse({ seed, background, atEdge: true, lesions: { necrotic: 0.04, powdery: 0.03, chlorotic: 0.04 } });
      expect(drawn.expectedAffected).toBeGreaterThan(0.06);
      expect(Math.abs(leaf.affectedFraction - drawn.expectedAffected)).toBeLessThanOrEqual(0.05);
      // Powdery lesions on white paper (necrotic ones on soil) are the background's colour: measured or doubted.
      if (Math.abs(leaf.affectedFraction - drawn.expectedAffected) > 0.01) expect(analysis.doubts).toContain('leaf_outline');
    }
  });

  it.each([0.2, 0.5, 0.7])('measures a necrotic band across the leaf covering %f of it', (share) => {
    for (const background of ['grey', 'soil'] as const) {
      const { drawn, leaf, analysis } = analyse({ seed: 73, background, band: { type: 'necrotic', share } });
      expect(Math.abs(leaf.fractions.necrotic - drawn.expected.necrotic)).toBeLessThanOrEqual(0.05);
      expect(leaf.findings.length + analysis.doubts.length).toBeGreaterThan(0);
    }
  });

  it('is sure of a whole healthy leaf on a plain background: no finding, no doubt', () => {
    for (const background of ['grey', 'white', 'soil'] as const) {
      const { leaf, analysis } = analyse({ seed: 74, background });
      expect(leaf.findings).toEqual([]);
      expect(analysis.doubts).toEqual([]);
    }
  });

  it('says a leaf running off the photo is cut by the border, and a small far leaf is mostly background', () => {
    expect(analyse({ seed: 75, zoom: 1.8, lesions: { necrotic: 0.05 } }).analysis.doubts).toContain('cut_by_border');
    expect(analyse({ seed: 76, zoom: 0.35 }).analysis.doubts).toContain('mostly_background');
  });

  it('never files a leaf with 2 % or more affected as clear', () => {
    for (const [seed, atEdge, background] of [[77, true, 'white'], [78, true, 'soil'], [79, false, 'grey']] as const) {
      const { leaf, analysis } = analyse({ seed, atEdge, background, lesions: { powdery: 0.03 } });
      expect(leaf.findings.length + analysis.doubts.length).toBeGreaterThan(0);
    }
  });

  it('leaves objects of lesion colours on a cluttered table out of the leaf, those reaching under it too', () => {
    for (const seed of [81, 82, 83]) {
      const healthy = analyse({ seed, clutter: true });
      expect(healthy.leaf.findings).toEqual([]);
      expect(Math.abs(healthy.leaf.leafAreaPx - healthy.drawn.leafPx) / healthy.drawn.leafPx).toBeLessThan(0.01);
      const { drawn, leaf } = analyse({ seed, clutter: true, atEdge: true, lesions: { necrotic: 0.04, chlorotic: 0.03, dark_spot: 0.02 } });
      expect(Math.abs(leaf.affectedFraction - drawn.expectedAffected)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(leaf.leafAreaPx - drawn.leafPx) / drawn.leafPx).toBeLessThan(0.01);
    }
  });

  it('measures lesion edges softened into mixed colours (a small, blurred photo) without shrinking the lesions', () => {
    for (const [seed, lesions] of [[85, { necrotic: 0.3, chlorotic: 0.1 }], [86, { dark_spot: 0.2, powdery: 0.1 }]] as const) {
      const { drawn, leaf } = analyse({ seed, width: 320, height: 240, blur: 1, lesions });
      expect(drawn.expectedAffected).toBeGreaterThan(0.25);
      expect(Math.abs(leaf.affectedFraction - drawn.expectedAffected)).toBeLessThanOrEqual(0.03);
    }
  });

  it('measures a small far leaf two thirds affected (little green left) and says it is mostly background', () => {
    for (const [seed, background] of [[87, 'white'], [88, 'grey']] as const) {
      const { drawn, leaf, analysis } = analyse({ seed, zoom: 0.42, background, band: { type: 'chlorotic', share: 0.66 } });
      expect(drawn.expectedAffected).toBeGreaterThan(0.6);
      expect(Math.abs(leaf.affectedFraction - drawn.expectedAffected)).toBeLessThanOrEqual(0.05);
      expect(analysis.doubts).toContain('mostly_background');
    }
  });
});
