import { authMessages, invitationsMessages, type InvitationStatus, type Role, type UserRole, type EndpointInput, type invitationsEndpoints } from '@verdant/contract';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../plugins/auth.js';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/opaque-token.js';
import * as repo from './invitations.repository.js';
import { toInvitation } from './invitations.mapper.js';
import type { Deps, TxDeps } from '../../lib/deps.js';
import { forgiveAttempt, takeAttempt } from '../../lib/attempts/rate-limit.js';

type Input<K extends keyof typeof invitationsEndpoints> = EndpointInput<(typeof invitationsEndpoints)[K]>;

export type InvitationDeps = Deps<'config' | 'mailer' | 'log'>;
export type { InvitationRow } from './invitations.repository.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Admins manage their colleagues, but only the owner role may create another owner. */
export function assertMayInvite(caller: Caller, role: Role): void {
  if (role === 'SuperAdmin' && caller.user_role !== 'SuperAdmin') throw forbidden(invitationsMessages.superAdminByAdmin);
}

/** Throws the 400 the sign-up form shows under invite_token when the invitation cannot be used. */
export function assertInvitationUsable(invitation: repo.InvitationRow | undefined, now: Date): asserts invitation is repo.InvitationRow {
  if (!invitation) throw badRequest(authMessages.inviteUnknown, 'invite_token');
  if (invitation.used_at) throw badRequest(authMessages.inviteUsed, 'invite_token');
  if (invitation.expires_at.getTime() <= now.getTime()) throw badRequest(authMessages.inviteExpired, 'invite_token');
}

export interface IssueInvitation {
  companyId: number;
  email: string;
  role: UserRole;
  invitedBy: number | null;
}

/**
 * Creates an invitation, replacing any unused one for the same e-mail in that company (its link
 * stops working). Run it inside the caller's transaction; mail with `mailInvitation` after commit.
 * Also used by the company module for a new company's first Admin.
 */
export async function issueInvitation({ db: trx }: Deps, input: IssueInvitation, now = new Date()) {
  if (await repo.emailBelongsToUser(trx, input.email)) throw new AppError('conflict', invitationsMessages.alreadyUser, 'email');
  const replaced = await repo.deleteUnusedInvitations(trx, input.companyId, input.email);
  const { token, hash } = newOpaqueToken();
  const row = await repo.insertInvitation(trx, {
    company_id: input.companyId,
    email: input.email,
    role: input.role,
    token_hash: hash,
    invited_by: input.invitedBy,
    created_at: now,
    expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  await writeAudit(trx, {
    companyId: input.companyId,
    userId: input.invitedBy,
    action: 'invitation.created',
    entityType: 'invitation',
    entityId: row.invitation_id,
    before: replaced.length ? { replaced_invitation_ids: replaced } : undefined,
    after: { email: row.email, role: row.role, expires_at: row.expires_at.toISOString() },
  });
  return { token, invitation: row };
}

const roleWords = (role: UserRole) =>
  role === 'Regular' ? 'a team member' : role === 'Consultant' ? 'a consultant, with read-only access to chosen rooms' : `an ${role}`;

/** Mails the sign-up link; answers false (and logs) when the mail could not be sent. */
export async function mailInvitation(deps: InvitationDeps, token: string, invitation: repo.InvitationRow): Promise<boolean> {
  const { companyName, inviterName } = await repo.invitationMailNames(deps.db, invitation.company_id, invitation.invited_by);
  const link = `${deps.config.publicUrl}/signUp?invite_token=${token}`;
  const company = companyName ?? 'a company';
  const who = inviterName ? `${inviterName} has invited you` : 'You have been invited';
  const text = [
    'Hello,',
    '',
    `${who} to join ${company} on Verdant as ${roleWords(invitation.role)}.`,
    'Verdant helps your team scout plants, track batches and keep the greenhouse healthy, even without signal.',
    '',
    `Create your account here: ${link}`,
    '',
    `This link works once and expires on ${invitation.expires_at.toUTCString()}.`,
    'If you were not expecting this invitation, you can ignore this e-mail.',
  ].join('\n');
  try {
    await deps.mailer.send({ to: invitation.email, subject: `Join ${company} on Verdant`, text });
    return true;
  } catch (err) {
    deps.log.error({ err, invitation_id: invitation.invitation_id }, 'invitation mail failed');
    return false;
  }
}

export async function createInvitation(deps: InvitationDeps, caller: Caller, input: Input<'createInvitation'>) {
  assertMayInvite(caller, input.role);
  const issued = await deps.db
    .transaction()
    .execute((trx) => issueInvitation({ db: trx }, { companyId: input.company_id, email: input.email, role: input.role, invitedBy: caller.user_id }));
  const mailed = await mailInvitation(deps, issued.token, issued.invitation);
  return {
    status: 'success' as const,
    message: mailed ? invitationsMessages.created : invitationsMessages.mailFailed,
    invite_token: issued.token,
    invitation: toInvitation(issued.invitation),
  };
}

export async function pendingInvitations(deps: InvitationDeps, companyId: number) {
  const rows = await repo.listOpenInvitations(deps.db, companyId, new Date());
  return rows.map(toInvitation);
}

export const findInvitationByToken = ({ db }: Deps, token: string) => repo.findInvitationByHash(db, hashOpaqueToken(token));
export const lockInvitation = ({ db }: TxDeps, invitationId: number) => repo.lockInvitationById(db, invitationId);
export const markInvitationUsed = ({ db }: TxDeps, invitationId: number, userId: number, at: Date) =>
  repo.markInvitationUsed(db, invitationId, userId, at);
export const emailHasAccount = ({ db }: Deps, email: string) => repo.emailBelongsToUser(db, email);

const nothing = { email: null, inviter_name: null, inviter_email: null, expires_at: null };

/**
 * What the sign-up page shows for an invitation link, in the order the sign-up itself checks it.
 * Every lookup is counted against the caller's address with sign-in's per-address limit; a token that
 * names an invitation is then forgiven, so only guessing (unknown tokens) runs into the 429.
 */
export async function invitationStatus(deps: Deps<'config'>, token: string, ip: string, now = new Date()): Promise<InvitationStatus> {
  const base = deps.config.authRateLimit;
  const attempt = await takeAttempt(deps.db, [{ kind: 'invitation:ip', key: ip, limit: { max: base.max * 4, windowMs: base.windowMs } }], now);
  const invitation = await repo.findInvitationByHash(deps.db, hashOpaqueToken(token));
  if (!invitation) return { state: 'unknown', ...nothing };
  await forgiveAttempt(deps.db, attempt);
  if (invitation.used_at) return { state: 'used', ...nothing };
  const inviter = await repo.inviterOf(deps.db, invitation.invited_by);
  if (invitation.expires_at.getTime() <= now.getTime()) {
    return { state: 'expired', ...nothing, inviter_name: inviter.name, inviter_email: inviter.email };
  }
  return { state: 'valid', ...nothing, email: invitation.email, inviter_name: inviter.name, expires_at: invitation.expires_at.toISOString() };
}

/** Its sign-up link stops working: an unused invitation expires now, in the caller's transaction (a consultant's access revoked). */
export async function expireUnusedInvitation({ db: trx }: TxDeps, invitationId: number, at: Date): Promise<void> {
  await repo.expireUnused(trx, invitationId, at);
}
