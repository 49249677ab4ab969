import { authMessages, type EndpointInput, type authEndpoints } from '@verdant/contract';
import { AppError, badRequest } from '../../lib/errors.js';
import { writeAudit } from '../../lib/audit.js';
import { assertInvitationUsable, findInvitationByToken, lockInvitation, markInvitationUsed } from '../invitations/invitations.service.js';
import * as repo from './auth.repository.js';
import { issueSession, type AuthDeps } from './auth.service.js';
import { hashPassword, validatePassword } from './passwords.js';

type Input<K extends keyof typeof authEndpoints> = EndpointInput<(typeof authEndpoints)[K]>;

const emailTaken = () => new AppError('conflict', authMessages.emailTaken, 'email');
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** Sign-up by invitation: the invitation decides company and role; the answer is a signed-in session. */
export async function signUp(deps: AuthDeps, input: Input<'createNewUser'>) {
  const invitation = await findInvitationByToken(deps, input.invite_token);
  assertInvitationUsable(invitation, new Date());
  if (invitation.email.toLowerCase() !== input.email.toLowerCase()) throw badRequest(authMessages.inviteEmailMismatch, 'email');
  if (await repo.findUserByEmail(deps.db, input.email)) throw emailTaken();
  validatePassword(input.password, input.email);
  const passwordHash = await hashPassword(input.password);

  const session = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockInvitation({ db: trx }, invitation.invitation_id);
    assertInvitationUsable(locked, new Date());
    const user = await repo
      .insertUser(trx, {
        company_id: locked.company_id,
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        password_hash: passwordHash,
        user_role: locked.role,
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? emailTaken() : err;
      });
    await markInvitationUsed({ db: trx }, locked.invitation_id, user.user_id, new Date());
    await writeAudit(trx, {
      companyId: user.company_id,
      userId: user.user_id,
      action: 'user.signed_up',
      entityType: 'user',
      entityId: user.user_id,
      after: { email: user.email, user_role: user.user_role, invitation_id: locked.invitation_id },
    });
    return issueSession({ tokens: deps.tokens, db: trx }, user);
  });
  return { status: 'success' as const, message: authMessages.signedUp, data: session };
}
