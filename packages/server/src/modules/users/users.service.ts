import type { FastifyInstance } from 'fastify';
import { ADMIN_ROLES, usersMessages } from '@verdant/contract';
import { forbidden } from '../../lib/errors.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './users.repository.js';
import { toUserSummary } from './users.mapper.js';

export type UsersDeps = Pick<FastifyInstance, 'db'>;

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
  await repo.updateUserFields(deps.db, userId, { threshold });
  return { status: 'success' as const, message: usersMessages.thresholdSaved };
}

export async function updateLocation(deps: UsersDeps, caller: Caller, userId: number, location: string) {
  assertSelfOrAdmin(caller, userId);
  await repo.updateUserFields(deps.db, userId, { location });
  return { status: 'success' as const, message: usersMessages.locationSaved };
}
