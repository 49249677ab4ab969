import { gridBoxDisplayName, observationsMessages as msg, OBSERVATIONS_LIMIT, OBSERVATIONS_MAX_LIMIT, type ObservationListItem, type EndpointInput, type observationsEndpoints } from '@verdant/contract';
import type { Caller } from '../../plugins/auth.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { clampPage } from '../../lib/paging.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset.js';
import * as places from './unresolved-problems.repository.js';
import * as repo from './observation-list.repository.js';
import type { Deps } from '../../lib/deps.js';
import { iso } from '../../lib/iso.js';
import { responsePhotos } from '../../lib/images/response-photos.js';
import type { Photo } from '@verdant/contract';

type Input<K extends keyof typeof observationsEndpoints> = EndpointInput<(typeof observationsEndpoints)[K]>;

/** x and y are NOT NULL in grid_boxes: null means no box was joined (and then neither is a name). */
const boxName = (name: string | null, x: number | null, y: number | null) => (x === null || y === null ? null : gridBoxDisplayName(name, x, y));

export const toListItem = (r: repo.ObservationListRow, photos: Photo[] = []): ObservationListItem => ({
  ProblemID: r.observation_id,
  Problem: r.problem,
  Severity: r.severity,
  Status: r.status,
  RoomID: r.room_id,
  RoomName: r.room_name,
  GridID: r.grid_id,
  GridName: r.grid_name,
  GridBoxID: r.grid_box_id,
  BoxName: boxName(r.box_name, r.box_x, r.box_y),
  ResponseID: r.response_id,
  ObservedAt: iso(r.observed_at),
  ObservedBy: r.observed_by,
  ObservedByName: r.observed_by_name,
  Source: r.source,
  Confidence: r.confidence,
  photos,
});

/** The company's observations, one page; a named room or grid must be the company's (404). */
export async function listObservations({ db }: Deps, caller: Caller, input: Input<'getProblemObservations'>) {
  if (input.start_date && input.end_date && input.start_date > input.end_date) throw badRequest(msg.dateOrder, 'start_date');
  if (input.room_id !== undefined && !(await places.findRoom(db, caller.company_id, input.room_id))) throw notFound('Room');
  if (input.grid_id !== undefined && !(await places.findGrid(db, caller.company_id, input.grid_id))) throw notFound('Grid');
  const page = clampPage(input.limit, input.offset, OBSERVATIONS_LIMIT, OBSERVATIONS_MAX_LIMIT);
  const after = decodeCursor(input.cursor);
  const filter: repo.ObservationListFilter = {
    companyId: caller.company_id,
    status: input.status,
    roomId: input.room_id,
    gridId: input.grid_id,
    problem: input.problem,
    startDate: input.start_date,
    endDate: input.end_date,
    roomGridIds: input.room_id === undefined ? undefined : await repo.roomGridIds(db, caller.company_id, input.room_id),
    problemNames: input.problem ? await repo.problemNamesContaining(db, caller.company_id, input.problem) : undefined,
  };
  // One row more than the page tells whether a next page exists.
  const [count, read] = await Promise.all([
    repo.countObservations(db, filter),
    repo.listObservations(db, filter, { direction: input.sort_order, limit: page.limit + 1, offset: page.offset, after }),
  ]);
  const rows = read.slice(0, page.limit);
  const last = read.length > page.limit ? rows[rows.length - 1] : undefined;
  const photos = await responsePhotos(db, caller.company_id, rows.map((r) => r.response_id));
  return {
    status: 'success' as const,
    total_count: count.total,
    total_capped: count.capped,
    ...page,
    next_cursor: last ? encodeCursor(last.cursor_at, last.observation_id) : null,
    observations: rows.map((r) => toListItem(r, r.response_id === null ? [] : (photos.get(r.response_id) ?? []))),
  };
}
