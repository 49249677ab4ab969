import { z } from 'zod';

export const Symptom = z.object({ symptom_id: z.number(), symptom_group_id: z.number(), name: z.string() });
export const SymptomGroup = z.object({
  symptom_group_id: z.number(),
  name: z.string(),
  description: z.string(),
  symptoms: z.array(Symptom.omit({ symptom_group_id: true })),
});
export const ColorSymptom = z.object({ color_symptom_id: z.number(), name: z.string(), hex: z.string() });

export const Solutions = z.object({ cultural: z.array(z.string()), biological: z.array(z.string()), chemical: z.array(z.string()) });

export const CustomSolution = z.object({
  solution_id: z.number(),
  problem_id: z.number(),
  custom_solution: z.string(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});

/**
 * A library problem (`company_id` null) or a company's own, with the caller company's custom solutions.
 * Texts come in the caller's language (their own, else their company's); `name` stays the stored English
 * name — the key observations, batch problems and colour mappings use — and `display_name` is what to show.
 */
export const PlantProblem = z.object({
  problem_id: z.number(),
  company_id: z.number().nullable(),
  slug: z.string(),
  name: z.string(),
  /** The name in the caller's language (the stored name for a company's own problem). */
  display_name: z.string(),
  category: z.string(),
  /** The category in the caller's language. */
  category_label: z.string(),
  description: z.string(),
  symptoms_text: z.string(),
  symptoms: z.array(Symptom),
  color_symptoms: z.array(ColorSymptom),
  default_color: z.string().nullable(),
  solutions: Solutions,
  custom_solutions: z.array(CustomSolution),
  /**
   * The problem's EPPO code (TETRUR, FRANOC, BOTRCI, …): the company's own when it set one, else the library's;
   * null when none. Always sent by this server (optional for answers recorded before issue 22).
   */
  eppo_code: z.string().nullable().optional(),
});
export type PlantProblem = z.infer<typeof PlantProblem>;

export const CUSTOM_SOLUTION_MAX = 4000;

export const plantProblemsMessages = {
  solutionAdded: 'Custom solution added.',
  eppoSaved: 'EPPO code saved.',
} as const;
