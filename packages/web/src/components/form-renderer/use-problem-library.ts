import { useQuery } from '@tanstack/react-query';
import { loadPlantProblems } from '../../api/plant-problems';

export interface ProblemChoice {
  name: string;
  category: string;
}

/**
 * The plant-problem library for problem fields (a read; the renderer never writes). It changes rarely,
 * so it is kept for a day; offline the picker still takes free text.
 */
export function useProblemLibrary(companyId: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['plant-problems', companyId ?? 0, 'names'] as const,
    queryFn: async (): Promise<ProblemChoice[]> =>
      (await loadPlantProblems(companyId ?? undefined)).map((p) => ({ name: p.name, category: p.category })),
    enabled: enabled && Boolean(companyId),
    staleTime: 24 * 60 * 60_000,
    gcTime: 24 * 60 * 60_000,
    retry: false,
  });
}
