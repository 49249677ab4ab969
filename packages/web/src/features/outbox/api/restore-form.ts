/**
 * Puts a discarded form submission back in the form queue (within a day, once, with its same
 * Idempotency-Key, answers and photos) and sends what waits when online. The queue loads on demand
 * (Dexie stays out of the first-paint bundle), as the outbox's other calls in api/use-outbox.ts.
 */
export async function restoreForm(historyId: number, userId: number, by: string | null, online: boolean) {
  const queue = (await import('../../../api/form-responses')).formQueue();
  const item = await queue.restore(historyId, by);
  if (online) await queue.flush({ userId });
  return item;
}
