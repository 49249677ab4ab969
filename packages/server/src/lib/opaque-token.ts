import { createHash, randomBytes } from 'node:crypto';

/** A random 32-byte token for links (invitations, password resets); only its sha256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export const hashOpaqueToken = (token: string): string => createHash('sha256').update(token).digest('hex');
