import { describe, expect, it } from 'vitest';
import { confidenceToPercent, percentToConfidence } from '../../lib/suspected-alerts';

describe('the confidence of the suspected-problem alert', () => {
  it('reads a percent as typed, in any decimal mark, as the server\'s 0–1', () => {
    expect(percentToConfidence('75')).toBe(0.75);
    expect(percentToConfidence(' 82,5 % ')).toBe(0.825);
    expect(percentToConfidence('0')).toBe(0);
    expect(percentToConfidence('100')).toBe(1);
  });

  it('refuses what is not a number from 0 to 100', () => {
    for (const bad of ['', 'abc', '-5', '101', '1e2', '50%%']) expect(percentToConfidence(bad)).toBeNull();
  });

  it('shows the saved confidence as a percent', () => {
    expect(confidenceToPercent(0.8)).toBe('80');
    expect(confidenceToPercent(0.825)).toBe('82.5');
  });
});
