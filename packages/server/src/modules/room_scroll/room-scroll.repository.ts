import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export function readScroll(db: Db, companyId: number, roomId: number) {
  return db.selectFrom('rooms').select('start_scroll').where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();
}

/** Answers undefined when the room is not the company's. */
export function writeScroll(db: Db, companyId: number, roomId: number, value: number) {
  return db
    .updateTable('rooms')
    .set({ start_scroll: value })
    .where('company_id', '=', companyId)
    .where('room_id', '=', roomId)
    .returning('start_scroll')
    .executeTakeFirst();
}

export async function writeScrollOfAllRooms(db: Db, companyId: number, value: number): Promise<number> {
  const r = await db.updateTable('rooms').set({ start_scroll: value }).where('company_id', '=', companyId).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
