import { DEFAULT_EFFECT_WEEKS, type DateOption, type TreatmentEffect } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import { defaultWeeks, resolveRange, toWireRange, type DateOptionInput } from './report-range.js';
import * as repo from './trends.repository.js';

const ALL_OPTIONS: readonly DateOption[] = ['weeks_ago', 'date_range', 'batch_related_date'];

/**
 * Pressure on treated boxes before and after each application, per product. Treatments and spray products
 * are not recorded yet (they come with the operations issue), so there are no applications to measure and
 * the answer is an empty, well-formed report over the range asked; the inputs are checked as they will be.
 */
export async function treatmentEffectiveness(
  deps: Deps,
  caller: Caller,
  input: DateOptionInput & { room_ids?: number[]; weeks_before?: number; weeks_after?: number },
) {
  const range = resolveRange(input, { options: ALL_OPTIONS, whenAbsent: defaultWeeks() });
  if (input.room_ids?.length) {
    const unique = [...new Set(input.room_ids)];
    if ((await repo.roomsByIds(deps.db, caller.company_id, unique)).length !== unique.length) throw notFound('Room');
  }
  const data: TreatmentEffect[] = [];
  return {
    status: 'success' as const,
    range: toWireRange(range),
    weeks_before: input.weeks_before ?? DEFAULT_EFFECT_WEEKS,
    weeks_after: input.weeks_after ?? DEFAULT_EFFECT_WEEKS,
    data,
  };
}
