import { authMessages } from '@verdant/contract';
import { badRequest } from '../../lib/errors.js';
import { writeAudit } from '../../lib/audit.js';
import { forgetTokenVersion } from '../../plugins/auth.js';
import * as repo from './auth.repository.js';
import { endUserSessions, type AuthDeps } from './auth.service.js';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/opaque-token.js';
import { hashPassword, validatePassword, validatePasswordShape } from './passwords.js';
import { takeAttempt } from '../../lib/attempts/rate-limit.js';
import { clearAccountFailures, resetKeys } from './rate-limit.js';

export const RESET_TTL_MS = 60 * 60 * 1000;

export async function requestPasswordReset(deps: AuthDeps, email: string, ip: string) {
  await takeAttempt(deps.db, resetKeys(email, ip, deps.config.authRateLimit));
  const user = await repo.findUserByEmail(deps.db, email);
  if (user) {
    const now = new Date();
    const { token, hash } = newOpaqueToken();
    await deps.db.transaction().execute(async (trx) => {
      await repo.retireOpenResets(trx, user.user_id, now);
      await repo.insertPasswordReset(trx, { token_hash: hash, user_id: user.user_id, expires_at: new Date(now.getTime() + RESET_TTL_MS) });
    });
    const link = `${deps.config.publicUrl}/NewPassword?token=${token}`;
    const text = [
      `Hello ${user.first_name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Verdant account.',
      `Choose a new password here: ${link}`,
      '',
      'The link works once and expires in one hour. If you did not ask for this, ignore this e-mail; your password stays the same.',
    ].join('\n');
    // Not awaited: a slow mail server would otherwise tell an attacker which e-mails have accounts.
    deps.mailer
      .send({ to: user.email, subject: 'Reset your Verdant password', text })
      .catch((err: unknown) => deps.log.error({ err, user_id: user.user_id }, 'password reset mail failed'));
  }
  return { status: 'success' as const, message: authMessages.resetRequested };
}

/**
 * Sets a new password with a reset link. A password that breaks a rule is refused before the link
 * is used, so a typo does not cost a new mail; from then on the attempt uses the link up, whatever
 * follows (expired, a failure while saving): a link works once. Every session of the user ends.
 */
export async function resetPassword(deps: AuthDeps, token: string, newPassword: string) {
  validatePasswordShape(newPassword, 'new_password');
  const tokenHash = hashOpaqueToken(token);
  const reset = await repo.findPasswordReset(deps.db, tokenHash);
  if (!reset || reset.used_at) throw badRequest(authMessages.resetTokenInvalid, 'token');
  const user = await repo.findUserById(deps.db, reset.user_id);
  if (!user) throw badRequest(authMessages.resetTokenInvalid, 'token');
  if (reset.expires_at.getTime() <= Date.now()) {
    await repo.claimPasswordReset(deps.db, tokenHash, new Date());
    throw badRequest(authMessages.resetTokenExpired, 'token');
  }
  validatePassword(newPassword, user.email, 'new_password');
  const passwordHash = await hashPassword(newPassword);

  // Two submissions at once: only one claims the link.
  if (!(await repo.claimPasswordReset(deps.db, tokenHash, new Date()))) throw badRequest(authMessages.resetTokenInvalid, 'token');
  await deps.db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, user.user_id, passwordHash);
    await endUserSessions({ db: trx }, user.user_id);
    await writeAudit(trx, {
      companyId: user.company_id,
      userId: user.user_id,
      action: 'user.password_reset',
      entityType: 'user',
      entityId: user.user_id,
    });
  });
  forgetTokenVersion(deps.db, user.user_id);
  // Whoever controls the mailbox owns the account: earlier failed sign-ins no longer count against it.
  await clearAccountFailures(deps.db, user.email);
  return { status: 'success' as const, message: authMessages.passwordChanged };
}
