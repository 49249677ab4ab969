import { useQuery } from '@tanstack/react-query';
import type { PlantProblem } from '@verdant/contract';
import { plantProblemsQuery } from '../../api/queries/plant-problems';

export interface ProblemChoice {
  name: string;
  category: string;
}

const toChoices = (problems: PlantProblem[]): ProblemChoice[] => problems.map((p) => ({ name: p.name, category: p.category }));

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
