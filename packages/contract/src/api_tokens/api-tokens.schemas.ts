import { z } from 'zod';

/**
 * What a personal API token may do (docs/decisions.md, "Personal API tokens"): `read` only reads (GET), `scouting`
 * reads and files what a scout files (api-tokens.scopes.ts lists those calls), `all` does everything its owner's
 * role allows. The owner's current role is checked on every call whatever the scope.
 */
export const API_TOKEN_SCOPES = ['read', 'scouting', 'all'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const isApiTokenScope = (value: string): value is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(value);

export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: 'must be read, scouting or all' });

/**
 * A token reads `vdt_<company_id>_<token_id>_<secret>`: the ids find its row with one key lookup (on the tenant's
 * shard, docs/scale-out.md), the 43-character secret is what is checked (only its hash is stored).
 */
export const API_TOKEN_PREFIX = 'vdt_';
export const API_TOKEN_PATTERN = /^vdt_([1-9]\d{0,9})_([1-9]\d{0,9})_([A-Za-z0-9_-]{43})$/;

export const ApiTokenName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(80, { error: 'must be at most 80 characters' });

export const ApiToken = z.object({
  token_id: z.number(),
  name: z.string(),
  scope: ApiTokenScopeSchema,
  /** The token's public start (`vdt_<company>_<id>_`), so its owner can tell which one a script holds. */
  hint: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;
