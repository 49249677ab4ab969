import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a uid read aloud or off a label is not misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const UID_CHARS = 8;

/**
 * 'P-' and 8 random base32 characters (40 bits). Random rather than a counter: plant_uid is unique
 * across all companies, and a counter would tell one tenant how many plants the others have.
 */
export function newPlantUid(): string {
  const bytes = randomBytes(UID_CHARS);
  let out = 'P-';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

export const PLANT_UID_PATTERN = /^P-[0-9A-HJKMNP-TV-Z]{8}$/;
