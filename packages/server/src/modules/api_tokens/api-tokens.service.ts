import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { API_TOKEN_PATTERN, apiTokensMessages as msg, type EndpointInput, type apiTokensEndpoints } from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import type { Deps } from '../../lib/deps.js';
import { conflict, notFound } from '../../lib/errors.js';
import { hashOpaqueToken } from '../../lib/opaque-token.js';
import { rememberedReads, type ApiTokenHolder, type Caller } from '../../plugins/auth.js';
import { toApiToken, tokenHint } from './api-tokens.mapper.js';
import * as repo from './api-tokens.repository.js';

type Input<K extends keyof typeof apiTokensEndpoints> = EndpointInput<(typeof apiTokensEndpoints)[K]>;

/** Live tokens per person: enough for every script and tool one person runs. */
export const MAX_LIVE_TOKENS = 20;
/** last_used_at is written at most this often per token, so a busy integration costs no write per call. */
export const LAST_USED_EVERY_MS = 60_000;

export async function createApiToken(deps: Deps, caller: Caller, input: Input<'createApiToken'>) {
  // Only the secret's hash is kept; the ids in front of it find the row.
  const secret = randomBytes(32).toString('base64url');
  const result = await deps.db.transaction().execute(async (trx) => {
    await repo.lockOwner(trx, caller.company_id, caller.user_id);
    if ((await repo.countLive(trx, caller.company_id, caller.user_id)) >= MAX_LIVE_TOKENS) throw conflict(msg.tooMany);
    const row = await repo.insertToken(trx, {
      company_id: caller.company_id,
      user_id: caller.user_id,
      name: input.name,
      scope: input.scope,
      token_hash: hashOpaqueToken(secret),
    });
    const token = `${tokenHint(row.company_id, row.token_id)}${secret}`;
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'api_token.created',
      entityType: 'api_token',
      entityId: row.token_id,
      after: { name: row.name, scope: row.scope },
    });
    return { token, row };
  });
  return { status: 'success' as const, message: msg.created, token: result.token, api_token: toApiToken(result.row) };
}

export async function getApiTokens(deps: Deps, caller: Caller) {
  const rows = await repo.listLive(deps.db, caller.company_id, caller.user_id);
  return { status: 'success' as const, api_tokens: rows.map(toApiToken) };
}

export async function revokeApiToken(deps: Deps, caller: Caller, input: Input<'revokeApiToken'>) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockOwnToken(trx, caller.company_id, caller.user_id, input.token_id);
    if (!row) throw notFound('API token');
    if (row.revoked_at) throw conflict(msg.alreadyRevoked);
    await repo.revokeToken(trx, row.company_id, row.token_id, new Date());
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'api_token.revoked',
      entityType: 'api_token',
      entityId: row.token_id,
      before: { name: row.name, scope: row.scope },
    });
  });
  holders.forget(deps.db, holderKey(caller.company_id, input.token_id));
  return { status: 'success' as const, message: msg.revoked, token_id: input.token_id };
}

type Found = Awaited<ReturnType<typeof repo.findLiveWithOwner>>;
const holderKey = (companyId: number, tokenId: number) => `${companyId}_${tokenId}`;
/** A token's row and owner, remembered as long as a session's state (plugins/auth.ts); a revoke here forgets it. */
const holders = rememberedReads<string, Found>();
/** When this server last recorded each token's use, per database. */
const touched = new WeakMap<object, Map<string, number>>();

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * Who holds a presented token, for plugins/auth.ts (null: malformed, unknown, revoked, or its owner deactivated).
 * The ids in the token find the row by its key; the secret is checked against the stored hash of it.
 */
export async function findApiTokenHolder(db: Kysely<DB>, token: string, now = Date.now()): Promise<ApiTokenHolder | null> {
  const parts = API_TOKEN_PATTERN.exec(token);
  if (!parts) return null;
  const companyId = Number(parts[1]);
  const tokenId = Number(parts[2]);
  if (companyId > 2_147_483_647 || tokenId > 2_147_483_647) return null;
  const key = holderKey(companyId, tokenId);
  const row = await holders.read(db, key, () => repo.findLiveWithOwner(db, companyId, tokenId), now);
  if (!row || !row.active || !sameHash(hashOpaqueToken(parts[3]!), row.token_hash)) return null;
  let seen = touched.get(db);
  if (!seen) touched.set(db, (seen = new Map()));
  if (now - (seen.get(key) ?? 0) >= LAST_USED_EVERY_MS) {
    seen.set(key, now);
    if (seen.size > 10_000) seen.delete(seen.keys().next().value!);
    await repo.touchLastUsed(db, companyId, tokenId, new Date(now), new Date(now - LAST_USED_EVERY_MS));
  }
  return { user_id: row.user_id, company_id: row.company_id, user_role: row.user_role, token_id: row.token_id, scope: row.scope };
}
