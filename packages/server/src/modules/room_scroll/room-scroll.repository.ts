import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export function readScroll(db: Db, companyId: number, roomId: number) {
  return db.selectFrom('rooms').select('start_scroll').where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();
}
