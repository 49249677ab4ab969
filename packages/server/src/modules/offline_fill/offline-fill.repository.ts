import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Every box of a room's grids, grid by grid (the room bundle's sub-boxes). */
export function boxesOfRoom(db: Db, companyId: number, roomId: number) {
  return db
    .selectFrom('grid_boxes as b')
    .innerJoin('room_grid as rg', (j) => j.onRef('rg.grid_id', '=', 'b.grid_id').onRef('rg.company_id', '=', 'b.company_id'))
    .select(['b.grid_box_id', 'b.grid_id'])
    .where('b.company_id', '=', companyId)
    .where('rg.room_id', '=', roomId)
    .orderBy('b.grid_id')
    .orderBy('b.grid_box_id')
    .execute();
}
