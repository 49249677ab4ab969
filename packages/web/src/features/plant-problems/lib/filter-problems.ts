import type { PlantProblem } from '@verdant/contract';

export interface ProblemFilters {
  search?: string;
  category?: string;
  colorSymptomId?: number;
  /** Ids the server's symptom filter answered; undefined = no symptom filter. */
  allowedIds?: ReadonlySet<number>;
}

/** Lower case without accents, so "pulgón" finds "pulgon" and the reverse. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function searchable(p: PlantProblem) {
  return fold([p.display_name, p.name, p.description, p.symptoms_text, ...p.symptoms.map((s) => s.name)].join('\n'));
}

/** Problems matching every given filter; the search matches name, description and symptoms, every word. */
export function filterProblems(problems: readonly PlantProblem[], f: ProblemFilters): PlantProblem[] {
  const words = fold(f.search ?? '').split(/\s+/).filter(Boolean);
  return problems.filter((p) => {
    if (f.category && p.category !== f.category) return false;
    if (f.allowedIds && !f.allowedIds.has(p.problem_id)) return false;
    if (f.colorSymptomId !== undefined && !p.color_symptoms.some((c) => c.color_symptom_id === f.colorSymptomId)) return false;
    if (words.length) {
      const text = searchable(p);
      if (!words.every((w) => text.includes(w))) return false;
    }
    return true;
  });
}

/** Categories present in the list, in the library's order of kinds. */
const ORDER = ['insect', 'mite', 'fungal', 'bacterial', 'viral', 'nutrient', 'environmental'];
export function categoriesOf(problems: readonly PlantProblem[]): string[] {
  const found = [...new Set(problems.map((p) => p.category))];
  return found.sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b));
}

/** The library's closing chemical line; the page shows it as its own note above the chemical options. */
export const isLabelNote = (line: string) => /^follow the label and local regulations/i.test(line.trim());
