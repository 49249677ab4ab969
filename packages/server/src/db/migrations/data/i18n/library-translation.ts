import type { ProblemCategory } from '../plant-problem-types.js';
import type { ColorSymptomKey, SymptomGroupName, SymptomKey } from '../plant-problem-symptoms.js';

/** One problem of the library in another language: the same fields, the same list lengths and order. */
export interface ProblemTranslation {
  name: string;
  description: string;
  symptoms: string;
  solutions: { cultural: string[]; biological: string[]; chemical: string[] };
}

/**
 * The whole library in one language other than English (es, fr, nl). Keys are the English data's stable
 * keys (problem slug, symptom key, colour key, group name), so a missing or extra entry is a type error.
 */
export interface LibraryTranslation {
  /** The closing line of every chemical list (LABEL in plant-problem-types.ts). */
  label: string;
  categories: Record<ProblemCategory, string>;
  symptomGroups: Record<SymptomGroupName, { name: string; description: string }>;
  symptoms: Record<SymptomKey, string>;
  colorSymptoms: Record<ColorSymptomKey, string>;
  problems: Record<string, ProblemTranslation>;
}
