import { describe, expect, it } from 'vitest';
import { COLOR_SYMPTOMS, PLANT_PROBLEM_LIBRARY, PROBLEM_CATEGORIES, SYMPTOMS, SYMPTOM_GROUPS } from '../plant-problem-library.js';
import { LABEL } from '../plant-problem-types.js';
import { ES } from './es.js';
import { FR } from './fr.js';
import { NL } from './nl.js';
import type { LibraryTranslation, ProblemTranslation } from './library-translation.js';

const TRANSLATIONS: Record<string, LibraryTranslation> = { es: ES, fr: FR, nl: NL };
const LANGUAGES = Object.keys(TRANSLATIONS);

function load(lang: string): LibraryTranslation {
  return TRANSLATIONS[lang]!;
}

/** Common English words that are not words in Spanish, French or Dutch (Latin and product names contain none). */
const ENGLISH_WORDS = /(?<!\p{L})(the|and|with|where|when|leaves|registered|should|from|which|or|are|to)(?!\p{L})/iu;

function problemTexts(p: ProblemTranslation): string[] {
  return [p.name, p.description, p.symptoms, ...p.solutions.cultural, ...p.solutions.biological, ...p.solutions.chemical];
}

/** English abbreviations and terms that each language writes its own way (CE, HR, DPV, IBE, ARN, bitterzout…). */
const LOCAL_TERMS = new Set(['EC', 'RH', 'VPD', 'DMI', 'SDHIs', 'RNA', 'Q-biotype', 'Epsom']);

