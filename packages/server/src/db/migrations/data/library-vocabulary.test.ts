import { describe, expect, it } from 'vitest';
import { ABBREVIATION_MAX, LIBRARY_ABBREVIATIONS, LIBRARY_SLUG_BY_NAME, problemAbbreviation } from '@verdant/contract';
import { PLANT_PROBLEM_LIBRARY } from './plant-problem-library.js';

describe('library vocabulary in the contract', () => {
  it('gives every library problem one abbreviation, no two alike in any case, within the limit', () => {
    const slugs = PLANT_PROBLEM_LIBRARY.map((p) => p.slug);
    expect(Object.keys(LIBRARY_ABBREVIATIONS).sort()).toEqual([...slugs].sort());
    const labels = Object.values(LIBRARY_ABBREVIATIONS).map((a) => a.toUpperCase());
    expect(new Set(labels).size).toBe(labels.length);
    for (const a of labels) expect(a.length).toBeLessThanOrEqual(ABBREVIATION_MAX);
  });

  it('knows every library name, so a stored name finds its abbreviation', () => {
    expect(LIBRARY_SLUG_BY_NAME).toEqual(Object.fromEntries(PLANT_PROBLEM_LIBRARY.map((p) => [p.name.toLowerCase(), p.slug])));
    for (const p of PLANT_PROBLEM_LIBRARY) expect(problemAbbreviation(p.name)).toBe(LIBRARY_ABBREVIATIONS[p.slug]);
  });
});
