import type { ColorSymptomKey, SymptomKey } from './plant-problem-symptoms.js';

export const PROBLEM_CATEGORIES = ['insect', 'mite', 'fungal', 'bacterial', 'viral', 'nutrient', 'environmental'] as const;
export type ProblemCategory = (typeof PROBLEM_CATEGORIES)[number];

export interface LibraryProblem {
  slug: string;
  name: string;
  category: ProblemCategory;
  description: string;
  symptoms: string;
  symptomKeys: SymptomKey[];
  colors: ColorSymptomKey[];
  /** The colour the room map uses until a company maps its own. */
  defaultColor: string;
  solutions: { cultural: string[]; biological: string[]; chemical: string[] };
}

/** Closing line of every pesticide list: the product label is the law, and rotation slows resistance. */
export const LABEL = 'Follow the label and local regulations; check crop safety and compatibility with released biocontrols, and rotate modes of action (IRAC/FRAC groups).';
