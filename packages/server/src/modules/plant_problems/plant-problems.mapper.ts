import type { PlantProblem } from '@verdant/contract';
import type { CustomSolutionRow, ProblemRow } from './plant-problems.repository.js';
import { fullName } from '../../lib/full-name.js';
import { iso } from '../../lib/iso.js';
import type { LibraryReader } from './plant-problems.i18n.js';

interface SymptomLink { problem_id: number; symptom_id: number; symptom_group_id: number; name: string; group_name: string }
interface ColorLink { problem_id: number; color_symptom_id: number; name: string; hex: string }

const byProblem = <T extends { problem_id: number }>(rows: T[]) => {
  const out = new Map<number, T[]>();
  for (const r of rows) out.set(r.problem_id, [...(out.get(r.problem_id) ?? []), r]);
  return out;
};


export const toCustomSolution = (r: CustomSolutionRow) => ({
  solution_id: r.solution_id,
  problem_id: r.problem_id,
  custom_solution: r.custom_solution,
  created_by: r.created_by,
  created_by_name: fullName(r.first_name, r.last_name),
  created_at: iso(r.created_at),
});

/**
 * Joins the problem rows with their symptom, colour and custom-solution rows into the wire shape, in the
 * reader's language: `name` stays the stored (English) key, every text a person reads is translated.
 */
export function toPlantProblems(
  rows: ProblemRow[],
  symptoms: SymptomLink[],
  colors: ColorLink[],
  solutions: CustomSolutionRow[],
  lib: LibraryReader,
): PlantProblem[] {
  const s = byProblem(symptoms);
  const c = byProblem(colors);
  const cs = byProblem(solutions);
  return rows.map((p) => {
    const tr = lib.problem(p.slug, p.company_id);
    return {
      problem_id: p.problem_id,
      company_id: p.company_id,
      slug: p.slug,
      name: p.name,
      display_name: tr?.name ?? p.name,
      category: p.category,
      category_label: lib.category(p.category),
      description: tr?.description ?? p.description,
      symptoms_text: tr?.symptoms ?? p.symptoms_text,
      symptoms: (s.get(p.problem_id) ?? []).map((x) => ({ symptom_id: x.symptom_id, symptom_group_id: x.symptom_group_id, name: lib.symptom(x.group_name, x.name) })),
      color_symptoms: (c.get(p.problem_id) ?? []).map(({ color_symptom_id, name, hex }) => ({ color_symptom_id, name: lib.colorSymptom(name), hex })),
      default_color: p.default_color,
      solutions: tr?.solutions ?? {
        cultural: p.solutions.cultural ?? [],
        biological: p.solutions.biological ?? [],
        chemical: p.solutions.chemical ?? [],
      },
      custom_solutions: (cs.get(p.problem_id) ?? []).map(toCustomSolution),
      eppo_code: p.company_eppo_code,
    };
  });
}
