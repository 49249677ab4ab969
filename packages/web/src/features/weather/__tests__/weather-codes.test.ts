import { describe, expect, it } from 'vitest';
import { conditionOf } from '../lib/weather-codes';

describe('conditionOf', () => {
  it.each([
    [0, 'clear'],
    [2, 'partlyCloudy'],
    [3, 'overcast'],
    [48, 'fog'],
    [55, 'drizzle'],
    [65, 'rain'],
    [75, 'snow'],
    [81, 'showers'],
    [86, 'snowShowers'],
    [99, 'thunderstorm'],
    [null, 'unknown'],
    [42, 'unknown'],
  ] as const)('reads WMO code %s as %s', (code, condition) => {
    expect(conditionOf(code)).toBe(condition);
  });
});
