import { queryOptions, useQuery } from '@tanstack/react-query';
import { problemColorsEndpoints as ep, type ProblemColorMapping } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';
import { cacheProblemColors, readCachedProblemColors } from '../offline/color-cache';
import { browserOffline, isNetworkError } from '../offline/network';

export interface ProblemColorsAnswer {
  mappings: ProblemColorMapping[];
  /** Lower-cased problem name → mapping, for the room map's lookups (the server matches case-insensitively). */
  byProblem: Map<string, ProblemColorMapping>;
  fromCache: boolean;
}

function answer(mappings: ProblemColorMapping[], fromCache: boolean): ProblemColorsAnswer {
  return { mappings, byProblem: new Map(mappings.map((m) => [m.Problem.trim().toLowerCase(), m])), fromCache };
}

/** Looks a problem up in the map the hook returns. */
export function colorOf(map: Map<string, ProblemColorMapping> | undefined, problem: string): ProblemColorMapping | undefined {
  return map?.get(problem.trim().toLowerCase());
}

/**
 * GET /get_problem_color_mappings?company_id. Online answers replace the local copy in problemColorMapping;
 * without a connection the local copy is read.
 */
export async function loadProblemColors(companyId: number): Promise<ProblemColorsAnswer> {
  if (!browserOffline()) {
    try {
      const { mappings } = await callEndpoint(ep.getProblemColorMappings, { company_id: companyId });
      await cacheProblemColors(companyId, mappings).catch((err: unknown) =>
        console.error('Could not refresh the local problem colours', err),
      );
      return answer(mappings, false);
    } catch (err) {
      if (!isNetworkError(err)) throw err;
    }
  }
  return answer(await readCachedProblemColors(companyId), true);
}

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
