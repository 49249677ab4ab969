import type { RawBuilder } from 'kysely';
import { reportsMessages as msg, toWireRange, type DateOption, type RangeRules, type EndpointInput, type reportsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Deps } from '../../lib/deps.js';
import { defaultWeeks, reportToday, resolveRange } from './report-range.js';
import * as repo from './trends.repository.js';
import { cumulative, toSeries, toSeveritySeries, withEmpty } from './reports.mapper.js';

type Input<K extends keyof typeof reportsEndpoints> = EndpointInput<(typeof reportsEndpoints)[K]>;

const ALL_OPTIONS: readonly DateOption[] = ['weeks_ago', 'date_range', 'batch_related_date'];
const success = 'success' as const;

/** Reports that may leave the date option out cover this week and the 3 before it. */
const optionalDates = (): RangeRules => ({ options: ALL_OPTIONS, whenAbsent: defaultWeeks() });

/** The rooms named, all of the caller's company (404 otherwise), and the grids in them. */
async function roomScope(deps: Deps, caller: Caller, roomIds: number[] | undefined) {
  if (!roomIds?.length) return undefined;
  const unique = [...new Set(roomIds)];
  const { rooms, grids } = await repo.roomsWithGrids(deps.db, caller.company_id, unique);
  if (rooms.length !== unique.length) throw notFound('Room');
  return { rooms, grids, scope: { roomIds: unique, gridIds: grids.map((g) => g.grid_id) } };
}

/**
 * Runs a report statement, kept to the rooms named when there are any: whether every one is the
 * company's (404 otherwise) is answered by the same statement, so a room-scoped report is one round trip.
 */
async function inRooms<T extends { key: string }>(
  deps: Deps,
  caller: Caller,
  roomIds: number[] | undefined,
  build: (rooms?: repo.RoomFilter) => RawBuilder<T>,
): Promise<T[]> {
  if (!roomIds?.length) return repo.run(deps.db, build());
  const unique = [...new Set(roomIds)];
  const rows = await repo.run(deps.db, repo.withRoomsFound(caller.company_id, unique, build({ roomIds: unique })));
  if (rows[0]?.rooms_found !== unique.length) throw notFound('Room');
  return rows.filter((r): r is typeof r & T => r.key !== null);
}

async function ownBatch(deps: Deps, caller: Caller, batchId: number | undefined) {
  if (batchId === undefined) return undefined;
  const batch = await repo.findBatch(deps.db, caller.company_id, batchId);
  if (!batch) throw notFound('Batch');
  return batch;
}

const filterFor = (caller: Caller, range: ReturnType<typeof resolveRange>) => ({
  companyId: caller.company_id,
  range,
  batchOnly: range.option === 'batch_related_date',
});

export async function problemTrends(deps: Deps, caller: Caller, input: Input<'getProblemTrends'>) {
  const given = input.start_date !== undefined || input.end_date !== undefined;
  const range = resolveRange({ ...input, date_option: given ? 'date_range' : undefined }, optionalDates());
  const [rows, suspected] = await Promise.all([
    repo.run(deps.db, repo.countsByProblem(filterFor(caller, range))),
    repo.run(deps.db, repo.countsByProblem({ ...filterFor(caller, range), suspected: true })),
  ]);
  return { status: success, range: toWireRange(range), trends: toSeries(range, rows), suspected: toSeries(range, suspected) };
}

export async function trendsReportGraph(deps: Deps, caller: Caller, input: Omit<Input<'getTrendsReportGraph'>, 'company_id'>) {
  const range = resolveRange(input, { options: ALL_OPTIONS });
  const rows = await inRooms(deps, caller, input.room_ids, (rooms) => repo.countsByProblem({ ...filterFor(caller, range), rooms }));
  // Suspected problems apart (issue 18): the rooms were checked by the statement above.
  const suspected = await repo.run(deps.db, repo.countsByProblem({ ...filterFor(caller, range), suspected: true, ...(input.room_ids?.length ? { rooms: { roomIds: [...new Set(input.room_ids)] } } : {}) }));
  return { status: success, range: toWireRange(range), series: toSeries(range, rows), suspected: toSeries(range, suspected) };
}

export async function cumulativeReportGraph(deps: Deps, caller: Caller, input: Input<'getTrendsCumulativeReportGraph'>) {
  const range = resolveRange(input, { options: ['weeks_ago', 'date_range'], weeksAgoAtLeastOne: true });
  const roomIds = input.room_id === undefined ? undefined : [input.room_id];
  const rows = await inRooms(deps, caller, roomIds, (rooms) => repo.countsByProblem({ ...filterFor(caller, range), rooms }));
  return { status: success, range: toWireRange(range), series: cumulative(toSeries(range, rows)) };
}

/** A batch's own days: its start (or creation) through its end, harvest or today, whichever comes first. */
function batchDays(batch: NonNullable<Awaited<ReturnType<typeof repo.findBatch>>>) {
  const today = reportToday();
  const start = batch.start_date ?? reportToday(undefined, batch.created_at);
  const harvested = batch.harvested_at ? reportToday(undefined, batch.harvested_at) : undefined;
  const end = [batch.end_date ?? undefined, harvested, today].filter((d): d is string => d !== undefined).sort()[0]!;
  return { option: 'batch_related_date' as const, start, end: end < start ? start : end };
}

