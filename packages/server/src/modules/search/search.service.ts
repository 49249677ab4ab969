import type { EndpointInput, SearchHit, searchEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './search.repository.js';
import { batchHit, gridBoxHit, plantHit, problemHit, subGridboxHit } from './search.mapper.js';
import { searchProblems } from '../plant_problems/index.js';
import type { Deps } from '../../lib/deps.js';
import { forgivingScore, trigramAloneMatches } from '../../lib/forgiving.js';

type Input<K extends keyof typeof searchEndpoints> = EndpointInput<(typeof searchEndpoints)[K]>;

/** Full search answers at most this many results. */
const RESULT_LIMIT = 50;
const KIND_ORDER: Record<SearchHit['type'], number> = { plant: 0, gridbox: 1, subgridbox: 2, batch: 3, problem: 4 };

interface Ranked { rank: number; score: number; hit: SearchHit }
const ranked = <R extends { rank: number; score?: number }>(rows: R[], map: (r: R) => SearchHit): Ranked[] =>
  rows.map((r) => ({ rank: Number(r.rank), score: Number(r.score ?? 0), hit: map(r) }));

/**
 * Exact before prefix before anywhere before only alike (a typo: the most alike first, whatever its kind), then
 * plants, boxes, sub-boxes, batches, problems, then by label.
 */
function best(items: Ranked[], limit: number): SearchHit[] {
  return items
    .sort((a, b) => a.rank - b.rank || b.score - a.score || KIND_ORDER[a.hit.type] - KIND_ORDER[b.hit.type] || a.hit.label.localeCompare(b.hit.label))
    .slice(0, limit)
    .map((i) => i.hit);
}

/**
 * The typo tier (rank 3) of names ranked by their edit cost too (lib/forgiving.ts): each row's score is the better
 * of its trigram likeness and its forgiving score against the row's names. A row found only through a typo variant
 * of the term (not like the term as typed) stays only if the edit cost confirms it: the variants are lookups, and a
 * swapped pair of letters can be like some other word. So does a row of a term under 6 letters, where a few shared
 * trigrams are chance ('Test' is not "Mist tent"; lib/forgiving.ts, trigramAloneMatches).
 */
function forgiven<R extends { rank: number; score: number; alike: boolean | null }>(
  rows: R[], term: string, names: (r: R) => Array<string | null>, byCode: (r: R) => boolean = () => false,
): R[] {
  const trigrams = trigramAloneMatches(term);
  return rows.flatMap((r) => {
    if (Number(r.rank) !== 3) return [r];
    const typo = Math.max(0, ...names(r).map((n) => (n ? forgivingScore(term, n) : 0)));
    // A code (a batch number) like the term keeps pg_trgm's own tests, whatever the term's length.
    if (typo === 0 && !(r.alike && trigrams) && !byCode(r)) return [];
    return [{ ...r, score: Math.max(Number(r.score), typo) }];
  });
}

interface Kinds { plants: boolean; gridboxes: boolean; subgridboxes: boolean; batches: repo.BatchMatch | null; problems: boolean }

async function find({ db }: Deps, caller: Caller, term: string, limit: number, kinds: Kinds): Promise<SearchHit[]> {
  const companyId = caller.company_id;
  const none = Promise.resolve([] as never[]);
  const [plants, boxes, subs, typedBatches, problems] = await Promise.all([
    kinds.plants ? repo.findPlants(db, companyId, term, limit) : none,
    kinds.gridboxes ? repo.findGridBoxes(db, companyId, term, limit) : none,
    kinds.subgridboxes ? repo.findSubGridboxes(db, companyId, term, limit) : none,
    kinds.batches ? repo.findBatchesAsTyped(db, companyId, term, limit, kinds.batches) : none,
    kinds.problems ? searchProblems({ db }, caller, term, limit) : none,
  ]);
  // The batches' typo tier (their costliest statement) only while what every kind holds as typed leaves the limit
  // unfilled: a typo (rank 3) comes after all of those, so it could not be shown (docs/decisions.md, "Autocomplete:
  // only the tiers a query needs"). A uid's start fills it with plants; a misspelt name leaves it empty.
  const asTyped = [plants, boxes, subs, typedBatches, problems].reduce((n, rows) => n + rows.filter((r) => Number(r.rank) < 3).length, 0);
  const batches =
    kinds.batches && asTyped < limit
      ? [...typedBatches, ...(await repo.findBatchesAlike(db, companyId, term, limit - typedBatches.length, kinds.batches))]
      : typedBatches;
  const crop = (strain: string | null) => strain?.split(' ')[0] ?? null;
  const batchNames = (r: repo.BatchHitRow) => (kinds.batches === 'crop' ? [crop(r.strain_name)] : [r.strain_name]);
  return best(
    [
      ...ranked(plants, plantHit),
      ...ranked(forgiven(boxes, term, (r) => [r.box_name]), gridBoxHit),
      ...ranked(forgiven(subs, term, (r) => [r.sub_name]), subGridboxHit),
      ...ranked(forgiven(batches, term, batchNames, (r) => r.code_alike === true), batchHit),
      ...ranked(problems, problemHit),
    ],
    limit,
  );
}

export async function autocomplete({ db }: Deps, caller: Caller, input: Input<'searchPlantsAutocomplete'>) {
  const suggestions = await find({ db }, caller, input.query, input.limit, {
    plants: true,
    gridboxes: input.include_gridboxes,
    subgridboxes: input.include_subgridboxes,
    batches: input.include_batches ? 'number_or_strain' : null,
    problems: input.include_problems,
  });
  return { status: 'success' as const, suggestions, total_suggestions: suggestions.length };
}

export async function searchPlants({ db }: Deps, caller: Caller, input: Input<'searchPlants'>) {
  const term = input.search_term;
  const kinds: Kinds =
    input.search_type === 'plant' ? { plants: true, gridboxes: false, subgridboxes: false, batches: null, problems: false }
    : input.search_type === 'variety' ? { plants: false, gridboxes: false, subgridboxes: false, batches: 'strain', problems: false }
    : input.search_type === 'crop' ? { plants: false, gridboxes: false, subgridboxes: false, batches: 'crop', problems: false }
    : { plants: true, gridboxes: true, subgridboxes: true, batches: 'number_or_strain', problems: true };
  return { status: 'success' as const, results: await find({ db }, caller, term, RESULT_LIMIT, kinds) };
}
