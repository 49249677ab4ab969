import { describe, expect, it } from 'vitest';
import { COLOR_SYMPTOMS, PLANT_PROBLEM_LIBRARY, PROBLEM_CATEGORIES, SYMPTOMS, SYMPTOM_GROUPS } from './plant-problem-library.js';

const HEX = /^#[0-9A-F]{6}$/;

describe('the plant-problem library data', () => {
  it('holds at least 40 problems with unique, kebab-case slugs and unique names', () => {
    expect(PLANT_PROBLEM_LIBRARY.length).toBeGreaterThanOrEqual(40);
    const slugs = PLANT_PROBLEM_LIBRARY.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const names = PLANT_PROBLEM_LIBRARY.map((p) => p.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('covers every category', () => {
    for (const c of PROBLEM_CATEGORIES) expect(PLANT_PROBLEM_LIBRARY.some((p) => p.category === c), c).toBe(true);
  });

  it('gives every problem text, a colour, symptoms, colour symptoms and cultural advice', () => {
    for (const p of PLANT_PROBLEM_LIBRARY) {
      expect(p.description.length, p.slug).toBeGreaterThan(40);
      expect(p.symptoms.length, p.slug).toBeGreaterThan(40);
      expect(p.defaultColor, p.slug).toMatch(HEX);
      expect(p.symptomKeys.length, p.slug).toBeGreaterThan(0);
      expect(p.colors.length, p.slug).toBeGreaterThan(0);
      expect(p.solutions.cultural.length, p.slug).toBeGreaterThan(0);
      expect(new Set(p.symptomKeys).size, p.slug).toBe(p.symptomKeys.length);
    }
  });

  it('gives every pest and disease biological and chemical options, with the label reminder', () => {
    for (const p of PLANT_PROBLEM_LIBRARY.filter((x) => !['nutrient', 'environmental'].includes(x.category))) {
      expect(p.solutions.biological.length, p.slug).toBeGreaterThan(0);
      expect(p.solutions.chemical.at(-1), p.slug).toMatch(/Follow the label and local regulations/);
    }
  });

  it('names the classic biocontrol agents', () => {
    const bio = (slug: string) => PLANT_PROBLEM_LIBRARY.find((p) => p.slug === slug)!.solutions.biological.join(' ');
    expect(bio('two-spotted-spider-mite')).toContain('Phytoseiulus persimilis');
    expect(bio('western-flower-thrips')).toMatch(/cucumeris.*swirskii/);
    expect(bio('green-peach-aphid')).toContain('Aphidius colemani');
    expect(bio('greenhouse-whitefly')).toContain('Encarsia formosa');
    expect(bio('fungus-gnats')).toMatch(/Steinernema feltiae[\s\S]*Bti/);
  });

  it('references only symptoms of known groups and known colour symptoms with valid swatches', () => {
    const groups = new Set<string>(SYMPTOM_GROUPS.map(([name]) => name));
    for (const [group] of Object.values(SYMPTOMS)) expect(groups.has(group)).toBe(true);
    const names = Object.values(SYMPTOMS).map(([g, n]) => `${g}/${n}`);
    expect(new Set(names).size).toBe(names.length);
    for (const [, hex] of Object.values(COLOR_SYMPTOMS)) expect(hex).toMatch(HEX);
    const used = new Set(PLANT_PROBLEM_LIBRARY.flatMap((p) => p.symptomKeys));
    for (const key of Object.keys(SYMPTOMS)) expect(used.has(key as never), `unused symptom ${key}`).toBe(true);
  });
});
