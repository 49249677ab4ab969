import type { ObservationListItem } from '@verdant/contract';
import { paths } from '../../../lib/paths';

/** The answer of the open-observations read the overview counts from. */
export interface OpenProblems {
  total_count: number;
  observations: ObservationListItem[];
}

/** The observations screen filtered to open problems, or to suspected ones (its filters live in the address). */
export function openProblemsPath(filter: { problem?: string; room?: number; status?: 'open' | 'suspected' } = {}): string {
  const q = new URLSearchParams({ status: filter.status ?? 'open' });
  if (filter.room) q.set('room', String(filter.room));
  if (filter.problem) q.set('problem', filter.problem);
  return `${paths.observations}?${q.toString()}`;
}

/** True when the counts per room and problem come from only the newest part of the open problems. */
export const isPartial = (open: OpenProblems) => open.total_count > open.observations.length;
