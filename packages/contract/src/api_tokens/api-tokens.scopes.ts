import type { EndpointConfig } from '../http/define-endpoint.js';
import type { ApiTokenScope } from './api-tokens.schemas.js';

/**
 * The writes a `scouting` token may make besides every read: filing observations and forms, scans and their review,
 * resolving problems, trap counts and comments — what a scout does on a round — and the bulk calls a scout uses
 * on many of those at once: resolving or reassigning observations, assigning or closing tasks, and undoing such a
 * change (not a change of boxes: `apiTokenMayUndo`). Deleting a scan or a comment, anything about the facility,
 * batches, treatments or settings is not scouting. The owner's role is checked besides, as for every call. Every id
 * must exist and not be a GET (api-tokens.scopes.test.ts). docs/decisions.md, "Personal API tokens", keeps the list.
 */
export const SCOUTING_WRITES: readonly string[] = [
  'submitForm',
  'submitFormBoxes',
  'submitFormRoom',
  'submitFormImage',
  'createScan',
  'reviewScanDetection',
  'correctScanDetection',
  'addScanDetection',
  'markScanChecked',
  'resetScannedStatus',
  'manageProblem',
  'manageProblemsByTypeRoom',
  'manageProblemsByTypeGrid',
  'updateUnresolvedProblemsForRoom',
  'updateUnresolvedProblemsForGrid',
  'createBatchProblem',
  'resolveBatchProblem',
  'updateStickytrapRender',
  'addComment',
  'editComment',
  'bulkUpdateObservations',
  'bulkUpdateTasks',
  'undoBulkChange',
];

/** The kinds of bulk change a `scouting` token may make, and so undo (modules/bulk checks the undone change's kind). */
export const SCOUTING_BULK_KINDS: readonly string[] = ['observations', 'tasks'];

/** Whether a token of this scope may undo a bulk change of this kind: one it could have made. */
export function apiTokenMayUndo(scope: ApiTokenScope, kind: string): boolean {
  return scope === 'all' || (scope === 'scouting' && SCOUTING_BULK_KINDS.includes(kind));
}

/**
 * Calls only a signed-in person makes, whatever a token's scope: a token cannot make, list or revoke tokens, reach
 * the calendar feed's secret address, or end its owner's sessions.
 */
export const SESSION_ONLY: readonly string[] = [
  'createApiToken',
  'getApiTokens',
  'revokeApiToken',
  'getCalendarFeed',
  'regenerateCalendarFeed',
  'revokeCalendarFeed',
  'logoutEverywhere',
];

/** Whether a token of this scope may call the endpoint (its owner's role is checked besides). */
export function apiTokenAllows(scope: ApiTokenScope, endpoint: Pick<EndpointConfig, 'id' | 'method'>): boolean {
  if (SESSION_ONLY.includes(endpoint.id)) return false;
  if (scope === 'all') return true;
  if (endpoint.method === 'GET') return true;
  return scope === 'scouting' && SCOUTING_WRITES.includes(endpoint.id);
}

/** The scopes that reach an endpoint, as the OpenAPI document states them. */
export function apiTokenScopesFor(endpoint: Pick<EndpointConfig, 'id' | 'method'>): ApiTokenScope[] {
  return (['read', 'scouting', 'all'] as const).filter((s) => apiTokenAllows(s, endpoint));
}
