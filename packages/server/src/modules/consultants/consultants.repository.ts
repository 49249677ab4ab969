import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface ConsultantRow {
  consultant_id: number;
  company_id: number;
  email: string;
  name: string;
  invited_by: number | null;
  invitation_id: number | null;
  created_at: Date;
  user_id: number | null;
}

const live = (db: Db, companyId: number) =>
  db
    .selectFrom('consultants as c')
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'c.company_id').on(sql<boolean>`lower(u.email) = lower(c.email)`).on('u.user_role', '=', 'Consultant'),
    )
    .select(['c.consultant_id', 'c.company_id', 'c.email', 'c.name', 'c.invited_by', 'c.invitation_id', 'c.created_at', 'u.user_id'])
    .where('c.company_id', '=', companyId)
    .where('c.revoked_at', 'is', null);

export function listConsultants(db: Db, companyId: number): Promise<ConsultantRow[]> {
  return live(db, companyId).orderBy('c.name').orderBy('c.consultant_id').execute();
}

export function findConsultant(db: Db, companyId: number, consultantId: number): Promise<ConsultantRow | undefined> {
  return live(db, companyId).where('c.consultant_id', '=', consultantId).executeTakeFirst();
}

/** Locks the live grant, so a rooms change and a revoke of the same consultant run one after the other. */
export async function lockConsultant(trx: Transaction<DB>, companyId: number, consultantId: number): Promise<ConsultantRow | undefined> {
  const locked = await trx
    .selectFrom('consultants')
    .select('consultant_id')
    .where('company_id', '=', companyId)
    .where('consultant_id', '=', consultantId)
    .where('revoked_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return locked ? findConsultant(trx, companyId, consultantId) : undefined;
}

export function liveConsultantByEmail(db: Db, companyId: number, email: string) {
  return db
    .selectFrom('consultants')
    .select('consultant_id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The account holding this address, whatever its company (e-mail addresses are unique across Verdant). */
export function userByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'company_id', 'user_role', 'active'])
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirst();
}

export function insertConsultant(
  trx: Transaction<DB>,
  row: { company_id: number; email: string; name: string; invitation_id: number | null; invited_by: number },
) {
  return trx.insertInto('consultants').values(row).returning('consultant_id').executeTakeFirstOrThrow();
}

export async function roomsOfConsultants(db: Db, companyId: number, consultantIds: number[]) {
  if (!consultantIds.length) return [];
  return db
    .selectFrom('consultant_rooms as cr')
    .innerJoin('rooms as r', 'r.room_id', 'cr.room_id')
    .select(['cr.consultant_id', 'r.room_id', 'r.name'])
    .where('cr.company_id', '=', companyId)
    .where('cr.consultant_id', 'in', consultantIds)
    .orderBy('r.name')
    .orderBy('r.room_id')
    .execute();
}

export async function setConsultantRooms(trx: Transaction<DB>, companyId: number, consultantId: number, roomIds: number[]) {
  await trx.deleteFrom('consultant_rooms').where('consultant_id', '=', consultantId).execute();
  await trx
    .insertInto('consultant_rooms')
    .values(roomIds.map((room_id) => ({ consultant_id: consultantId, room_id, company_id: companyId })))
    .execute();
  await trx.updateTable('consultants').set({ updated_at: new Date() }).where('consultant_id', '=', consultantId).execute();
}

export async function countOwnRooms(db: Db, companyId: number, roomIds: number[]): Promise<number> {
  const row = await db
    .selectFrom('rooms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('room_id', 'in', roomIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function roomsByIds(db: Db, companyId: number, roomIds: number[]) {
  if (!roomIds.length) return Promise.resolve([]);
  return db
    .selectFrom('rooms')
    .select(['room_id', 'name'])
    .where('company_id', '=', companyId)
    .where('room_id', 'in', roomIds)
    .orderBy('name')
    .orderBy('room_id')
    .execute();
}

export function roomsOfCompany(db: Db, companyId: number) {
  return db.selectFrom('rooms').select(['room_id', 'name']).where('company_id', '=', companyId).orderBy('name').orderBy('room_id').execute();
}

export async function markRevoked(trx: Transaction<DB>, consultantId: number, by: number, at: Date) {
  await trx.updateTable('consultants').set({ revoked_at: at, revoked_by: by, updated_at: at }).where('consultant_id', '=', consultantId).execute();
}

/**
 * The rooms a signed-in consultant was given, or null when they hold no live grant (revoked, or never
 * one). Read on every request of theirs, so a change or a revoke applies to the next one.
 */
export async function grantedRooms(db: Db, companyId: number, userId: number): Promise<Set<number> | null> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('consultants as c', (j) =>
      j.onRef('c.company_id', '=', 'u.company_id').on(sql<boolean>`lower(c.email) = lower(u.email)`).on('c.revoked_at', 'is', null),
    )
    .leftJoin('consultant_rooms as cr', 'cr.consultant_id', 'c.consultant_id')
    .select(['c.consultant_id', 'cr.room_id'])
    .where('u.user_id', '=', userId)
    .where('u.company_id', '=', companyId)
    .where('u.user_role', '=', 'Consultant')
    .execute();
  if (!rows.length) return null;
  return new Set(rows.flatMap((r) => (r.room_id === null ? [] : [r.room_id])));
}

/**
 * The rooms each id reaches, for the kinds of id a consultant may name: a grid through room_grid, a grid
 * box through its grid, a response through its room or grid or box, a comment through its response.
 * An id of another company has no entry; a null in a list is a place in no room (a grid in no room).
 */
export async function roomsReached(
  db: Db,
  companyId: number,
  kind: 'grid' | 'gridBox' | 'response' | 'comment',
  ids: number[],
): Promise<Map<number, (number | null)[]>> {
  const reached = new Map<number, (number | null)[]>();
  if (!ids.length) return reached;
  const list = sql.join(ids.map((id) => sql`${id}::int`));
  const byComment = kind === 'comment';
  const query =
    kind === 'grid'
      ? sql<{ id: number; room_id: number | null }>`
          SELECT g.grid_id AS id, rg.room_id FROM grids g LEFT JOIN room_grid rg ON rg.grid_id = g.grid_id
          WHERE g.company_id = ${companyId} AND g.grid_id IN (${list})`
      : kind === 'gridBox'
        ? sql<{ id: number; room_id: number | null }>`
          SELECT b.grid_box_id AS id, rg.room_id FROM grid_boxes b LEFT JOIN room_grid rg ON rg.grid_id = b.grid_id
          WHERE b.company_id = ${companyId} AND b.grid_box_id IN (${list})`
        : sql<{ id: number; room_id: number | null }>`
          SELECT ${sql.ref(byComment ? 'cm.comment_id' : 'fr.response_id')} AS id, coalesce(fr.room_id, rg.room_id) AS room_id
          FROM form_responses fr
          ${byComment ? sql`JOIN comments cm ON cm.response_id = fr.response_id AND cm.company_id = ${companyId}` : sql``}
          LEFT JOIN grid_boxes b ON b.grid_box_id = fr.grid_box_id
          LEFT JOIN room_grid rg ON fr.room_id IS NULL AND rg.grid_id = coalesce(fr.grid_id, b.grid_id)
          WHERE fr.company_id = ${companyId} AND ${sql.ref(byComment ? 'cm.comment_id' : 'fr.response_id')} IN (${list})`;
  const { rows } = await query.execute(db);
  for (const row of rows) reached.set(row.id, [...(reached.get(row.id) ?? []), row.room_id]);
  return reached;
}
