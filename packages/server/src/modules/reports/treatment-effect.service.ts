import { DEFAULT_EFFECT_WEEKS, toWireRange, type DateOption, type TreatmentEffect, type EndpointInput, type reportsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import { defaultWeeks, resolveRange } from './report-range.js';
import * as repo from './trends.repository.js';
import * as effects from './treatment-effect.repository.js';
import { treatmentEffects } from './treatment-effect.figures.js';

type Input<K extends keyof typeof reportsEndpoints> = EndpointInput<(typeof reportsEndpoints)[K]>;

const ALL_OPTIONS: readonly DateOption[] = ['weeks_ago', 'date_range', 'batch_related_date'];

/**
 * Pressure on treated boxes before and after each application, per product: the applications recorded
 * with /link_treatment_products_gridboxes on the days of the range, measured on their boxes (of the rooms
 * asked for) in the weeks around them (treatment-effect.figures.ts says how).
 */
export async function treatmentEffectiveness(
  deps: Deps,
  caller: Caller,
  input: Input<'getTreatmentEffectivenessReport'>,
) {
  const range = resolveRange(input, { options: ALL_OPTIONS, whenAbsent: defaultWeeks() });
  if (input.room_ids?.length) {
    const unique = [...new Set(input.room_ids)];
    if ((await repo.roomsByIds(deps.db, caller.company_id, unique)).length !== unique.length) throw notFound('Room');
  }
  const weeksBefore = input.weeks_before ?? DEFAULT_EFFECT_WEEKS;
  const weeksAfter = input.weeks_after ?? DEFAULT_EFFECT_WEEKS;
  const q = { companyId: caller.company_id, start: range.start, end: range.end, roomIds: [...new Set(input.room_ids ?? [])], weeksBefore, weeksAfter };
  const apps = await effects.applicationsInRange(deps.db, q);
  const observations = apps.length ? await effects.observationsByWeek(deps.db, q) : [];
  const data: TreatmentEffect[] = treatmentEffects(apps, observations, weeksBefore, weeksAfter);
  return { status: 'success' as const, range: toWireRange(range), weeks_before: weeksBefore, weeks_after: weeksAfter, data };
}
