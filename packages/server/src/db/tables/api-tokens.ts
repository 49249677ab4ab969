import type { Generated } from 'kysely';
import type { ApiTokenScope } from '@verdant/contract';
import type { Timestamp } from './column-types.js';

/** Personal API tokens: see migration 2026_12_02_0300_api_tokens. */
export interface ApiTokenTable {
  company_id: number;
  token_id: Generated<number>;
  user_id: number;
  name: string;
  /** The migration's CHECK keeps it to these. */
  scope: ApiTokenScope;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}
