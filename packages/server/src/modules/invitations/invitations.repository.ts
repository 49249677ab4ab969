import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, InvitationTable } from '../../db/schema.js';

export type InvitationRow = Selectable<InvitationTable>;

export async function findInvitationByHash(db: Kysely<DB>, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function lockInvitationById(db: Kysely<DB>, invitationId: number): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('invitation_id', '=', invitationId).forUpdate().executeTakeFirst();
}

export async function markInvitationUsed(db: Kysely<DB>, invitationId: number, userId: number, at: Date): Promise<void> {
  await db.updateTable('invitations').set({ used_at: at, used_by: userId }).where('invitation_id', '=', invitationId).execute();
}

/** Removes the unused invitations of this e-mail to this company; answers their ids. */
export async function deleteUnusedInvitations(db: Kysely<DB>, companyId: number, email: string): Promise<number[]> {
  const rows = await db
    .deleteFrom('invitations')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('used_at', 'is', null)
    .returning('invitation_id')
    .execute();
  return rows.map((r) => r.invitation_id);
}

export async function insertInvitation(db: Kysely<DB>, row: Insertable<InvitationTable>): Promise<InvitationRow> {
  return db.insertInto('invitations').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listOpenInvitations(db: Kysely<DB>, companyId: number, now: Date): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('invitation_id', 'desc')
    .execute();
}

export async function emailBelongsToUser(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** The names a friendly invitation mail shows. */
export async function invitationMailNames(
  db: Kysely<DB>,
  companyId: number,
  inviterId: number | null,
): Promise<{ companyName: string | null; inviterName: string | null }> {
  const company = await db.selectFrom('companies').select('company_name').where('company_id', '=', companyId).executeTakeFirst();
  const inviter = inviterId
    ? await db.selectFrom('users').select(['first_name', 'last_name']).where('user_id', '=', inviterId).executeTakeFirst()
    : undefined;
  return {
    companyName: company?.company_name ?? null,
    inviterName: inviter ? `${inviter.first_name} ${inviter.last_name}`.trim() || null : null,
  };
}

/** Who sent an invitation, for the page that tells the invitee whom to ask for a new one. */
export async function inviterOf(db: Kysely<DB>, inviterId: number | null): Promise<{ name: string | null; email: string | null }> {
  if (inviterId === null) return { name: null, email: null };
  const row = await db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('user_id', '=', inviterId).executeTakeFirst();
  if (!row) return { name: null, email: null };
  return { name: `${row.first_name} ${row.last_name}`.trim() || null, email: row.email };
}

/** An unused invitation expires now (a used one is left as it is). */
export async function expireUnused(trx: Transaction<DB>, invitationId: number, at: Date) {
  await trx.updateTable('invitations').set({ expires_at: at }).where('invitation_id', '=', invitationId).where('used_at', 'is', null).execute();
}
