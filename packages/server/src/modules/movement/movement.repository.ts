import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, PlantMovementTable } from '../../db/schema.js';
import { orderBy } from '../../lib/paging.js';

/** A move as written: every column but the generated id, `moved_at` defaulting to now. */
export type NewMovement = Omit<Selectable<PlantMovementTable>, 'movement_id' | 'moved_at'> & { moved_at?: Date };

export async function insertMovement(db: Kysely<DB>, row: NewMovement): Promise<number> {
  const made = await db.insertInto('plant_movements').values(row).returning('movement_id').executeTakeFirstOrThrow();
  return made.movement_id;
}

export interface HistoryFilter {
  companyId: number;
  movementId?: number;
  batchId?: number;
  roomId?: number;
  /** Inclusive, 'YYYY-MM-DD' (UTC days). */
  startDate?: string;
  endDate?: string;
}

/** Wire sort keys → the SQL they sort by; anything else is refused by orderBy. */
export const HISTORY_SORT_COLUMNS = {
  moved_at: 'm.moved_at',
  plant_uid: 'p.plant_uid',
  from_room: 'fr.name',
  to_room: 'tr.name',
  moved_by: 'moved_by_name',
} as const;

function filtered(db: Kysely<DB>, f: HistoryFilter) {
  let q = db
    .selectFrom('plant_movements as m')
    .innerJoin('plants as p', 'p.plant_id', 'm.plant_id')
    .leftJoin('rooms as fr', 'fr.room_id', 'm.from_room_id')
    .leftJoin('rooms as tr', 'tr.room_id', 'm.to_room_id')
    .where('m.company_id', '=', f.companyId);
  if (f.movementId !== undefined) q = q.where('m.movement_id', '=', f.movementId);
  if (f.batchId !== undefined) q = q.where('m.batch_id', '=', f.batchId);
  if (f.roomId !== undefined) {
    const roomId = f.roomId;
    q = q.where((eb) => eb.or([eb('m.from_room_id', '=', roomId), eb('m.to_room_id', '=', roomId)]));
  }
  if (f.startDate) q = q.where('m.moved_at', '>=', sql<Date>`(${f.startDate}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (f.endDate) q = q.where('m.moved_at', '<', sql<Date>`(${f.endDate}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return q;
}

export async function countHistory(db: Kysely<DB>, f: HistoryFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface HistorySort {
  key: string;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function listHistory(db: Kysely<DB>, f: HistoryFilter, s: HistorySort) {
  return filtered(db, f)
    .leftJoin('grid_boxes as fgb', 'fgb.grid_box_id', 'm.from_gridbox_id')
    .leftJoin('grid_boxes as tgb', 'tgb.grid_box_id', 'm.to_gridbox_id')
    .leftJoin('sub_gridboxes as fs', 'fs.sub_gridbox_id', 'm.from_sub_gridbox_id')
    .leftJoin('sub_gridboxes as ts', 'ts.sub_gridbox_id', 'm.to_sub_gridbox_id')
    .leftJoin('users as u', 'u.user_id', 'm.moved_by')
    .selectAll('m')
    .select([
      'p.plant_uid',
      'fr.name as from_room_name',
      'tr.name as to_room_name',
      'fgb.custom_name as from_gb_name',
      'fgb.x as from_gb_x',
      'fgb.y as from_gb_y',
      'tgb.custom_name as to_gb_name',
      'tgb.x as to_gb_x',
      'tgb.y as to_gb_y',
      'fs.custom_name as from_sub_name',
      'fs.subx as from_subx',
      'fs.suby as from_suby',
      'ts.custom_name as to_sub_name',
      'ts.subx as to_subx',
      'ts.suby as to_suby',
      sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('moved_by_name'),
    ])
    .orderBy(orderBy(HISTORY_SORT_COLUMNS, s.key, s.direction))
    .orderBy('m.movement_id', s.direction)
    .limit(s.limit)
    .offset(s.offset)
    .execute();
}

export type HistoryRow = Awaited<ReturnType<typeof listHistory>>[number];
