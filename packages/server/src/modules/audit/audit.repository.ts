import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { afterKeyset, cappedCount, type Keyset } from '../../lib/keyset.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface AuditFilters {
  action?: string;
  entity_type?: string;
  user_id?: number;
  start_date?: string;
  end_date?: string;
}

const filtered = (db: Db, companyId: number, f: AuditFilters) => {
  let q = db.selectFrom('audit_events as e').where('e.company_id', '=', companyId);
  if (f.action) q = q.where('e.action', '=', f.action);
  if (f.entity_type) q = q.where('e.entity_type', '=', f.entity_type);
  if (f.user_id) q = q.where('e.user_id', '=', f.user_id);
  if (f.start_date) q = q.where('e.created_at', '>=', sql<Date>`${f.start_date}::date`);
  if (f.end_date) q = q.where('e.created_at', '<', sql<Date>`${f.end_date}::date + 1`);
  return q;
};

const withUser = (db: Db, companyId: number, f: AuditFilters) =>
  filtered(db, companyId, f)
    .leftJoin('users as u', 'u.user_id', 'e.user_id')
    .select(['e.id', 'e.company_id', 'e.user_id', 'e.action', 'e.entity_type', 'e.entity_id', 'e.before', 'e.after', 'e.created_at', 'u.first_name', 'u.last_name'])
    .select(sql<string>`e.created_at::text`.as('cursor_at'));

export type AuditRow = Awaited<ReturnType<typeof findEvent>> & object;

/** Newest first; after `after` (keyset) when given, then `offset` rows skipped. */
export function listEvents(db: Db, companyId: number, f: AuditFilters, limit: number, offset: number, after?: Keyset) {
  let q = withUser(db, companyId, f);
  if (after) q = q.where(afterKeyset(sql.ref('e.created_at'), sql.ref('e.id'), after, 'desc'));
  return q.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).offset(offset).execute();
}

/** Counted up to COUNT_CAP (a company's trail grows by the hundred thousand). */
export function countEvents(db: Db, companyId: number, f: AuditFilters) {
  return cappedCount(db, filtered(db, companyId, f));
}

export function findEvent(db: Db, companyId: number, id: number) {
  return withUser(db, companyId, {}).where('e.id', '=', id).executeTakeFirst();
}

export function lockEvent(trx: Transaction<DB>, companyId: number, id: number) {
  return trx
    .selectFrom('audit_events')
    .select(['id', 'user_id', 'action', 'entity_type', 'after'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function insertNote(trx: Transaction<DB>, row: { company_id: number; user_id: number; action: string; entity_type: string; after: unknown }) {
  return trx
    .insertInto('audit_events')
    .values({ ...row, entity_id: null, before: null, after: JSON.stringify(row.after) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateNoteAfter(trx: Transaction<DB>, id: number, after: unknown) {
  return trx.updateTable('audit_events').set({ after: JSON.stringify(after) }).where('id', '=', id).execute();
}

export function deleteEvent(trx: Transaction<DB>, id: number) {
  return trx.deleteFrom('audit_events').where('id', '=', id).execute();
}

export const findRoom = (db: Db, companyId: number, roomId: number) =>
  db.selectFrom('rooms').select('room_id').where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();

export const findBatch = (db: Db, companyId: number, batchId: number) =>
  db.selectFrom('batches').select('batch_id').where('company_id', '=', companyId).where('batch_id', '=', batchId).executeTakeFirst();

export const findResponse = (db: Db, companyId: number, responseId: number) =>
  db.selectFrom('form_responses').select('response_id').where('company_id', '=', companyId).where('response_id', '=', responseId).executeTakeFirst();
