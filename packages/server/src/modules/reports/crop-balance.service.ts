import {
  daysBetween, DEFAULT_CROP_BALANCE_INDICATOR, MAX_CROP_BALANCE_WEEKS, mondayOf, reportsMessages as msg, toWireRange,
  type CropBalanceSeries, type EndpointInput, type reportsEndpoints,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { cropBalanceWeeks } from '../crop_registration/index.js';
import { defaultWeeks, resolveRange } from './report-range.js';
import { roomsWithGrids } from './trends.repository.js';

type Input<K extends keyof typeof reportsEndpoints> = EndpointInput<(typeof reportsEndpoints)[K]>;

const average = (values: Array<number | null>): number | null => {
  const seen = values.filter((v): v is number => v !== null);
  return seen.length === 0 ? null : Math.round((seen.reduce((a, b) => a + b, 0) / seen.length) * 100) / 100;
};

/**
 * The crop balance report (issue 24): one indicator of a crop per room and Monday week. The figures are crop
 * registration's (cropBalanceWeeks: its kept week sums and formulas); this only picks the weeks, checks the rooms
 * and lays the weeks out as one dense series per room. A room with two plantings of the crop in one week shows the
 * later one's (plantings of a room follow each other).
 */
export async function cropBalanceReport(deps: Deps, caller: Caller, input: Input<'getCropBalanceReport'>) {
  const range = resolveRange({ ...input, granularity: 'week' }, { options: ['weeks_ago', 'date_range'], whenAbsent: defaultWeeks() });
  const from = range.origin;
  const to = mondayOf(range.end);
  if (daysBetween(from, to) / 7 >= MAX_CROP_BALANCE_WEEKS) {
    throw badRequest(msg.cropBalanceTooLong, range.option === 'weeks_ago' ? 'weeks_ago' : 'start_date');
  }
  const roomIds = input.room_ids?.length ? [...new Set(input.room_ids)] : undefined;
  if (roomIds) {
    const { rooms } = await roomsWithGrids(deps.db, caller.company_id, roomIds);
    if (rooms.length !== roomIds.length) throw notFound('Room');
  }
  const indicator = input.indicator ?? DEFAULT_CROP_BALANCE_INDICATOR;
  const balance = await cropBalanceWeeks(deps, caller.company_id, { cropId: input.crop_id, roomIds, from, to });
  const wire = toWireRange(range);
  const series: CropBalanceSeries[] = balance.rooms.map((room) => {
    const own = new Map(balance.weeks.filter((w) => w.room_id === room.room_id).map((w) => [w.week, w]));
    const points = wire.buckets.map((bucket) => {
      const w = own.get(bucket);
      return { bucket, value: w?.values[indicator] ?? null, last_year: w?.last_year[indicator] ?? null, plants_measured: w?.plants_measured ?? 0 };
    });
    return { key: String(room.room_id), label: room.name, room_id: room.room_id, average: average(points.map((p) => p.value)), points };
  });
  return {
    status: 'success' as const,
    range: wire,
    crop: balance.crop,
    indicator,
    unit: balance.units[indicator],
    formula: balance.formulas[indicator],
    target: balance.targets.find((t) => t.indicator === indicator) ?? null,
    series,
  };
}
