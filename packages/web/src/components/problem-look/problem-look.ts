import { problemFallbackColor, type PlantProblem, type ProblemColorMapping } from '@verdant/contract';

/** How one problem reads and looks on every screen: its name in the reader's language and its one colour. */
export interface ProblemLook {
  /** The library's name in the reader's language; a company's own or typed problem as written. */
  name: (problem: string) => string;
  /** The company's colour mapping, else the library's colour, else the stable fallback (as the map draws it). */
  colour: (problem: string) => string;
}

const key = (problem: string) => problem.trim().toLowerCase();

/**
 * Built from the translated library (GET /load_plant_problems: `display_name`) and the company's colour
 * mappings, the same rule the server applies to the map's circles (problem_colors `colorsForProblems`),
 * so a problem has one name and one colour in the map, the charts, the legends and the exports.
 */
export function problemLook(library: readonly PlantProblem[] | undefined, mappings: readonly ProblemColorMapping[] | undefined): ProblemLook {
  const byName = new Map<string, PlantProblem>();
  // The company's own problem wins over a library one of the same name, as on the server.
  for (const p of [...(library ?? [])].sort((a, b) => (a.company_id ?? 0) - (b.company_id ?? 0))) {
    byName.set(key(p.name), p);
    byName.set(p.slug, p);
  }
  const mapped = new Map((mappings ?? []).map((m) => [key(m.Problem), m.Color]));
  return {
    name: (problem) => byName.get(key(problem))?.display_name || problem,
    colour: (problem) => mapped.get(key(problem)) || byName.get(key(problem))?.default_color || problemFallbackColor(problem),
  };
}
