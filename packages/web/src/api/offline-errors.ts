/**
 * The name of the "not on this device" error (api/offline-read NotAvailableOfflineError), in a module
 * of its own so the app shell can recognise it without loading the offline database and the HTTP client.
 */
export const OFFLINE_UNAVAILABLE = 'NotAvailableOfflineError';

export function isNotAvailableOffline(err: unknown): boolean {
  return err instanceof Error && err.name === OFFLINE_UNAVAILABLE;
}
