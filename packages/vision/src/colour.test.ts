import { describe, expect, it } from 'vitest';
import { BLUE_CARD, CHLOROTIC, DARK, GREEN, NECROTIC, OTHER, POWDERY, YELLOW_CARD, cardClass, hueOf, leafClass, valueThresholds } from './colour.js';

describe('colour classes', () => {
  it('computes whole-degree hues, -1 for greys', () => {
    expect(hueOf(255, 0, 0)).toBe(0);
    expect(hueOf(255, 255, 0)).toBe(60);
    expect(hueOf(0, 255, 0)).toBe(120);
    expect(hueOf(0, 0, 255)).toBe(240);
    expect(hueOf(255, 0, 1)).toBe(359);
    expect(hueOf(90, 90, 90)).toBe(-1);
  });

  it.each([
    ['healthy green', [58, 132, 48], GREEN],
    ['light green', [150, 200, 80], GREEN],
    ['yellowing', [208, 200, 72], CHLOROTIC],
    ['yellow-green', [170, 190, 60], CHLOROTIC],
    ['brown', [128, 82, 42], NECROTIC],
    ['tan', [190, 140, 90], NECROTIC],
    ['white coating', [226, 230, 220], POWDERY],
    ['near black', [40, 34, 28], DARK],
    ['grey bench', [128, 128, 125], OTHER],
    ['sky blue', [120, 170, 230], OTHER],
  ] as const)('classes %s as expected', (_name, [r, g, b], expected) => {
    expect(leafClass(r, g, b)).toBe(expected);
  });

  it('scales the value thresholds with the exposure', () => {
    expect(valueThresholds(135)).toEqual({ dark: 60, pale: 160, yellow: 110 });
    expect(valueThresholds(81)).toEqual({ dark: 36, pale: 96, yellow: 66 });
    expect(valueThresholds(30)).toEqual(valueThresholds(70));
    expect(valueThresholds(250).pale).toBe(240);
    // White at 60 % exposure is powdery once the thresholds follow the leaf.
    const t = valueThresholds(81);
    expect(leafClass(136, 138, 132)).toBe(OTHER);
    expect(leafClass(136, 138, 132, t.dark, t.pale, t.yellow)).toBe(POWDERY);
  });

  it('tells card yellow and card blue from leaf yellow, sky and grey', () => {
    expect(cardClass(236, 220, 32)).toBe(YELLOW_CARD);
    expect(cardClass(24, 92, 205)).toBe(BLUE_CARD);
    expect(cardClass(200, 190, 120)).toBe(0);
    expect(cardClass(160, 200, 240)).toBe(0);
    expect(cardClass(120, 120, 120)).toBe(0);
    expect(cardClass(58, 132, 48)).toBe(0);
  });
});
