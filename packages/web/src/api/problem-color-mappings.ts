import { problemColorsEndpoints as ep, problemColorsMessages as msg } from '@verdant/contract';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';

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
