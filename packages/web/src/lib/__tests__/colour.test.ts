import { describe, expect, it } from 'vitest';
import { colourDistance, contrastRatio, distinguishable, parseHex, readableTextOn } from '../colour';

describe('colour', () => {
  it('parses short and long hex and refuses the rest', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#1E88E5')).toEqual([30, 136, 229]);
    expect(parseHex('red')).toBeNull();
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('picks text that reaches AA on light and dark backgrounds', () => {
    for (const bg of ['#ffeb3b', '#f4f4ee', '#7b1fa2', '#1f4d2b', '#d32f2f', '#9e9e9e', '#e0761f']) {
      expect(contrastRatio(bg, readableTextOn(bg))).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextOn('not a colour')).toBe('#1c1917');
  });

  it('tells colours apart for normal and red-green colour-blind vision', () => {
    expect(distinguishable('#1E88E5', '#FFC107')).toBe(true);
    // Red and green of equal lightness: fine for normal vision, confused with deuteranopia.
    expect(colourDistance('#c0392b', '#4c8c2b')!).toBeLessThan(colourDistance('#1E88E5', '#FFC107')!);
    expect(distinguishable('#7b1fa2', '#8e24aa')).toBe(false);
    expect(colourDistance('#000', 'nope')).toBeNull();
  });
});
