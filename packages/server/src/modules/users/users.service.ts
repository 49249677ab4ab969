import { ADMIN_ROLES, usersMessages, type Language, type Role, type UserRole } from '@verdant/contract';
import { userLanguage } from '../../lib/caller-language.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { writeAudit } from '../../lib/audit.js';
import { forgetTokenVersion, type Caller } from '../../plugins/auth.js';
import { changeAccount, endUserSessions, expireAccessTokens } from '../auth/index.js';
import * as repo from './users.repository.js';
import { toUserSummary } from './users.mapper.js';
import type { Deps } from '../../lib/deps.js';

export type UsersDeps = Deps;

/**
 * Personal settings are the user's own; an Admin or SuperAdmin may manage them for colleagues.
 * The contract's tenancy check has already made sure `userId` is in the caller's company.
 */
export function assertSelfOrAdmin(caller: Caller, userId: number): void {
  if (caller.user_id !== userId && !ADMIN_ROLES.includes(caller.user_role)) throw forbidden(usersMessages.notYours);
}

export async function loadUsers(deps: UsersDeps, companyId: number, userId?: number) {
  const rows = await repo.listUsers(deps.db, companyId, userId);
  return { status: 'success' as const, users: rows.map(toUserSummary) };
}

export async function getThreshold(deps: UsersDeps, caller: Caller, userId: number) {
  assertSelfOrAdmin(caller, userId);
  return { status: 'success' as const, threshold: await repo.findThreshold(deps.db, userId) };
}

export async function setThreshold(deps: UsersDeps, caller: Caller, userId: number, threshold: number) {
  assertSelfOrAdmin(caller, userId);
  await changeAccount(deps, userId, { threshold });
  return { status: 'success' as const, message: usersMessages.thresholdSaved };
}

export async function updateLocation(deps: UsersDeps, caller: Caller, userId: number, location: string) {
  assertSelfOrAdmin(caller, userId);
  await changeAccount(deps, userId, { location });
  return { status: 'success' as const, message: usersMessages.locationSaved };
}

/** Who may change a colleague's role: never their own; to or from SuperAdmin only a SuperAdmin. */
export function assertMayChangeRole(caller: Caller, target: { user_id: number; user_role: UserRole }, role: Role): void {
  if (caller.user_id === target.user_id) throw forbidden(usersMessages.notOwnRole);
  // An outside adviser made staff by a role change would see every room (docs/decisions.md, consultants).
  if (target.user_role === 'Consultant') throw forbidden(usersMessages.consultantRole);
  if ((target.user_role === 'SuperAdmin' || role === 'SuperAdmin') && caller.user_role !== 'SuperAdmin') {
    throw forbidden(usersMessages.superAdminRole);
  }
}

/** Who may switch a colleague off or on: never themselves; a SuperAdmin only a SuperAdmin. */
export function assertMaySetActive(caller: Caller, target: { user_id: number; user_role: UserRole }): void {
  if (caller.user_id === target.user_id) throw forbidden(usersMessages.notYourself);
  if (target.user_role === 'SuperAdmin' && caller.user_role !== 'SuperAdmin') throw forbidden(usersMessages.superAdminDeactivate);
}

/**
 * Changes a colleague's role. Their access tokens are refused within seconds, and the client's
 * refresh then hands them a token with the new role (refresh re-reads the role), so a demotion
 * takes effect at once instead of after the 15-minute token lifetime. Unchanged: nothing written.
 */
export async function updateUserRole(deps: UsersDeps, caller: Caller, userId: number, role: Role) {
  const user = await deps.db.transaction().execute(async (trx) => {
    const target = await repo.lockUser(trx, caller.company_id, userId);
    if (!target) throw notFound('User');
    assertMayChangeRole(caller, target, role);
    if (target.user_role === role) return target;
    const updated = repo.profileOf(await changeAccount({ db: trx }, userId, { user_role: role }));
    await expireAccessTokens({ db: trx }, userId);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: 'user.role_changed',
      entityType: 'user',
      entityId: userId,
      before: { user_role: target.user_role },
      after: { user_role: role },
    });
    return updated;
  });
  forgetTokenVersion(deps.db, userId);
  return { status: 'success' as const, message: usersMessages.roleChanged, user: toUserSummary(user) };
}

/**
 * Deactivates a colleague (every session ends: refresh tokens revoked, access tokens refused
 * within seconds; sign-in refused with a clear message) or reactivates them. History stays.
 */
export async function setUserActive(deps: UsersDeps, caller: Caller, userId: number, active: boolean) {
  const user = await deps.db.transaction().execute(async (trx) => {
    const target = await repo.lockUser(trx, caller.company_id, userId);
    if (!target) throw notFound('User');
    assertMaySetActive(caller, target);
    if (target.active === active) return target;
    const updated = repo.profileOf(await changeAccount({ db: trx }, userId, { active }));
    if (!active) await endUserSessions({ db: trx }, userId);
    await writeAudit(trx, {
      companyId: caller.company_id,
      userId: caller.user_id,
      action: active ? 'user.reactivated' : 'user.deactivated',
      entityType: 'user',
      entityId: userId,
      before: { active: target.active },
      after: { active },
    });
    return updated;
  });
  forgetTokenVersion(deps.db, userId);
  return {
    status: 'success' as const,
    message: active ? usersMessages.userActivated : usersMessages.userDeactivated,
    user: toUserSummary(user),
  };
}

const languageAnswer = (l: Awaited<ReturnType<typeof userLanguage>>) => ({ language: l.own, company_language: l.company, effective_language: l.effective });

/** A user's own language is theirs alone: colleagues (administrators too) read it but never choose it. */
export async function getUserLanguage(deps: UsersDeps, caller: Caller, userId: number) {
  return { status: 'success' as const, ...languageAnswer(await userLanguage(deps.db, userId, caller.company_id)) };
}

export async function setUserLanguage(deps: UsersDeps, caller: Caller, userId: number, language: Language | null) {
  if (caller.user_id !== userId) throw forbidden(usersMessages.notOwnLanguage);
  const after = await deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockLanguage(trx, caller.company_id, userId);
    if (!before) throw notFound('User');
    await changeAccount({ db: trx }, userId, { language });
    if (before.language !== language) {
      await writeAudit(trx, {
        companyId: caller.company_id, userId: caller.user_id, action: 'user.language_changed', entityType: 'user', entityId: userId,
        before: { language: before.language }, after: { language },
      });
    }
    return userLanguage(trx, userId, caller.company_id);
  });
  return { status: 'success' as const, message: usersMessages.languageSaved, ...languageAnswer(after) };
}

/** A user's spray licence number (issue 22): their own, or an Admin's record of a colleague's. Audited. */
export async function setSprayLicence(deps: UsersDeps, caller: Caller, userId: number, licence: string | null) {
  if (caller.user_id !== userId && !(ADMIN_ROLES as readonly string[]).includes(caller.user_role)) throw forbidden(usersMessages.notYours);
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockLicence(trx, caller.company_id, userId);
    if (!before) throw notFound('User');
    await changeAccount({ db: trx }, userId, { spray_licence_number: licence });
    await writeAudit(trx, {
      companyId: caller.company_id, userId: caller.user_id, action: 'user.spray_licence', entityType: 'user', entityId: userId,
      before: { spray_licence_number: before.spray_licence_number }, after: { spray_licence_number: licence },
    });
  });
  return { status: 'success' as const, message: usersMessages.licenceSaved, user_id: userId, spray_licence_number: licence };
}
