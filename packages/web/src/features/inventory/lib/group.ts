import { FINISHED_BATCH_STATUSES, type Batch } from '@verdant/contract';

const FINISHED = new Set<string>(FINISHED_BATCH_STATUSES);

/** Batches that still hold plants (not harvested, not destroyed): the ones a tray can go in. */
export function growingBatches(batches: readonly Batch[]): Batch[] {
  return batches.filter((b) => !b.Harvested && !FINISHED.has(b.BatchStatus));
}
