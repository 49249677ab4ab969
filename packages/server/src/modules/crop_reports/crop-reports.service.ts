import {
  BUILT_IN_BATCH_STATUSES, type AvailabilityTotals, type EndpointInput, type VarietyStatusRow, cropReportsEndpoints, unknownBatchStatus,
} from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import type { Deps } from '../../lib/deps.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './crop-reports.repository.js';
import { toAvailabilityWeek, toCropStatusBatch } from './crop-reports.mapper.js';

type Input<K extends keyof typeof cropReportsEndpoints> = EndpointInput<(typeof cropReportsEndpoints)[K]>;

const unique = <T>(items: readonly T[]) => [...new Set(items)];
/** An empty filter list means no filter, as when it is not sent. */
const filterOf = (ids: number[] | undefined) => (ids && ids.length ? unique(ids) : null);

/**
 * The company's spelling of each status asked (case-insensitive, built-in or custom), duplicates
 * dropped, in the order asked; an unknown name is a 400 listing the choices, as batch forms answer.
 */
async function canonicalStatuses({ db }: Deps, companyId: number, asked: string[], field: string): Promise<string[]> {
  const known = [...BUILT_IN_BATCH_STATUSES, ...(await repo.customStatusNames(db, companyId))];
  const byLower = new Map(known.map((s) => [s.toLowerCase(), s]));
  return unique(
    asked.map((name) => {
      const status = byLower.get(name.trim().toLowerCase());
      if (!status) throw badRequest(unknownBatchStatus(field, known), field);
      return status;
    }),
  );
}

/** Another company's room or batch in a filter is a 404, never a silently smaller report. */
async function checkFilters({ db }: Deps, companyId: number, roomIds: number[] | null, batchIds: number[] | null = null) {
  if (roomIds && (await repo.countOwnRooms(db, companyId, roomIds)) !== roomIds.length) throw notFound('Room');
  if (batchIds && (await repo.countOwnBatches(db, companyId, batchIds)) !== batchIds.length) throw notFound('Batch');
}

/** Lifecycle order for the built-in statuses, then the company's own alphabetically. */
function statusOrder(a: string, b: string) {
  const rank = (s: string) => {
    const i = (BUILT_IN_BATCH_STATUSES as readonly string[]).indexOf(s);
    return i < 0 ? BUILT_IN_BATCH_STATUSES.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

export async function cropStatusReport(deps: Deps, caller: Caller, input: Input<'getCropStatusReport'>) {
  const companyId = caller.company_id;
  const statuses = await canonicalStatuses(deps, companyId, input.batch_statuses, 'batch_statuses');
  const roomIds = filterOf(input.room_ids);
  await checkFilters(deps, companyId, roomIds);
  const [batches, totals] = await Promise.all([
    repo.cropStatusBatches(deps.db, companyId, statuses, roomIds),
    repo.statusTotals(deps.db, companyId, statuses, roomIds),
  ]);
  const byStatus = new Map(totals.map((t) => [t.batch_status, t]));
  const order = new Map(statuses.map((s, i) => [s, i]));
  return {
    status: 'success' as const,
    data: batches.map(toCropStatusBatch).sort((a, b) => order.get(a.batch_status)! - order.get(b.batch_status)!),
    status_summary: statuses.map((s) => {
      const t = byStatus.get(s);
      return { batch_status: s, batches: t?.batches ?? 0, plants: t?.plants ?? 0, pre_books: t?.pre_books ?? 0 };
    }),
  };
}

export async function plantCountReport(deps: Deps, caller: Caller, input: Input<'getPlantCountReport'>) {
  const companyId = caller.company_id;
  const filter = { groupBy: input.group_by, batchIds: filterOf(input.batch_ids), roomIds: filterOf(input.room_ids) };
  await checkFilters(deps, companyId, filter.roomIds, filter.batchIds);
  const [groups, totals] = await Promise.all([repo.plantCountGroups(deps.db, companyId, filter), repo.plantCountTotals(deps.db, companyId, filter)]);
  return { status: 'success' as const, data: groups, summary: { group_by: input.group_by, ...totals } };
}

const available = (t: { plants: number; pre_books: number }) => Math.max(0, t.plants - t.pre_books);

export async function cropAvailabilityReport(deps: Deps, caller: Caller, input: Input<'cropAvailabilityReport'>) {
  const companyId = caller.company_id;
  const statuses = await canonicalStatuses(deps, companyId, input.batch_statuses, 'batch_statuses');
  const [varieties, weeks] = await Promise.all([
    repo.availabilityByVariety(deps.db, companyId, statuses),
    repo.availabilityByWeek(deps.db, companyId, statuses),
  ]);
  const totals = (rows: ReadonlyArray<{ batches: number; plants: number; pre_books: number }>): AvailabilityTotals => {
    const t = rows.reduce((s, r) => ({ batches: s.batches + r.batches, plants: s.plants + r.plants, pre_books: s.pre_books + r.pre_books }), { batches: 0, plants: 0, pre_books: 0 });
    return { ...t, available: available(t) };
  };
  const dated = weeks.filter((w): w is typeof w & { week_start: string; week_end: string } => w.week_start !== null && w.week_end !== null);
  return {
    status: 'success' as const,
    data: varieties,
    weeks: dated.map(toAvailabilityWeek),
    undated: totals(weeks.filter((w) => w.week_start === null)),
    summary: totals(varieties),
  };
}

export async function cropStatusByVariety(deps: Deps, caller: Caller, input: Input<'getCropStatusByVariety'>) {
  const companyId = caller.company_id;
  const statuses = input.batch_statuses ? await canonicalStatuses(deps, companyId, input.batch_statuses, 'batch_statuses') : null;
  const asked = new Map<string, string>();
  for (const name of input.strain_names) if (!asked.has(name.toLowerCase())) asked.set(name.toLowerCase(), name);
  const rows = await repo.varietyStatuses(deps.db, companyId, [...asked.keys()], statuses);
  const data: VarietyStatusRow[] = [...asked].map(([key, name]) => {
    const mine = rows.filter((r) => r.strain_key === key).sort((a, b) => statusOrder(a.batch_status, b.batch_status));
    return {
      strain_name: mine.map((r) => r.strain_name).sort()[0] ?? name,
      batches: mine.reduce((n, r) => n + r.batches, 0),
      plants: mine.reduce((n, r) => n + r.plants, 0),
      pre_books: mine.reduce((n, r) => n + r.pre_books, 0),
      statuses: mine.map((r) => ({ batch_status: r.batch_status, batches: r.batches, plants: r.plants, pre_books: r.pre_books })),
    };
  });
  return { status: 'success' as const, data };
}
