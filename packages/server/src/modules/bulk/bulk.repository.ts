import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BulkRecord, DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type BulkChangeRow = Selectable<DB['bulk_changes']>;

export function insertChange(
  trx: Transaction<DB>,
  row: { companyId: number; userId: number; kind: BulkChangeRow['kind']; action: string; records: BulkRecord[] },
): Promise<BulkChangeRow> {
  return trx
    .insertInto('bulk_changes')
    .values({ company_id: row.companyId, user_id: row.userId, kind: row.kind, action: row.action, records: JSON.stringify(row.records) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One change of the company, locked for its undo (two undos of one change take turns). */
export function lockChange(trx: Transaction<DB>, companyId: number, changeId: number): Promise<BulkChangeRow | undefined> {
  return trx.selectFrom('bulk_changes').selectAll().where('company_id', '=', companyId).where('change_id', '=', changeId).forUpdate().executeTakeFirst();
}

export function markUndone(trx: Transaction<DB>, companyId: number, changeId: number, userId: number, at: Date): Promise<BulkChangeRow> {
  return trx
    .updateTable('bulk_changes')
    .set({ undone_at: at, undone_by: userId })
    .where('company_id', '=', companyId)
    .where('change_id', '=', changeId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findChange(db: Db, companyId: number, changeId: number): Promise<BulkChangeRow | undefined> {
  return db.selectFrom('bulk_changes').selectAll().where('company_id', '=', companyId).where('change_id', '=', changeId).executeTakeFirst();
}
