import { http, HttpResponse } from 'msw';
import type { PlantProblem, ProblemColorMapping } from '@verdant/contract';
import { API, server } from '../../../testing/msw-server';
import { colorSymptoms, library, symptomGroups } from './fixtures';

export interface Recorded {
  filters: Array<Record<string, string>>;
  solutions: Array<{ query: Record<string, string>; body: Record<string, string> }>;
  mapped: Array<{ query: Record<string, string>; body: Record<string, string> }>;
  deleted: unknown[];
}

/** The plant-problem API over an in-memory library and colour list. */
export function problemsApi(opts: { problems?: PlantProblem[]; mappings?: ProblemColorMapping[] } = {}): Recorded {
  let problems = structuredClone(opts.problems ?? library);
  let mappings = structuredClone(opts.mappings ?? []);
  const rec: Recorded = { filters: [], solutions: [], mapped: [], deleted: [] };
  const q = (req: Request) => Object.fromEntries(new URL(req.url).searchParams);
  server.use(
    http.get(`${API}/plant_problems/load_plant_problems`, () => HttpResponse.json({ status: 'success', problems })),
    http.get(`${API}/plant_problems/get_symptom_groups`, () => HttpResponse.json({ status: 'success', symptom_groups: symptomGroups })),
    http.get(`${API}/plant_problems/get_color_symptoms`, () => HttpResponse.json({ status: 'success', color_symptoms: colorSymptoms })),
    http.get(`${API}/plant_problems/filter_plant_problems`, ({ request }) => {
      const f = q(request);
      rec.filters.push(f);
      const group = Number(f.symptom_group_id) || undefined;
      const symptom = Number(f.symptom_id) || undefined;
      const hit = problems.filter((p) => p.symptoms.some((s) => (!group || s.symptom_group_id === group) && (!symptom || s.symptom_id === symptom)));
      return HttpResponse.json({ status: 'success', problems: hit });
    }),
    http.post(`${API}/plant_problems/add_custom_solution`, async ({ request }) => {
      const query = q(request);
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      rec.solutions.push({ query, body });
      const solution = { solution_id: 100 + rec.solutions.length, problem_id: Number(query.problem_id), custom_solution: body.custom_solution!, created_by: 7, created_by_name: 'Ada Grower', created_at: '2026-03-01T10:00:00.000Z' };
      problems = problems.map((p) => (p.problem_id === solution.problem_id ? { ...p, custom_solutions: [...p.custom_solutions, solution] } : p));
      return HttpResponse.json({ status: 'success', message: 'Custom solution added.', custom_solution: solution });
    }),
    http.get(`${API}/get_problem_color_mappings`, () => HttpResponse.json({ status: 'success', mappings })),
    http.post(`${API}/map_problem_color`, async ({ request }) => {
      const query = q(request);
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      rec.mapped.push({ query, body });
      const existing = mappings.find((m) => m.Problem.toLowerCase() === body.problem!.toLowerCase());
      const m = { id: existing?.id ?? 50 + rec.mapped.length, CompanyID: 3, Problem: body.problem!, Color: body.color ?? existing?.Color ?? '#000000', Abbreviation: body.abbreviation ?? existing?.Abbreviation ?? '', updated_at: '2026-03-01T10:00:00.000Z' };
      mappings = [...mappings.filter((x) => x.id !== m.id), m];
      return HttpResponse.json({ status: 'success', message: 'Problem colour saved.', created: !existing, mapping: m });
    }),
    http.delete(`${API}/delete_problem_color_mapping`, async ({ request }) => {
      const body = (await request.json()) as { problem: string };
      rec.deleted.push(body);
      mappings = mappings.filter((m) => m.Problem !== body.problem);
      return HttpResponse.json({ status: 'success', message: 'Problem colour mapping deleted.', Problem: body.problem });
    }),
  );
  return rec;
}
