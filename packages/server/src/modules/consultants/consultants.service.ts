import { consultantRule, consultantsMessages, type ConsultantScope, type EndpointConfig, type EndpointInput, type consultantsEndpoints } from '@verdant/contract';
import { forgetTokenVersion, type Caller } from '../../plugins/auth.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { assertOwnCompany } from '../../lib/own-company.js';
import type { Deps } from '../../lib/deps.js';
import { expireUnusedInvitation, issueInvitation, mailInvitation, type InvitationDeps } from '../invitations/invitations.service.js';
import { changeAccount, endUserSessions } from '../auth/index.js';
import * as repo from './consultants.repository.js';
import { toConsultant } from './consultants.mapper.js';

type Input<K extends keyof typeof consultantsEndpoints> = EndpointInput<(typeof consultantsEndpoints)[K]>;

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';
const already = () => new AppError('conflict', consultantsMessages.alreadyConsultant, 'email');

async function withRooms(deps: Deps, companyId: number, rows: repo.ConsultantRow[]) {
  const rooms = await repo.roomsOfConsultants(deps.db, companyId, rows.map((r) => r.consultant_id));
  return rows.map((row) => toConsultant(row, rooms.filter((r) => r.consultant_id === row.consultant_id)));
}

async function oneConsultant(deps: Deps, companyId: number, consultantId: number) {
  const row = await repo.findConsultant(deps.db, companyId, consultantId);
  if (!row) throw notFound('Consultant');
  return (await withRooms(deps, companyId, [row]))[0]!;
}

/** Every room named must be the company's: another company's id (or none) is a 404, as everywhere. */
async function assertOwnRooms(deps: Deps, companyId: number, roomIds: number[]) {
  const unique = [...new Set(roomIds)];
  if ((await repo.countOwnRooms(deps.db, companyId, unique)) !== unique.length) throw notFound('Room');
  return unique;
}

export async function listConsultants(deps: Deps, caller: Caller, companyId: number) {
  assertOwnCompany(caller, companyId);
  return { status: 'success' as const, consultants: await withRooms(deps, companyId, await repo.listConsultants(deps.db, companyId)) };
}

/**
 * Invites an outside adviser: an ordinary invitation with the role 'Consultant' (its link, expiry and mail
 * are the invitations module's) and the grant of the rooms chosen, in one transaction. A former consultant
 * of the company (revoked, so their account is off) gets a new grant and their account back instead.
 */
export async function inviteConsultant(
  deps: InvitationDeps,
  caller: Caller,
  input: Input<'inviteConsultant'>,
) {
  assertOwnCompany(caller, input.company_id);
  const roomIds = await assertOwnRooms(deps, input.company_id, input.room_ids);
  if (await repo.liveConsultantByEmail(deps.db, input.company_id, input.email)) throw already();
  const account = await repo.userByEmail(deps.db, input.email);
  if (account && account.company_id !== input.company_id) throw new AppError('conflict', consultantsMessages.otherCompany, 'email');
  if (account && account.user_role !== 'Consultant') throw new AppError('conflict', consultantsMessages.staffEmail, 'email');

  const done = await deps.db
    .transaction()
    .execute(async (trx) => {
      const issued = account ? null : await issueInvitation({ db: trx }, { companyId: input.company_id, email: input.email, role: 'Consultant', invitedBy: caller.user_id });
      const { consultant_id } = await repo.insertConsultant(trx, {
        company_id: input.company_id,
        email: input.email,
        name: input.name,
        invitation_id: issued?.invitation.invitation_id ?? null,
        invited_by: caller.user_id,
      });
      await repo.setConsultantRooms(trx, input.company_id, consultant_id, roomIds);
      if (account) await changeAccount({ db: trx }, account.user_id, { active: true });
      await writeAudit(trx, {
        companyId: input.company_id,
        userId: caller.user_id,
        action: account ? 'consultant.restored' : 'consultant.invited',
        entityType: 'consultant',
        entityId: consultant_id,
        after: { email: input.email, name: input.name, room_ids: roomIds, user_id: account?.user_id ?? null },
      });
      return { consultant_id, issued };
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? already() : err;
    });
  if (account) forgetTokenVersion(deps.db, account.user_id);
  const mailed = done.issued ? await mailInvitation(deps, done.issued.token, done.issued.invitation) : true;
  return {
    status: 'success' as const,
    message: !done.issued ? consultantsMessages.restored : mailed ? consultantsMessages.invited : consultantsMessages.mailFailed,
    invite_token: done.issued?.token ?? null,
    consultant: await oneConsultant(deps, input.company_id, done.consultant_id),
  };
}

