import { sql, type Kysely } from 'kysely';
import type { ObservationStatus } from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import { afterKeyset, cappedCount, type Keyset } from '../../lib/keyset.js';

export interface ObservationListFilter {
  companyId: number;
  status?: ObservationStatus;
  roomId?: number;
  gridId?: number;
  /** Part of the problem's name, any case. */
  problem?: string;
  /** The grids placed in roomId (read first: `grid_id = ANY` lets the grid index serve the room filter). */
  roomGridIds?: number[];
  /** The company's problem names (lowercase) that contain `problem`, read first from the per-day counts. */
  problemNames?: string[];
  /** Inclusive, 'YYYY-MM-DD' (UTC days). */
  startDate?: string;
  endDate?: string;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Kysely<DB>, f: ObservationListFilter) {
  let q = db.selectFrom('problem_observations').where('problem_observations.company_id', '=', f.companyId);
  if (f.status) q = q.where('problem_observations.status', '=', f.status);
  // A room holds the observations made in it and in the grids placed in it, as the unresolved-room page counts them.
  // Its grids are a list of ids (no subquery): both arms of the OR are index scans (room, time) and (grid, time).
  if (f.roomId !== undefined) {
    const roomId = f.roomId;
    const grids = f.roomGridIds ?? [];
    q = q.where((eb) => eb.or([
      eb('problem_observations.room_id', '=', roomId),
      ...(grids.length ? [eb('problem_observations.grid_id', '=', sql<number>`ANY(${sql.val(grids)}::int[])`)] : []),
    ]));
  }
  if (f.gridId !== undefined) q = q.where('problem_observations.grid_id', '=', f.gridId);
  // The names that contain the text, as an equality list on (company, lower(problem), time): the same rows as
  // ILIKE '%text%', which no btree serves.
  if (f.problem) {
    const names = f.problemNames ?? [];
    q = names.length
      ? q.where(sql<string>`lower(problem_observations.problem)`, '=', sql<string>`ANY(${sql.val(names)}::text[])`)
      : q.where(sql<boolean>`false`);
  }
  if (f.startDate) q = q.where('problem_observations.observed_at', '>=', sql<Date>`(${f.startDate}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (f.endDate) q = q.where('problem_observations.observed_at', '<', sql<Date>`(${f.endDate}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return q;
}

const STATUS_COUNT = { open: 'open_count', resolved: 'resolved_count', dismissed: 'dismissed_count', suspected: 'suspected_count' } as const;

/**
 * How many observations match. The company's count by status alone (the overview's open count) is a sum of
 * the per-day counts kept with every observation write (migration 2026_11_27_1000): ~15,000 rows at a
 * million observations, instead of an index read that grows with the table.
 */
export async function countObservations(db: Kysely<DB>, f: ObservationListFilter): Promise<{ total: number; capped: boolean }> {
  if (f.roomId === undefined && f.gridId === undefined) {
    // Status, problem text and UTC days are all keys of the per-day counts: exact, from the company's day rows.
    const counts = f.status ? [STATUS_COUNT[f.status]] : Object.values(STATUS_COUNT);
    let q = db
      .selectFrom('problem_observation_days')
      .select(sql<string | null>`sum(${sql.join(counts.map((c) => sql.ref(c)), sql` + `)})`.as('n'))
      .where('company_id', '=', f.companyId);
    if (f.problem) q = q.where('problem', 'ilike', `%${likeEscaped(f.problem)}%`);
    if (f.startDate) q = q.where('day', '>=', sql<string>`${f.startDate}::date`);
    if (f.endDate) q = q.where('day', '<=', sql<string>`${f.endDate}::date`);
    const { n } = await q.executeTakeFirstOrThrow();
    return { total: Number(n ?? 0), capped: false };
  }
  // A room or grid: counted up to COUNT_CAP rows, and the answer says when it stopped there.
  return cappedCount(db, filtered(db, f));
}

/** The grids placed in a room. */
export async function roomGridIds(db: Kysely<DB>, companyId: number, roomId: number): Promise<number[]> {
  const rows = await db.selectFrom('room_grid').select('grid_id').where('company_id', '=', companyId).where('room_id', '=', roomId).execute();
  return rows.map((r) => r.grid_id);
}

/** The company's problem names (lowercase) containing `text`, any case: a few hundred day rows per name, not every observation. */
export async function problemNamesContaining(db: Kysely<DB>, companyId: number, text: string): Promise<string[]> {
  const rows = await db
    .selectFrom('problem_observation_days')
    .select(sql<string>`lower(problem)`.as('name'))
    .distinct()
    .where('company_id', '=', companyId)
    .where('problem', 'ilike', `%${likeEscaped(text)}%`)
    .execute();
  return rows.map((r) => r.name);
}

export function listObservations(db: Kysely<DB>, f: ObservationListFilter, page: { direction: 'asc' | 'desc'; limit: number; offset: number; after?: Keyset }) {
  let q = filtered(db, f);
  if (page.after) q = q.where(afterKeyset(sql.ref('problem_observations.observed_at'), sql.ref('problem_observations.observation_id'), page.after, page.direction));
  return q
    .leftJoin('rooms as r', 'r.room_id', 'problem_observations.room_id')
    .leftJoin('grids as g', 'g.grid_id', 'problem_observations.grid_id')
    .leftJoin('grid_boxes as b', 'b.grid_box_id', 'problem_observations.grid_box_id')
    .leftJoin('users as u', 'u.user_id', 'problem_observations.observed_by')
    .select([
      'problem_observations.observation_id',
      'problem_observations.problem',
      'problem_observations.severity',
      'problem_observations.status',
      'problem_observations.room_id',
      'r.name as room_name',
      'problem_observations.grid_id',
      'g.name as grid_name',
      'problem_observations.grid_box_id',
      'b.custom_name as box_name',
      'b.x as box_x',
      'b.y as box_y',
      'problem_observations.response_id',
      'problem_observations.observed_at',
      'problem_observations.observed_by',
      sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('observed_by_name'),
      'problem_observations.source',
      'problem_observations.confidence',
    ])
    .select(sql<string>`problem_observations.observed_at::text`.as('cursor_at'))
    .orderBy('problem_observations.observed_at', page.direction)
    .orderBy('problem_observations.observation_id', page.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type ObservationListRow = Awaited<ReturnType<typeof listObservations>>[number];
