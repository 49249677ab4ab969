import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { inScope } from './unresolved-problems.repository.js';

export interface ObservationListFilter {
  companyId: number;
  status?: 'open' | 'resolved' | 'dismissed';
  roomId?: number;
  gridId?: number;
  /** Part of the problem's name, any case. */
  problem?: string;
  /** Inclusive, 'YYYY-MM-DD' (UTC days). */
  startDate?: string;
  endDate?: string;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Kysely<DB>, f: ObservationListFilter) {
  let q = db.selectFrom('problem_observations').where('problem_observations.company_id', '=', f.companyId);
  if (f.status) q = q.where('problem_observations.status', '=', f.status);
  // A room holds the observations made in it and in the grids placed in it, as the unresolved-room page counts them.
  if (f.roomId !== undefined) q = q.where(inScope({ kind: 'room', id: f.roomId }));
  if (f.gridId !== undefined) q = q.where('problem_observations.grid_id', '=', f.gridId);
  if (f.problem) q = q.where('problem_observations.problem', 'ilike', `%${likeEscaped(f.problem)}%`);
  if (f.startDate) q = q.where('problem_observations.observed_at', '>=', sql<Date>`(${f.startDate}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (f.endDate) q = q.where('problem_observations.observed_at', '<', sql<Date>`(${f.endDate}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return q;
}

const STATUS_COUNT = { open: 'open_count', resolved: 'resolved_count', dismissed: 'dismissed_count' } as const;

/**
 * How many observations match. The company's count by status alone (the overview's open count) is a sum of
 * the per-day counts kept with every observation write (migration 2026_11_27_1000): ~15,000 rows at a
 * million observations, instead of an index read that grows with the table.
 */
export async function countObservations(db: Kysely<DB>, f: ObservationListFilter): Promise<number> {
  const narrowed = f.roomId !== undefined || f.gridId !== undefined || !!f.problem || !!f.startDate || !!f.endDate;
  if (!narrowed) {
    const counts = f.status ? [STATUS_COUNT[f.status]] : Object.values(STATUS_COUNT);
    const { n } = await db
      .selectFrom('problem_observation_days')
      .select(sql<string | null>`sum(${sql.join(counts.map((c) => sql.ref(c)), sql` + `)})`.as('n'))
      .where('company_id', '=', f.companyId)
      .executeTakeFirstOrThrow();
    return Number(n ?? 0);
  }
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listObservations(db: Kysely<DB>, f: ObservationListFilter, page: { direction: 'asc' | 'desc'; limit: number; offset: number }) {
  return filtered(db, f)
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
    ])
    .orderBy('problem_observations.observed_at', page.direction)
    .orderBy('problem_observations.observation_id', page.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type ObservationListRow = Awaited<ReturnType<typeof listObservations>>[number];