export async function updateConsultantRooms(deps: Deps, caller: Caller, input: Input<'updateConsultantRooms'>) {
  assertOwnCompany(caller, input.company_id);
  const roomIds = await assertOwnRooms(deps, input.company_id, input.room_ids);
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockConsultant(trx, input.company_id, input.consultant_id);
    if (!row) throw notFound('Consultant');
    const before = (await repo.roomsOfConsultants(trx, input.company_id, [row.consultant_id])).map((r) => r.room_id);
    await repo.setConsultantRooms(trx, input.company_id, row.consultant_id, roomIds);
    await writeAudit(trx, {
      companyId: input.company_id,
      userId: caller.user_id,
      action: 'consultant.rooms_changed',
      entityType: 'consultant',
      entityId: row.consultant_id,
      before: { room_ids: before },
      after: { room_ids: roomIds },
    });
  });
  return { status: 'success' as const, message: consultantsMessages.roomsChanged, consultant: await oneConsultant(deps, input.company_id, input.consultant_id) };
}

/**
 * Ends the access at once: the grant is stamped revoked (the gate reads it on every request), the
 * account is switched off with every session ended, and an unused sign-up link expires.
 */
export async function revokeConsultant(deps: Deps, caller: Caller, input: Input<'revokeConsultant'>) {
  assertOwnCompany(caller, input.company_id);
  const userId = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockConsultant(trx, input.company_id, input.consultant_id);
    if (!row) throw notFound('Consultant');
    const at = new Date();
    await repo.markRevoked(trx, row.consultant_id, caller.user_id, at);
    // The grant's sign-up link stops working (the invitations module's row).
    if (row.invitation_id !== null) await expireUnusedInvitation({ db: trx }, row.invitation_id, at);
    if (row.user_id !== null) {
      await changeAccount({ db: trx }, row.user_id, { active: false });
      await endUserSessions({ db: trx }, row.user_id, at);
    }
    await writeAudit(trx, {
      companyId: input.company_id,
      userId: caller.user_id,
      action: 'consultant.revoked',
      entityType: 'consultant',
      entityId: row.consultant_id,
      before: { email: row.email, name: row.name, user_id: row.user_id },
    });
    return row.user_id;
  });
  if (userId !== null) forgetTokenVersion(deps.db, userId);
  return { status: 'success' as const, message: consultantsMessages.revoked, consultant_id: input.consultant_id };
}

export async function consultantRooms(deps: Deps, caller: Caller, companyId: number) {
  assertOwnCompany(caller, companyId);
  if (caller.user_role !== 'Consultant') return { status: 'success' as const, rooms: await repo.roomsOfCompany(deps.db, companyId) };
  const granted = await repo.grantedRooms(deps.db, caller.company_id, caller.user_id);
  if (!granted) throw forbidden(consultantsMessages.accessEnded);
  return { status: 'success' as const, rooms: await repo.roomsByIds(deps.db, companyId, [...granted]) };
}

const asIds = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).map(Number);

async function assertScope(deps: Deps, caller: Caller, granted: Set<number>, scope: ConsultantScope, value: unknown) {
  if (scope.kind === 'self') {
    if (Number(value) !== caller.user_id) throw forbidden(consultantsMessages.notForConsultants);
    return;
  }
  const ids = asIds(value);
  if (scope.kind === 'room' || scope.kind === 'rooms') {
    if (!ids.every((id) => granted.has(id))) throw notFound('Room');
    return;
  }
  const reached = await repo.roomsReached(deps.db, caller.company_id, scope.kind, ids);
  const what = { grid: 'Grid', gridBox: 'Grid box', response: 'Response', comment: 'Comment' }[scope.kind];
  for (const id of ids) {
    const rooms = reached.get(id);
    if (!rooms?.length || !rooms.every((r) => r !== null && granted.has(r))) throw notFound(what);
  }
}

/**
 * A consultant's request, after its input is parsed: they must hold a live grant (403 once revoked), and
 * every room the input points at must be one of theirs (404, as for another company's id); a room left
 * out where staff would read the whole company is a 403. Endpoints not open to them never get here:
 * plugins/auth.ts refused them already. Staff pass untouched.
 */
export async function enforceConsultantScope(deps: Deps, caller: Caller | null, endpoint: EndpointConfig, input: Record<string, unknown>) {
  if (caller?.user_role !== 'Consultant') return;
  const rule = consultantRule(endpoint.id);
  if (!rule) throw forbidden(consultantsMessages.notForConsultants);
  const granted = await repo.grantedRooms(deps.db, caller.company_id, caller.user_id);
  if (!granted) throw forbidden(consultantsMessages.accessEnded);
  for (const scope of rule.scope) {
    const value = input[scope.field];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
      if (scope.required) throw forbidden(consultantsMessages.nameARoom);
      continue;
    }
    await assertScope(deps, caller, granted, scope, value);
  }
}
