import { describe, expect, it } from 'vitest';
import { confidencePercent, isSuspected } from '../lib/suspected';

describe('suspected observations (issue 18)', () => {
  it('shows a confidence as a whole percent, and none for a scout\'s observation or an old copy', () => {
    expect(confidencePercent(0.824)).toBe(82);
    expect(confidencePercent(1)).toBe(100);
    expect(confidencePercent(0)).toBe(0);
    expect(confidencePercent(null)).toBeNull();
    expect(confidencePercent(undefined)).toBeNull();
    expect(confidencePercent(Number.NaN)).toBeNull();
  });

  it('tells a suspected problem from the other statuses', () => {
    expect(isSuspected({ Status: 'suspected' })).toBe(true);
    expect(isSuspected({ Status: 'open' })).toBe(false);
  });
});
