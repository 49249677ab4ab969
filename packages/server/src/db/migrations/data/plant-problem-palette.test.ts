import { describe, expect, it } from 'vitest';
// The one home of colour arithmetic (also used by the map and the colour-mapping editor).
import { colourDistance, contrastRatio, distinguishable, MIN_DISTINGUISHABLE } from '../../../../../web/src/lib/colour.js';
import { DISEASES } from './plant-problems-diseases.js';
import { DISORDERS } from './plant-problems-disorders.js';
import { PESTS } from './plant-problems-pests.js';
import type { LibraryProblem } from './plant-problem-types.js';

/** Pairs of problems whose default colours are too close for normal or red-green colour-blind vision. */
function confusable(a: readonly LibraryProblem[], b: readonly LibraryProblem[] = a): string[] {
  const out: string[] = [];
  for (const [i, p] of a.entries()) {
    for (const [j, q] of b.entries()) {
      if (a === b && j <= i) continue;
      if (!distinguishable(p.defaultColor, q.defaultColor)) {
        out.push(`${p.slug} ${p.defaultColor} ~ ${q.slug} ${q.defaultColor} (ΔE ${colourDistance(p.defaultColor, q.defaultColor)?.toFixed(1)})`);
      }
    }
  }
  return out;
}

// Empty boxes are white, culled ones this grey: a problem fill must not look like either.
const MAP_FILLS = ['#ffffff', '#d6d3d1', '#f5f5f4'];

describe('plant-problem library default colours (colour-blind-safe palette)', () => {
  it('keeps every pest apart from every other pest, also with protanopia and deuteranopia', () => {
    expect(PESTS.length).toBeGreaterThan(10);
    expect(confusable(PESTS)).toEqual([]);
  });

  it('keeps pests and diseases apart from each other: they share a room map', () => {
    expect(confusable([...PESTS, ...DISEASES])).toEqual([]);
  });

  it('keeps disorders apart from each other and from pests', () => {
    expect(confusable(DISORDERS)).toEqual([]);
    expect(confusable(DISORDERS, PESTS)).toEqual([]);
  });

  it('never looks like an empty or culled box, and always carries readable black or white text', () => {
    for (const p of [...PESTS, ...DISEASES, ...DISORDERS]) {
      for (const fill of MAP_FILLS) expect(colourDistance(p.defaultColor, fill), `${p.slug} vs ${fill}`).toBeGreaterThanOrEqual(MIN_DISTINGUISHABLE);
      const best = Math.max(contrastRatio(p.defaultColor, '#ffffff'), contrastRatio(p.defaultColor, '#1c1917'));
      expect(best, p.slug).toBeGreaterThanOrEqual(4.5);
    }
  });
});
