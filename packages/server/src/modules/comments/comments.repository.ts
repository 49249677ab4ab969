import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

const withAuthor = (db: Db) =>
  db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.user_id', 'c.user_id')
    .select(['c.comment_id', 'c.response_id', 'c.user_id', 'c.comment_text', 'c.created_at', 'c.updated_at', 'u.first_name', 'u.last_name']);

export type CommentRow = Awaited<ReturnType<typeof findComment>> & object;

export function findComment(db: Db, companyId: number, commentId: number) {
  return withAuthor(db).where('c.company_id', '=', companyId).where('c.comment_id', '=', commentId).executeTakeFirst();
}

export function lockComment(trx: Transaction<DB>, companyId: number, commentId: number) {
  return trx
    .selectFrom('comments')
    .select(['comment_id', 'user_id', 'response_id', 'comment_text'])
    .where('company_id', '=', companyId)
    .where('comment_id', '=', commentId)
    .forUpdate()
    .executeTakeFirst();
}

export function listComments(db: Db, companyId: number, responseId: number) {
  return withAuthor(db).where('c.company_id', '=', companyId).where('c.response_id', '=', responseId).orderBy('c.created_at').orderBy('c.comment_id').execute();
}

export function findResponse(db: Db, companyId: number, responseId: number) {
  return db.selectFrom('form_responses').select('response_id').where('company_id', '=', companyId).where('response_id', '=', responseId).executeTakeFirst();
}

export function insertComment(trx: Transaction<DB>, row: { company_id: number; response_id: number; user_id: number; comment_text: string }) {
  return trx.insertInto('comments').values(row).returning('comment_id').executeTakeFirstOrThrow();
}

export function updateComment(trx: Transaction<DB>, commentId: number, text: string, at: Date) {
  return trx.updateTable('comments').set({ comment_text: text, updated_at: at }).where('comment_id', '=', commentId).execute();
}

export function deleteComment(trx: Transaction<DB>, commentId: number) {
  return trx.deleteFrom('comments').where('comment_id', '=', commentId).execute();
}
