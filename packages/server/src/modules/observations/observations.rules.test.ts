import { describe, expect, it } from 'vitest';
import { problemNames, slugify } from './observations.rules.js';

describe('problemNames', () => {
  it('splits, trims, drops "none" and repeats', () => {
    expect(problemNames('Thrips, spider mites ,thrips, None,')).toEqual(['Thrips', 'spider mites']);
    expect(problemNames('["Powdery mildew","Aphids","aphids"]')).toEqual(['Powdery mildew', 'Aphids']);
    expect(problemNames('  ')).toEqual([]);
  });
  it('slugs like the library', () => {
    expect(slugify('Botrytis (Gray Mold)')).toBe('botrytis-gray-mold');
    expect(slugify('Spider Mites')).toBe('spider-mites');
  });
});
