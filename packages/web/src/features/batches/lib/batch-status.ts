import { BUILT_IN_BATCH_STATUSES, HARVESTED_STATUS } from '@verdant/contract';
import type { BadgeTone } from '../../../components/ui';

const TONES: Record<string, BadgeTone> = {
  Planned: 'neutral',
  Propagation: 'info',
  Vegetative: 'brand',
  Flowering: 'warning',
  Ready: 'success',
  Harvested: 'neutral',
  Destroyed: 'danger',
};

/** Built-in statuses have a meaning colour; custom ones are neutral. */
export function statusTone(status: string): BadgeTone {
  return TONES[status] ?? 'neutral';
}

export function isBuiltInStatus(status: string): boolean {
  return (BUILT_IN_BATCH_STATUSES as readonly string[]).includes(status);
}

/** Statuses a user may pick: the built-in ones except Harvested (that is the harvest action), then custom ones. */
export function pickableStatuses(builtIn: readonly string[], custom: readonly string[]): string[] {
  return [...builtIn.filter((s) => s !== HARVESTED_STATUS), ...custom];
}
