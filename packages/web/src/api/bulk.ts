import { bulkEndpoints as ep, type EndpointInput } from '@verdant/contract';
import { callEndpoint } from './call-endpoint';
import { httpPrivate } from './http';

type Input<K extends keyof typeof ep> = EndpointInput<(typeof ep)[K]>;

/** The change's Idempotency-Key: made once per change the user asks for, so a retry of it is applied once. */
const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/**
 * The bulk changes (docs/decisions.md, "Change many at once"): one request per change, with its own
 * Idempotency-Key, all or nothing; each answers the change with its id for the undo. Online only: a change
 * of many records queued for later could meet records changed meanwhile, so it is refused rather than queued.
 */
export async function bulkUpdateGridBoxes(input: Input<'bulkUpdateGridBoxes'>, key: string) {
  return (await callEndpoint(ep.bulkUpdateGridBoxes, input, httpPrivate, keyed(key))).change;
}

export async function bulkUpdateObservations(input: Input<'bulkUpdateObservations'>, key: string) {
  return (await callEndpoint(ep.bulkUpdateObservations, input, httpPrivate, keyed(key))).change;
}

export async function bulkUpdateTasks(input: Input<'bulkUpdateTasks'>, key: string) {
  return (await callEndpoint(ep.bulkUpdateTasks, input, httpPrivate, keyed(key))).change;
}

/** Undoes one of the caller's bulk changes; a 409 says which record changed since. */
export async function undoBulkChange(input: Input<'undoBulkChange'>, key: string) {
  return (await callEndpoint(ep.undoBulkChange, input, httpPrivate, keyed(key))).change;
}
