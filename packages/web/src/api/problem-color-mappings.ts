import { problemColorsEndpoints as ep, problemColorsMessages as msg, type ProblemColorMapping } from '@verdant/contract';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { cacheProblemColors, readCachedProblemColors } from '../offline/color-cache';
import { browserOffline, isNetworkError } from '../offline/network';

export interface MapProblemColorInput {
  companyId: number | null | undefined;
  problem: string;
  /** '#RRGGBB'. */
  color?: string;
  abbreviation?: string;
}

/** POST /map_problem_color?company_id, form fields problem, color, abbreviation (Admin). */
export async function mapProblemColor(i: MapProblemColorInput) {
  if (!i.companyId) throw new ApiError(msg.companyRequired);
  const problem = i.problem.trim();
  if (!problem) throw new ApiError(msg.problemRequired);
  const abbreviation = i.abbreviation?.trim();
  return callEndpoint(ep.mapProblemColor, {
    company_id: i.companyId,
    problem,
    ...(i.color ? { color: i.color } : {}),
    ...(abbreviation ? { abbreviation } : {}),
  });
}

/** DELETE /delete_problem_color_mapping with company_id and problem (Admin): the map falls back to the library colour. */
export async function deleteProblemColorMapping(companyId: number | null | undefined, problem: string) {
  if (!companyId) throw new ApiError(msg.companyRequired);
  if (!problem.trim()) throw new ApiError(msg.problemRequired);
  return callEndpoint(ep.deleteProblemColorMapping, { company_id: companyId, problem: problem.trim() });
}


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
