import { z } from 'zod';
import { ALL_ROLES, defineEndpoint } from '../http/define-endpoint.js';
import { success } from '../http/envelope.js';
import { CompanyId, Id } from '../common/fields.js';
import { ApiToken, ApiTokenName, ApiTokenScopeSchema } from './api-tokens.schemas.js';
import { apiTokensMessages as msg } from './api-tokens.messages.js';

// Every staff role may have tokens: a token never does more than its owner's role (plugins/auth.ts). Each person
// sees and revokes only their own (docs/decisions.md, "Personal API tokens").
const anyone = { auth: { kind: 'user', roles: ALL_ROLES } } as const;

export const apiTokensEndpoints = {
  createApiToken: defineEndpoint({
    id: 'createApiToken', domain: 'api_tokens', method: 'POST', path: '/create_api_token',
    summary: 'Verdant extension: a personal API token with a scope (read, scouting, all), answered this once',
    ...anyone, tenancy: { company: ['company_id'] },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId, name: ApiTokenName, scope: ApiTokenScopeSchema }) },
    response: success({ message: z.string(), token: z.string(), api_token: ApiToken }),
    clientMessages: { failure: msg.createFailed },
  }),
  getApiTokens: defineEndpoint({
    id: 'getApiTokens', domain: 'api_tokens', method: 'GET', path: '/get_api_tokens',
    summary: "Verdant extension: the caller's live API tokens, newest first, with when each was last used (to the minute)",
    ...anyone, tenancy: { company: ['company_id'] },
    query: z.object({ company_id: CompanyId }),
    response: success({ api_tokens: z.array(ApiToken) }),
    clientMessages: { failure: msg.fetchFailed },
  }),
  revokeApiToken: defineEndpoint({
    id: 'revokeApiToken', domain: 'api_tokens', method: 'POST', path: '/revoke_api_token',
    summary: 'Verdant extension: revoke one of your API tokens; calls with it are refused from now on',
    ...anyone, tenancy: { company: ['company_id'], resource: true },
    body: { kind: 'json', schema: z.object({ company_id: CompanyId, token_id: Id }) },
    response: success({ message: z.string(), token_id: z.number() }),
    clientMessages: { failure: msg.revokeFailed },
  }),
};
