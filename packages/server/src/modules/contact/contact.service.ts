import type { EndpointInput, contactEndpoints } from '@verdant/contract';
import { tooManyRequests } from '../../lib/errors.js';
import { insertContactMessage, recentAttempts, recordAttempt } from './contact.repository.js';
import type { Deps } from '../../lib/deps.js';

type Input<K extends keyof typeof contactEndpoints> = EndpointInput<(typeof contactEndpoints)[K]>;

/** Enough for a person who retries; too few for a script filling the inbox. */
export const CONTACT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

export async function storeContactMessage({ db }: Deps, ip: string, input: Input<'contactUs'>, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const attempts = await recentAttempts(trx, ip, new Date(now.getTime() - CONTACT_LIMIT.windowMs));
    if (attempts.length >= CONTACT_LIMIT.max) {
      const freesAt = attempts[attempts.length - CONTACT_LIMIT.max]!.getTime() + CONTACT_LIMIT.windowMs;
      const retryAfter = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
      throw tooManyRequests('Too many messages from this address. Please try again later.', retryAfter);
    }
    await recordAttempt(trx, ip);
    return insertContactMessage(trx, {
      name: input.name,
      email: input.email,
      company: input.company || null,
      message: input.message,
    });
  });
}
