import { addDays, formResponsesMessages as msg, utcMidnight, type EndpointInput, type stickyTrapsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './sticky-traps.repository.js';
import { toReadings } from './sticky-traps.mapper.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof stickyTrapsEndpoints> = EndpointInput<(typeof stickyTrapsEndpoints)[K]>;

/** 'YYYY-MM-DD'..'YYYY-MM-DD', both days included (UTC), as [from, to); either end may be open. */
function days(start?: string, end?: string) {
  if (start && end && end < start) throw badRequest(msg.endBeforeStart, 'end_date');
  return {
    from: start ? utcMidnight(start) : undefined,
    to: end ? utcMidnight(addDays(end, 1)) : undefined,
  };
}

async function box(deps: Deps, caller: Caller, gridBoxId: number) {
  if (!(await repo.findGridBox(deps.db, caller.company_id, gridBoxId))) throw notFound('Grid box');
}

const readings = async (deps: Deps, caller: Caller, ids: number[]) => toReadings(await repo.countsOf(deps.db, caller.company_id, ids));

export async function checkForStickytrap(deps: Deps, caller: Caller, gridBoxId: number) {
  await box(deps, caller, gridBoxId);
  const id = await repo.latestReadingId(deps.db, caller.company_id, gridBoxId);
  const [latest] = id === undefined ? [] : await readings(deps, caller, [id]);
  return { status: 'success' as const, GridBoxID: gridBoxId, has_submission: Boolean(latest), latest: latest ?? null };
}

export async function boxReadings(deps: Deps, caller: Caller, input: Input<'getStickyTrapResponsesByGridboxDate'>) {
  const range = days(input.start_date, input.end_date);
  await box(deps, caller, input.GridBoxID);
  const ids = await repo.readingIds(deps.db, caller.company_id, { gridBoxId: input.GridBoxID, ...range });
  return { status: 'success' as const, GridBoxID: input.GridBoxID, responses: await readings(deps, caller, ids) };
}

export async function gridLatest(deps: Deps, caller: Caller, input: Input<'getStickyTrapResponsesGrid'>) {
  const range = days(input.start_date, input.end_date);
  if (!(await repo.findGrid(deps.db, caller.company_id, input.GridID))) throw notFound('Grid');
  const ids = await repo.readingIds(deps.db, caller.company_id, { gridId: input.GridID, latestPerBox: true, ...range });
  const boxes = (await readings(deps, caller, ids)).sort((a, b) => (a.x ?? 0) - (b.x ?? 0) || (a.y ?? 0) - (b.y ?? 0));
  return { status: 'success' as const, GridID: input.GridID, boxes };
}
