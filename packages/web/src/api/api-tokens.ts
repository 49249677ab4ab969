import { apiTokensEndpoints as ep, apiTokensMessages as msg, type EndpointRequest } from '@verdant/contract';
import { withFallback } from './api-error';
import { callEndpoint } from './call-endpoint';

export type CreateApiTokenInput = EndpointRequest<typeof ep.createApiToken>;

/** GET /get_api_tokens?company_id: the caller's live personal API tokens, newest first. */
export function getApiTokens(companyId: number) {
  return withFallback(msg.fetchFailed, async () => (await callEndpoint(ep.getApiTokens, { company_id: companyId })).api_tokens);
}

/** POST /create_api_token: answers the token itself, this once. */
export function createApiToken(input: CreateApiTokenInput) {
  return withFallback(msg.createFailed, () => callEndpoint(ep.createApiToken, input));
}

/** POST /revoke_api_token: calls with the token are refused from now on. */
export function revokeApiToken(companyId: number, tokenId: number) {
  return withFallback(msg.revokeFailed, () => callEndpoint(ep.revokeApiToken, { company_id: companyId, token_id: tokenId }));
}
