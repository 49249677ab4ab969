import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId } from '../common/fields.js';

/** Fewer characters than this after trimming is refused (the client never sends such a query). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;

export const SEARCH_TYPES = ['plant', 'variety', 'crop', 'auto'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The spec: any search type other than plant, variety or crop becomes auto. */
export const normaliseSearchType = (v: unknown): SearchType =>
  typeof v === 'string' && (SEARCH_TYPES as readonly string[]).includes(v) ? (v as SearchType) : 'auto';

const Term = z.string().trim().min(SEARCH_MIN_CHARS, { error: `must be at least ${SEARCH_MIN_CHARS} characters` }).max(100, { error: 'must be at most 100 characters' });

/** Include flags arrive as query strings; absent means true. */
const IncludeFlag = z.preprocess(
  (v) => (v === undefined || v === '' ? true : v === 'true' || v === '1' || v === 1 || v === true ? true : v === 'false' || v === '0' || v === 0 || v === false ? false : v),
  z.boolean({ error: 'must be true or false' }),
);

/** `problem`: a library or company plant problem, found by its name in the caller's language, English name, synonym or abbreviation. */
export const SearchHitType = z.enum(['plant', 'gridbox', 'subgridbox', 'batch', 'problem']);

/** One thing found, with where it lives so the client can go there. */
export const SearchHit = z.object({
  type: SearchHitType,
  id: z.number(),
  label: z.string(),
  /** Place (room · grid · box) for plants and boxes, status · strain for batches, category for problems. */
  sublabel: z.string().nullable(),
  plant_uid: z.string().optional(),
  RoomID: z.number().nullable().optional(),
  GridID: z.number().nullable().optional(),
  GridBoxID: z.number().nullable().optional(),
  BatchID: z.number().nullable().optional(),
  /** A problem hit's plant problem (its detail page). */
  ProblemID: z.number().optional(),
});
export type SearchHit = z.infer<typeof SearchHit>;

const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;

export const searchEndpoints = {
  searchPlantsAutocomplete: defineEndpoint({
    id: 'searchPlantsAutocomplete', domain: 'search', method: 'GET', path: '/search_plants_autocomplete',
    summary: 'Suggestions for a query of at least 2 characters: plants, grid boxes, sub-boxes, batches and problems — exact, then prefix, then anywhere, then (4 characters or more) those only alike, a typo forgiven, most alike first',
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({
      company_id: CompanyId,
      query: Term,
      limit: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' })
        .min(1, { error: 'must be at least 1' }).max(SEARCH_MAX_LIMIT, { error: `must be at most ${SEARCH_MAX_LIMIT}` })
        .default(SEARCH_DEFAULT_LIMIT),
      include_gridboxes: IncludeFlag,
      include_subgridboxes: IncludeFlag,
      include_batches: IncludeFlag,
      /** Verdant extension: plant problems among the suggestions (absent means true). */
      include_problems: IncludeFlag,
    }),
    response: success({ suggestions: z.array(SearchHit), total_suggestions: z.number() }),
  }),
  searchPlants: defineEndpoint({
    id: 'searchPlants', domain: 'search', method: 'GET', path: '/search_plants',
    summary: 'Full search: plant uids (plant), batches by strain (variety), by the strain\'s first word (crop), or everything (auto, plant problems included); a typo is forgiven as in the autocomplete',
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({
      company_id: CompanyId,
      search_term: Term,
      search_type: z.preprocess(normaliseSearchType, z.enum(SEARCH_TYPES)),
    }),
    response: success({ results: z.array(SearchHit) }),
  }),
};
