import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import type { Mail } from '../../lib/mailer.js';
import { insertInvitation } from './company.repository.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Only the hash is stored, so a database leak does not hand out sign-up links. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewInvitation {
  companyId: number;
  email: string;
  role: Role;
  invitedBy: number | null;
}

/** Stores an invitation and answers its one-time token. Call it inside the caller's transaction. */
export async function createInvitation(db: Kysely<DB>, invite: NewInvitation) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const invitationId = await insertInvitation(db, {
    company_id: invite.companyId,
    email: invite.email,
    role: invite.role,
    token_hash: hashInviteToken(token),
    invited_by: invite.invitedBy,
    expires_at: expiresAt,
  });
  return { token, invitationId, expiresAt };
}

export function invitationMail(opts: {
  publicUrl: string;
  token: string;
  email: string;
  companyName: string;
  role: Role;
  expiresAt: Date;
}): Mail {
  const link = `${opts.publicUrl}/signUp?invite_token=${encodeURIComponent(opts.token)}`;
  const until = opts.expiresAt.toISOString().slice(0, 10);
  const text = [
    `You have been invited to join ${opts.companyName} on Verdant as ${opts.role}.`,
    '',
    `Create your account here: ${link}`,
    '',
    `The link works once and expires on ${until}. If you did not expect this mail, you can ignore it.`,
  ].join('\n');
  return { to: opts.email, subject: `Your invitation to ${opts.companyName} on Verdant`, text };
}
