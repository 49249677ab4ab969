import { isHttpError, type HttpClient } from './http-client';
import {
  batchesEndpoints,
  commentsEndpoints,
  cropRegistrationEndpoints,
  gridBoxesEndpoints,
  gridTemplatesEndpoints,
  movementEndpoints,
  scansEndpoints,
  subGridboxesEndpoints,
  treatmentsEndpoints,
  tasksEndpoints,
  unresolvedProblemsEndpoints,
  type EndpointOutput,
  type EndpointRequest,
} from '@verdant/contract';
import { ApiError, toApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { isNetworkError } from '../offline/network';
import {
  createActionQueue as createQueue,
  ActionRefused,
  type ActionOutcome,
  type ActionQueue,
  type ActionQueueParts,
  type ActionTransport,
} from '../offline/action-queue';
import type { ActionTarget, QueuedAction } from '../offline/action-queue-store';

/**
 * The field actions that wait in the outbox when there is no connection: each is one endpoint of the
 * contract, sent with the action's Idempotency-Key (the server answers a repeat with its first answer).
 */
export const queueableEndpoints = {
  updateGridBoxName: gridBoxesEndpoints.updateGridBoxName,
  updateCullingStatus: gridBoxesEndpoints.updateCullingStatus,
  createSubGridboxes: subGridboxesEndpoints.createSubGridboxes,
  submitGridTemplate: gridTemplatesEndpoints.submitGridTemplate,
  movePlant: movementEndpoints.movePlant,
  addComment: commentsEndpoints.addComment,
  manageProblem: unresolvedProblemsEndpoints.manageProblem,
  manageProblemsByTypeRoom: unresolvedProblemsEndpoints.manageProblemsByTypeRoom,
  manageProblemsByTypeGrid: unresolvedProblemsEndpoints.manageProblemsByTypeGrid,
  updateUnresolvedProblemsForGrid: unresolvedProblemsEndpoints.updateUnresolvedProblemsForGrid,
  updateUnresolvedProblemsForRoom: unresolvedProblemsEndpoints.updateUnresolvedProblemsForRoom,
  assignStatusToBatches: batchesEndpoints.assignStatusToBatches,
  linkTreatmentProductsGridboxes: treatmentsEndpoints.linkTreatmentProductsGridboxes,
  updateTaskFields: tasksEndpoints.updateTaskFields,
  updateTaskDescriptionTitle: tasksEndpoints.updateTaskDescriptionTitle,
  /** A scan made offline (or sent without an answer): its photos as Blobs and the phone's own analysis. */
  createScan: scansEndpoints.createScan,
  /** One sample plant's weekly values on the registration walk (issue 24): a resend replaces, never doubles. */
  saveRegistration: cropRegistrationEndpoints.saveRegistration,
  /** A sample plant's photo of the week (its Blob waits on the device like a scan's photos). */
  saveRegistrationPhoto: cropRegistrationEndpoints.saveRegistrationPhoto,
} as const;

export type QueueableEndpoint = keyof typeof queueableEndpoints;
type Endpoint<K extends QueueableEndpoint> = (typeof queueableEndpoints)[K];

/** The idempotency plugin's answer while the first request with the same key still runs (try again). */
const KEY_IN_PROGRESS = /Idempotency-Key is still in progress/i;
/** callEndpoint's rejection of a 2xx answer it could not parse (e.g. "applied, its answer was lost"). */
const UNREADABLE_ANSWER = 'Unexpected response from server';

function isQueueable(endpoint: string): endpoint is QueueableEndpoint {
  return Object.prototype.hasOwnProperty.call(queueableEndpoints, endpoint);
}

/**
 * What a failed send means. No answer, 5xx, 401 (session being renewed), 408, 429 and the same key
 * still in progress (409): send again later with the same key. 409 otherwise (the target is no longer
 * in the state the user saw: already resolved, renamed or culled by someone else) and 404 (it is gone)
 * are refusals because the target changed on the server; any other 4xx is a plain refusal.
 */
export function classifyActionError(err: unknown): ReturnType<ActionTransport['classify']> {
  const e = toApiError(err);
  if (isNetworkError(err)) return { kind: 'retry', message: e.message };
  const status = e.status;
  if (status === undefined) return { kind: 'refused', message: e.message, conflict: false };
  if (status >= 500 || [401, 408, 429].includes(status)) return { kind: 'retry', message: e.message };
  if (status === 409 && KEY_IN_PROGRESS.test(e.message)) return { kind: 'retry', message: e.message };
  return { kind: 'refused', message: e.message, conflict: status === 409 || status === 404, status, current: currentValue(err) };
}

/**
 * The target's value on the server that a conflict names (`Verdant-Current-Value`, percent-encoded; sent
 * by the rename, batch status and problem endpoints, issue 25), or null.
 */
function currentValue(err: unknown): string | null {
  // callEndpoint may have wrapped the HTTP error (an ApiError whose cause it is).
  let found: unknown = err;
  for (let i = 0; i < 3 && found && !isHttpError(found); i++) found = (found as { cause?: unknown }).cause;
  const headers = isHttpError(found) ? found.response?.headers : undefined;
  const raw = headers && typeof headers.get === 'function' ? headers.get('verdant-current-value') : null;
  if (raw === null) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The action queue's transport over HTTP; `client` is the app's signed-in HTTP client by default (loaded lazily). */
export function actionTransport(client?: HttpClient): ActionTransport {
  let clientPromise: Promise<HttpClient> | null = client ? Promise.resolve(client) : null;
  const http = () => (clientPromise ??= import('./http').then((m) => m.httpPrivate));
  return {
    async send(action: QueuedAction) {
      if (!isQueueable(action.endpoint)) throw new ApiError(`This change cannot be sent (${action.endpoint}).`);
      const endpoint = queueableEndpoints[action.endpoint];
      try {
        return await callEndpoint(endpoint, action.input as never, await http(), { headers: { 'Idempotency-Key': action.idempotencyKey } });
      } catch (err) {
        // A 2xx the contract cannot read (the server's "already applied, answer lost") is still applied.
        if (err instanceof ApiError && err.status === undefined && !err.fromServer && !err.cause && err.message === UNREADABLE_ANSWER) return null;
        throw err;
      }
    },
    classify: classifyActionError,
  };
}

export interface ActionQueueOptions extends Omit<ActionQueueParts, 'transport'> {
  client?: HttpClient;
}

/** An action queue sending over HTTP (the app's, or a test's with its own database, client and lock). */
export function createActionQueue({ client, ...parts }: ActionQueueOptions = {}): ActionQueue {
  return createQueue({ ...parts, transport: actionTransport(client) });
}

let defaultQueue: ActionQueue | null = null;

/** The app's action queue (its own local database, the signed-in HTTP client, the shared Web Lock). */
export function actionQueue(): ActionQueue {
  return (defaultQueue ??= createActionQueue());
}

export interface ActionMeta {
  companyId: number;
  userId: number;
  label: string;
  target?: ActionTarget;
}

/**
 * Makes a field action through the outbox: stored with its Idempotency-Key, then sent at once when
 * online (after any older waiting action). Answers the server's response, or `{ queued: true }`;
 * rejects with ActionRefused (an Error with the server's message) when refused.
 */
export async function queueAction<K extends QueueableEndpoint>(
  endpoint: K,
  input: EndpointRequest<Endpoint<K>>,
  meta: ActionMeta,
  queue: ActionQueue = actionQueue(),
): Promise<ActionOutcome<EndpointOutput<Endpoint<K>> | null>> {
  return queue.run<EndpointOutput<Endpoint<K>> | null>({ ...meta, endpoint, input: input as Record<string, unknown> });
}

export { ActionRefused };
export { ActionNotRestorable, canKeepMine, keepMineKeys, keepMineReopens, mineOf } from '../offline/action-queue';
export { canRestore, RESTORE_WINDOW_MS } from '../offline/outbox-history';
export type { OutboxHistoryRow, OutboxHistoryKind } from '../offline/outbox-history';
export type { ActionOutcome, ActionQueue, ActionTarget, QueuedAction };
export type { ActionFlushResult, ActionState } from '../offline/action-queue';
