import type { ObservationListItem } from '@verdant/contract';

/**
 * A detection's confidence as a whole percent (0.824 → 82), or null when there is none: a scout's
 * observation, or a copy kept on the device from before the server sent it.
 */
export function confidencePercent(confidence: number | null | undefined): number | null {
  if (confidence === null || confidence === undefined || !Number.isFinite(confidence)) return null;
  return Math.round(Math.min(1, Math.max(0, confidence)) * 100);
}

/** A suspected problem: a scan's or camera's detection nobody has confirmed yet (issue 18). */
export const isSuspected = (o: Pick<ObservationListItem, 'Status'>) => o.Status === 'suspected';
