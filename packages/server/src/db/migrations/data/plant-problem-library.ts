import { DISEASES } from './plant-problems-diseases.js';
import { DISORDERS } from './plant-problems-disorders.js';
import { PESTS } from './plant-problems-pests.js';
import type { LibraryProblem } from './plant-problem-types.js';

export { COLOR_SYMPTOMS, SYMPTOMS, SYMPTOM_GROUPS } from './plant-problem-symptoms.js';
export { PROBLEM_CATEGORIES, type LibraryProblem } from './plant-problem-types.js';

/** The shared plant-problem library (company_id NULL), reviewed against extension and biocontrol supplier guides. */
export const PLANT_PROBLEM_LIBRARY: LibraryProblem[] = [...PESTS, ...DISEASES, ...DISORDERS];
