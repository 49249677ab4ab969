import type { ApiToken } from '@verdant/contract';
import { iso, isoOrNull } from '../../lib/iso.js';
import type { ApiTokenRow } from './api-tokens.repository.js';

/** The token's public start: its company and id, never any of the secret. */
export const tokenHint = (companyId: number, tokenId: number) => `vdt_${companyId}_${tokenId}_`;

export function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    token_id: row.token_id,
    name: row.name,
    scope: row.scope,
    hint: tokenHint(row.company_id, row.token_id),
    created_at: iso(row.created_at),
    last_used_at: isoOrNull(row.last_used_at),
  };
}
