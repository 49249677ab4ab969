import { LANGUAGES, type Language } from '@verdant/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

const isLanguage = (v: string | null | undefined): v is Language => LANGUAGES.some((l) => l === v);

/** The languages a user's texts are read in: their own choice, else their company's, else English. */
export interface UserLanguage {
  /** The user's own choice, or null to follow the company. */
  own: Language | null;
  company: Language;
  /** What the server answers in: own ?? company. */
  effective: Language;
}

/**
 * The caller's language, read server-side from the stored settings (never from a request header, so a
 * client cannot ask for a language its user did not choose and offline caches stay consistent).
 */
export async function userLanguage(db: Kysely<DB> | Transaction<DB>, userId: number, companyId: number): Promise<UserLanguage> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('company_settings as cs', 'cs.company_id', 'u.company_id')
    .select(['u.language as own', 'cs.language as company'])
    .where('u.user_id', '=', userId)
    .where('u.company_id', '=', companyId)
    .executeTakeFirst();
  const own = isLanguage(row?.own) ? row.own : null;
  const company = isLanguage(row?.company) ? row.company : 'en';
  return { own, company, effective: own ?? company };
}
