import type { PlantProblem } from '@verdant/contract';
import type { CustomSolutionRow, ProblemRow } from './plant-problems.repository.js';
import { fullName } from '../../lib/full-name.js';
import { iso } from '../../lib/iso.js';

interface SymptomLink { problem_id: number; symptom_id: number; symptom_group_id: number; name: string }
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

/** Joins the problem rows with their symptom, colour and custom-solution rows into the wire shape. */
export function toPlantProblems(rows: ProblemRow[], symptoms: SymptomLink[], colors: ColorLink[], solutions: CustomSolutionRow[]): PlantProblem[] {
  const s = byProblem(symptoms);
  const c = byProblem(colors);
  const cs = byProblem(solutions);
  return rows.map((p) => ({
    problem_id: p.problem_id,
    company_id: p.company_id,
    slug: p.slug,
    name: p.name,
    category: p.category,
    description: p.description,
    symptoms_text: p.symptoms_text,
    symptoms: (s.get(p.problem_id) ?? []).map(({ symptom_id, symptom_group_id, name }) => ({ symptom_id, symptom_group_id, name })),
    color_symptoms: (c.get(p.problem_id) ?? []).map(({ color_symptom_id, name, hex }) => ({ color_symptom_id, name, hex })),
    default_color: p.default_color,
    solutions: {
      cultural: p.solutions.cultural ?? [],
      biological: p.solutions.biological ?? [],
      chemical: p.solutions.chemical ?? [],
    },
    custom_solutions: (cs.get(p.problem_id) ?? []).map(toCustomSolution),
  }));
}
