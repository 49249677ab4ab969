import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadProblemColors } from '../problem-color-mappings';

export const problemColorKeys = {
  all: (companyId: number) => ['problem-colors', companyId] as const,
};

export const problemColorsQuery = (companyId: number) =>
  queryOptions({
    queryKey: problemColorKeys.all(companyId),
    queryFn: () => loadProblemColors(companyId),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });

/** The company's problem colours (online, or the local copy offline); `data.byProblem` for lookups. */
export function useProblemColors(companyId: number) {
  return useQuery(problemColorsQuery(companyId));
}
