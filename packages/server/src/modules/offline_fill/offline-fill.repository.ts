import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Every box of a room's grids, grid by grid and by id (the room bundle's sub-boxes), with what a box's
 * GET /get_sub_gridboxes says of it as parent; `grid_room_id` is its RoomID there (the grid's first room).
 */
export function boxesOfRoom(db: Db, companyId: number, roomId: number) {
  return db
    .selectFrom('grid_boxes as b')
    .innerJoin('room_grid as rg', (j) => j.onRef('rg.grid_id', '=', 'b.grid_id').onRef('rg.company_id', '=', 'b.company_id'))
    .select(['b.grid_box_id', 'b.grid_id', 'b.x', 'b.y', 'b.custom_name', 'b.color', 'b.status', 'b.culled'])
    .select(sql<number | null>`(select min(g.room_id) from room_grid g where g.grid_id = b.grid_id)`.as('grid_room_id'))
    .where('b.company_id', '=', companyId)
    .where('rg.room_id', '=', roomId)
    .orderBy('b.grid_id')
    .orderBy('b.grid_box_id')
    .execute();
}

/**
 * The live sub-boxes of every box of a room in one statement, box by box in the order a box's single read
 * lists them (row, column, id), with their plant's uid.
 */
export function liveSubBoxesOfRoom(db: Db, companyId: number, roomId: number) {
  return db
    .selectFrom('sub_gridboxes as s')
    .innerJoin('grid_boxes as b', (j) => j.onRef('b.grid_box_id', '=', 's.parent_gridbox_id').onRef('b.company_id', '=', 's.company_id'))
    .innerJoin('room_grid as rg', (j) => j.onRef('rg.grid_id', '=', 'b.grid_id').onRef('rg.company_id', '=', 'b.company_id'))
    .leftJoin('plants as p', 'p.plant_id', 's.plant_id')
    .select([
      's.sub_gridbox_id',
      's.parent_gridbox_id',
      's.subx',
      's.suby',
      's.plant_id',
      'p.plant_uid',
      's.custom_name',
      's.color',
      's.status',
      's.content',
      's.image_name',
      's.created_at',
      's.updated_at',
    ])
    .where('s.company_id', '=', companyId)
    .where('rg.room_id', '=', roomId)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.parent_gridbox_id')
    .orderBy('s.suby')
    .orderBy('s.subx')
    .orderBy('s.sub_gridbox_id')
    .execute();
}