export async function specificTrends(
  deps: Deps,
  caller: Caller,
  input: Input<'getSpecificTrends'>,
) {
  const batch = (await ownBatch(deps, caller, input.batch_id))!;
  const range = resolveRange(input, { options: ALL_OPTIONS, whenAbsent: batchDays(batch) });
  if (input.specificForm !== undefined && !(await repo.findTemplate(deps.db, caller.company_id, input.specificForm))) {
    throw notFound('Form template');
  }
  const rooms = await roomScope(deps, caller, input.room_id === undefined ? undefined : [input.room_id]);
  const rows = await repo.run(
    deps.db,
    repo.countsByProblem({
      ...filterFor(caller, range),
      batchId: batch.batch_id,
      rooms: rooms?.scope,
      templateId: input.specificForm,
      formCategory: input.form_category,
      imagesOnly: input.include_images_only === 1,
    }),
  );
  return {
    status: success,
    range: toWireRange(range),
    batch: { batch_id: batch.batch_id, BatchNumber: batch.batch_number },
    series: toSeries(range, rows),
  };
}

export async function trendsWithSeverity(
  deps: Deps,
  caller: Caller,
  input: Input<'getTrendsWithSeverity'>,
) {
  const range = resolveRange(input, optionalDates());
  const batch = await ownBatch(deps, caller, input.batch_id);
  const rows = await inRooms(deps, caller, input.room_ids, (rooms) =>
    repo.severityByProblem({
      ...filterFor(caller, range),
      batchId: batch?.batch_id,
      rooms,
      problems: input.problem === undefined ? undefined : [input.problem.toLowerCase()],
    }),
  );
  return { status: success, range: toWireRange(range), series: toSeveritySeries(range, rows) };
}

export async function singleProblemTrend(deps: Deps, caller: Caller, input: Input<'getSingleProblemTrend'>) {
  if (!input.problem.trim()) throw badRequest(msg.problemRequired, 'problem');
  const range = resolveRange(input, optionalDates());
  const rooms = await roomScope(deps, caller, input.room_ids);
  const rows = await repo.run(
    deps.db,
    repo.countsByRoom({ ...filterFor(caller, range), rooms: rooms?.scope, problems: [input.problem.toLowerCase()] }),
  );
  const seen = rows.map((r) => Number(r.key)).filter((id) => Number.isInteger(id));
  const named = rooms?.rooms ?? (await repo.roomsByIds(deps.db, caller.company_id, [...new Set(seen)]));
  const labels = new Map(named.map((r) => [String(r.room_id), r.name]));
  // Observations with no room (a box whose grid is in no room) are a series of their own.
  const series = toSeries(range, rows, labels.set('none', 'No room'));
  return {
    status: success,
    range: toWireRange(range),
    problem: input.problem,
    series: rooms ? withEmpty(range, series, new Map(rooms.rooms.map((r) => [String(r.room_id), r.name]))) : series,
  };
}

export async function gutterTrends(
  deps: Deps,
  caller: Caller,
  input: Input<'getGutterTrends'>,
) {
  if (!input.room_ids.length) throw badRequest(msg.roomsRequired, 'room_ids');
  if (!input.plant_problems.length) throw badRequest(msg.problemsRequired, 'plant_problems');
  const range = resolveRange(input, optionalDates());
  const batch = await ownBatch(deps, caller, input.batch_id ?? undefined);
  const rooms = (await roomScope(deps, caller, input.room_ids))!;
  const problems = [...new Set(input.plant_problems.map((p) => p.toLowerCase()))];
  const rows = await repo.run(
    deps.db,
    repo.countsByGridAndProblem({
      ...filterFor(caller, range),
      batchId: batch?.batch_id,
      rooms: { roomIds: [], gridIds: rooms.scope.gridIds },
      problems,
    }),
  );
  const gutters = new Map(rooms.grids.map((g) => [String(g.grid_id), g]));
  const series = withEmpty(range, toSeries(range, rows), new Map([...gutters].map(([id, g]) => [id, g.grid_name])));
  const asked = new Map(input.plant_problems.map((p) => [p.toLowerCase(), p]));
  const data = series
    .filter((s) => gutters.has(s.key))
    .map((s) => {
      const g = gutters.get(s.key)!;
      const counts = new Map(problems.map((p) => [p, 0]));
      for (const r of rows) if (r.key === s.key) counts.set(r.problem.toLowerCase(), (counts.get(r.problem.toLowerCase()) ?? 0) + r.value);
      return {
        ...s,
        label: g.grid_name,
        grid_id: g.grid_id,
        room_id: g.room_id,
        room_name: g.room_name,
        by_problem: problems.map((p) => ({ problem: asked.get(p) ?? p, count: counts.get(p) ?? 0 })),
      };
    });
  return { status: success, range: toWireRange(range), data };
}
