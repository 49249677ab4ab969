import { useQuery } from '@tanstack/react-query';
import type { PlantProblem } from '@verdant/contract';
import { plantProblemsQuery } from '../../api/queries/plant-problems';

export interface ProblemChoice {
  /** What the answer stores: the library's English name, the stable key observations are matched by. */
  name: string;
  /** What the scout reads, in their language (the name when absent). */
  label?: string;
  category: string;
}

const toChoices = (problems: PlantProblem[]): ProblemChoice[] =>
  problems.map((p) => ({ name: p.name, label: p.display_name, category: p.category_label }));

/**
 * The plant-problem library for problem fields (a read; the renderer never writes). It changes rarely,
 * so it is kept for a day; offline the picker still takes free text.
 */
export function useProblemLibrary(companyId: number | null | undefined, enabled: boolean) {
  return useQuery({
    ...plantProblemsQuery(companyId ?? 0),
    select: toChoices,
    enabled: enabled && Boolean(companyId),
    staleTime: 24 * 60 * 60_000,
    gcTime: 24 * 60 * 60_000,
    retry: false,
  });
}
