import {
  normaliseSearchType,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MIN_CHARS,
  searchEndpoints as ep,
  type SearchHit,
  type SearchType,
} from '@verdant/contract';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { paths } from '../lib/paths';

export interface AutocompleteOptions {
  limit?: number;
  includeGridboxes?: boolean;
  includeSubgridboxes?: boolean;
  includeBatches?: boolean;
  includeProblems?: boolean;
  signal?: AbortSignal;
}

export interface Suggestions {
  suggestions: SearchHit[];
  total_suggestions: number;
}

const empty = (): Suggestions => ({ suggestions: [], total_suggestions: 0 });

/**
 * GET /search_plants_autocomplete. Without a company, or with a query under 2 characters after
 * trimming, answers empty suggestions without a request (spec). Limit 10 and the include flags true by default.
 */
export async function searchPlantsAutocomplete(
  companyId: number | null | undefined,
  query: string,
  opts: AutocompleteOptions = {},
): Promise<Suggestions> {
  const trimmed = query.trim();
  if (!companyId || trimmed.length < SEARCH_MIN_CHARS) return empty();
  const res = await callEndpoint(
    ep.searchPlantsAutocomplete,
    {
      company_id: companyId,
      query: trimmed,
      limit: opts.limit ?? SEARCH_DEFAULT_LIMIT,
      include_gridboxes: opts.includeGridboxes ?? true,
      include_subgridboxes: opts.includeSubgridboxes ?? true,
      include_batches: opts.includeBatches ?? true,
      include_problems: opts.includeProblems ?? true,
    },
    undefined,
    opts.signal ? { signal: opts.signal } : {},
  );
  return { suggestions: res.suggestions, total_suggestions: res.total_suggestions };
}

/** GET /search_plants: needs a term and a company; the type is plant, variety, crop or auto (anything else is auto). */
export async function searchPlants(companyId: number | null | undefined, searchTerm: string, searchType?: string): Promise<SearchHit[]> {
  const term = searchTerm.trim();
  if (!companyId || !term) throw new ApiError('Required parameter(s) missing.');
  const type: SearchType = normaliseSearchType(searchType);
  return (await callEndpoint(ep.searchPlants, { company_id: companyId, search_term: term, search_type: type })).results;
}

/** Where a hit opens: its room for plants and boxes, the batch page for a batch, a problem's detail; null when it has no place. */
export function searchHitPath(hit: SearchHit): string | null {
  if (hit.type === 'batch') return hit.BatchID ? paths.batch(hit.BatchID) : null;
  if (hit.type === 'problem') return paths.plantProblem(hit.ProblemID ?? hit.id);
  return hit.RoomID ? paths.room(hit.RoomID) : null;
}
