import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { authMessages } from '@verdant/contract';
import { badRequest } from '../../lib/errors.js';

export const PASSWORD_MIN_LENGTH = 8;
// Argon2 cost grows with input length; a cap keeps a huge "password" from being a cheap DoS.
export const PASSWORD_MAX_LENGTH = 256;

/** argon2id (the library's default algorithm) with its default, OWASP-level cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a hash that cannot be read, never a throw. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the user's hash, or against a throwaway hash when there is no user, so that an
 * unknown e-mail costs the same argon2 work as a wrong password and timing does not tell them apart.
 */
export async function verifyPasswordOrBurn(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  dummyHash ??= hashPassword('verdant-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

/**
 * True for one of the 10,000 most common passwords that are long enough to pass the length rule
 * (data/common-passwords.txt, see its licence file), in any case. Loaded on first use.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8').split('\n').filter(Boolean),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}

/** The rules that need no account: a failure here never uses up a reset link. */
export function validatePasswordShape(password: string, field = 'password'): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(authMessages.passwordTooShort, field);
  if (password.length > PASSWORD_MAX_LENGTH) throw badRequest(authMessages.passwordTooLong, field);
  if (isCommonPassword(password)) throw badRequest(authMessages.passwordTooCommon, field);
}

/** Throws the 400 the client shows under the password field when the password breaks a rule. */
export function validatePassword(password: string, email: string, field = 'password'): void {
  validatePasswordShape(password, field);
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    throw badRequest(authMessages.passwordEqualsEmail, field);
  }
}
