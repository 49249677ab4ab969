import { PRESSURE_WEEKS, addDays, mondayOf, type PressureStep } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import { REPORT_TIME_ZONE, reportToday } from '../reports/report-range.js';
import * as repo from './pressure.repository.js';
import { toPressureFrames } from './pressure.mapper.js';

export interface PressureQuery {
  roomId: number;
  step: PressureStep;
  problem: string | null;
  endDate: string | null;
}

/**
 * The frames of the last 12 weeks up to `end`: 12 Monday weeks, the last one holding `end`, or the
 * 84 days ending on `end`.
 */
export function pressureWindow(step: PressureStep, end: string, timeZone = REPORT_TIME_ZONE): repo.PressureWindow & { count: number } {
  if (step === 'week') {
    const lastMonday = mondayOf(end);
    return { first: addDays(lastMonday, -7 * (PRESSURE_WEEKS - 1)), last: addDays(lastMonday, 6), frameDays: 7, count: PRESSURE_WEEKS, timeZone };
  }
  const days = PRESSURE_WEEKS * 7;
  return { first: addDays(end, -(days - 1)), last: end, frameDays: 1, count: days, timeZone };
}

/**
 * A box is hot in a frame when its pressure reaches the company's warning threshold (company settings,
 * "problems on one grid box"), at least 1 (docs/decisions.md, "Pressure map").
 */
export const hotThresholdOf = (warning: number | undefined) => Math.max(1, warning ?? 1);

export async function getRoomPressureFrames(deps: Deps, caller: Caller, q: PressureQuery, now = new Date()) {
  if (!(await repo.roomOfCompany(deps.db, caller.company_id, q.roomId))) throw notFound('Room');
  const window = pressureWindow(q.step, q.endDate ?? reportToday(REPORT_TIME_ZONE, now));
  const [rows, warning] = [
    await repo.pressureRows(deps.db, caller.company_id, q.roomId, window, q.problem),
    await repo.hotThreshold(deps.db, caller.company_id),
  ];
  return { status: 'success' as const, ...toPressureFrames(rows, window, q, hotThresholdOf(warning)) };
}
