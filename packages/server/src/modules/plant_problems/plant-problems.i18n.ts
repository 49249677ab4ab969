import type { Language } from '@verdant/contract';
import { COLOR_SYMPTOMS, SYMPTOMS } from '../../db/migrations/data/plant-problem-symptoms.js';
import type { LibraryTranslation, ProblemTranslation } from '../../db/migrations/data/i18n/library-translation.js';
import type { ProblemCategory } from '../../db/migrations/data/plant-problem-types.js';
import { ES } from '../../db/migrations/data/i18n/es.js';
import { FR } from '../../db/migrations/data/i18n/fr.js';
import { NL } from '../../db/migrations/data/i18n/nl.js';

/** Every language the library is written in besides English (the stored text). */
export const LIBRARY_TRANSLATIONS: Partial<Record<Language, LibraryTranslation>> = { es: ES, fr: FR, nl: NL };

/**
 * The library as one caller reads it. The database holds the English text, and English names stay the
 * stable keys (observations, colour mappings and batch problems store them); a translation is looked up
 * by the English data's own keys — problem slug, symptom (group, name), colour name, group name,
 * category — and anything without one (a company's own problem, English) is answered as stored.
 */
export interface LibraryReader {
  language: Language;
  /** The translation of a library problem (company_id null), by slug. */
  problem(slug: string, companyId: number | null): ProblemTranslation | undefined;
  category(category: string): string;
  group(name: string): { name: string; description: string } | undefined;
  symptom(groupName: string, name: string): string;
  colorSymptom(name: string): string;
}

const lower = (s: string) => s.toLowerCase();

/** The categories in English as a reader sees them (the stored value is the key: 'fungal', 'nutrient', …). */
const ENGLISH_CATEGORIES: Record<ProblemCategory, string> = {
  insect: 'Insect',
  mite: 'Mite',
  fungal: 'Fungal disease',
  bacterial: 'Bacterial disease',
  viral: 'Virus',
  nutrient: 'Nutrient disorder',
  environmental: 'Environmental stress',
};

/** Builds the reader of one language; `translations` is a parameter so tests can pass a fixture. */
export function libraryReader(language: Language, translations: Partial<Record<Language, LibraryTranslation>> = LIBRARY_TRANSLATIONS): LibraryReader {
  const tr = language === 'en' ? undefined : translations[language];
  const symptoms = new Map<string, string>();
  const colors = new Map<string, string>();
  if (tr) {
    for (const [key, [group, name]] of Object.entries(SYMPTOMS)) {
      const text = tr.symptoms[key as keyof typeof SYMPTOMS];
      if (text) symptoms.set(`${lower(group)}\u0000${lower(name)}`, text);
    }
    for (const [key, [name]] of Object.entries(COLOR_SYMPTOMS)) {
      const text = tr.colorSymptoms[key as keyof typeof COLOR_SYMPTOMS];
      if (text) colors.set(lower(name), text);
    }
  }
  const groups = new Map(Object.entries(tr?.symptomGroups ?? {}).map(([k, v]) => [lower(k), v]));
  const categories: Record<string, string> = tr?.categories ?? ENGLISH_CATEGORIES;
  return {
    language,
    problem: (slug, companyId) => (companyId === null ? tr?.problems[slug] : undefined),
    category: (category) => categories[category] ?? category,
    group: (name) => groups.get(lower(name)),
    symptom: (groupName, name) => symptoms.get(`${lower(groupName)}\u0000${lower(name)}`) ?? name,
    colorSymptom: (name) => colors.get(lower(name)) ?? name,
  };
}