/** Capitalised words after the first: genus and species, products, agents, virus acronyms, IRAC/FRAC. */
function properNames(text: string): string[] {
  return text
    .split(/\s+/)
    .slice(1)
    .map((word) => word.replace(/^[("]+|[),.;:"]+$/g, ''))
    .filter((word) => /^[A-Z]/.test(word) && !LOCAL_TERMS.has(word));
}

/** Every number written in the English text (doses, temperatures, sizes) must survive translation. */
function digitRuns(text: string): string[] {
  return text.match(/\d+/g) ?? [];
}

describe.each(LANGUAGES)('the plant-problem library in %s', (lang) => {
  it('translates every problem with the same keys and list lengths as the English', () => {
    const tr = load(lang);
    expect(Object.keys(tr.problems).sort()).toEqual(PLANT_PROBLEM_LIBRARY.map((p) => p.slug).sort());
    for (const en of PLANT_PROBLEM_LIBRARY) {
      const p = tr.problems[en.slug]!;
      for (const list of ['cultural', 'biological', 'chemical'] as const) {
        expect(p.solutions[list].length, `${en.slug} ${list}`).toBe(en.solutions[list].length);
      }
    }
  });

  it('closes every pesticide list with the translated label reminder, and only those', () => {
    const tr = load(lang);
    expect(tr.label.length).toBeGreaterThan(60);
    expect(tr.label).toMatch(/IRAC/);
    expect(tr.label).toMatch(/FRAC/);
    for (const en of PLANT_PROBLEM_LIBRARY) {
      const chemical = tr.problems[en.slug]!.solutions.chemical;
      en.solutions.chemical.forEach((line, i) => {
        expect(chemical[i] === tr.label, `${en.slug} chemical[${i}]`).toBe(line === LABEL);
      });
    }
  });

  it('translates the whole vocabulary: categories, symptom groups, symptoms and colour symptoms', () => {
    const tr = load(lang);
    expect(Object.keys(tr.categories).sort()).toEqual([...PROBLEM_CATEGORIES].sort());
    expect(Object.keys(tr.symptomGroups).sort()).toEqual(SYMPTOM_GROUPS.map(([name]) => name).sort());
    expect(Object.keys(tr.symptoms).sort()).toEqual(Object.keys(SYMPTOMS).sort());
    expect(Object.keys(tr.colorSymptoms).sort()).toEqual(Object.keys(COLOR_SYMPTOMS).sort());
    const groupNames = Object.values(tr.symptomGroups).map((g) => g.name);
    expect(new Set(groupNames).size).toBe(groupNames.length);
    const names = Object.keys(SYMPTOMS).map((k) => `${SYMPTOMS[k as keyof typeof SYMPTOMS][0]}/${tr.symptoms[k as keyof typeof SYMPTOMS]}`);
    expect(new Set(names).size, 'two symptoms of one group read the same').toBe(names.length);
    const colours = Object.values(tr.colorSymptoms);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('gives problems distinct names', () => {
    const tr = load(lang);
    const names = Object.values(tr.problems).map((p) => p.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('leaves no text empty, untranslated or with English words, straight quotes or lost numbers', () => {
    const tr = load(lang);
    const pairs: [string, string, string][] = [['label', LABEL, tr.label]];
    for (const [name, description] of SYMPTOM_GROUPS) {
      pairs.push([`group ${name}`, name, tr.symptomGroups[name].name], [`group ${name} description`, description, tr.symptomGroups[name].description]);
    }
    for (const [key, [, text]] of Object.entries(SYMPTOMS)) pairs.push([`symptom ${key}`, text, tr.symptoms[key as keyof typeof SYMPTOMS]]);
    for (const [key, [text]] of Object.entries(COLOR_SYMPTOMS)) pairs.push([`colour ${key}`, text, tr.colorSymptoms[key as keyof typeof COLOR_SYMPTOMS]]);
    for (const en of PLANT_PROBLEM_LIBRARY) {
      const p = tr.problems[en.slug]!;
      const english = [en.name, en.description, en.symptoms, ...en.solutions.cultural, ...en.solutions.biological, ...en.solutions.chemical];
      problemTexts(p).forEach((text, i) => pairs.push([`${en.slug} #${i}`, english[i]!, text]));
    }
    // Category names are checked for emptiness only: the English names live in the web locales, and "Virus" is Virus in every language.
    for (const text of Object.values(tr.categories)) pairs.push(['category', '', text]);

    for (const [where, english, text] of pairs) {
      expect(text.trim().length, `${where} is empty`).toBeGreaterThan(0);
      expect(text, `${where} has stray spaces`).toBe(text.trim());
      expect(text, `${where} is the English text`).not.toBe(english);
      expect(text, `${where} has straight quotes`).not.toMatch(/["']/);
      expect(text, `${where} reads as English`).not.toMatch(ENGLISH_WORDS);
      for (const digits of digitRuns(english)) expect(text, `${where} lost the number ${digits}`).toContain(digits);
      if (lang === 'fr') expect(text, `${where} needs a no-break space before ; : ? ! % °C » and after «`).not.toMatch(/ [;:?!%»]| °C|« /);
    }
  });

  it('keeps every Latin, product and other proper name the English text writes mid-sentence', () => {
    const tr = load(lang);
    for (const en of PLANT_PROBLEM_LIBRARY) {
      const p = tr.problems[en.slug]!;
      const english = [en.description, en.symptoms, ...en.solutions.cultural, ...en.solutions.biological, ...en.solutions.chemical];
      const texts = [p.description, p.symptoms, ...p.solutions.cultural, ...p.solutions.biological, ...p.solutions.chemical];
      english.forEach((line, i) => {
        for (const name of properNames(line)) expect(texts[i], `${en.slug}: ${name}`).toContain(name);
      });
    }
  });

  it('keeps the Latin names of the classic biocontrol agents', () => {
    const tr = load(lang);
    const bio = (slug: string) => tr.problems[slug]!.solutions.biological.join(' ');
    expect(bio('two-spotted-spider-mite')).toContain('Phytoseiulus persimilis');
    expect(bio('western-flower-thrips')).toMatch(/cucumeris.*swirskii/);
    expect(bio('green-peach-aphid')).toContain('Aphidius colemani');
    expect(bio('greenhouse-whitefly')).toContain('Encarsia formosa');
    expect(bio('fungus-gnats')).toMatch(/Steinernema feltiae[\s\S]*Bti/);
  });
});
