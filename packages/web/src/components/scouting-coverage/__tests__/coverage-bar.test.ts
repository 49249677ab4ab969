import { describe, expect, it } from 'vitest';
import { coveragePercent } from '../coverage-bar';

describe('coverage figures', () => {
  it('rounds the share without claiming 0 % or 100 % wrongly', () => {
    expect(coveragePercent(6, 10)).toBe(60);
    expect(coveragePercent(1, 1000)).toBe(1);
    expect(coveragePercent(999, 1000)).toBe(99);
    expect(coveragePercent(0, 0)).toBe(0);
    expect(coveragePercent(4, 4)).toBe(100);
  });

});
