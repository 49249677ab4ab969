import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import { COUNT_CAP } from '@verdant/contract';
import type { DB } from '../db/schema.js';
import { badRequest } from './errors.js';

/** A row a keyset page starts after: its time as PostgreSQL wrote it (microseconds kept) and its id. */
export interface Keyset {
  at: string;
  id: string;
}

/** The opaque `next_cursor` of a page's last row (time as text from SQL: a JS Date would lose microseconds). */
export const encodeCursor = (at: string, id: number | string): string => Buffer.from(`${at}|${id}`, 'utf8').toString('base64url');

/** Reads a `cursor` the contract let through (its alphabet); one that is not a cursor of ours is a 400 naming it. */
export function decodeCursor(cursor: string | undefined, field = 'cursor'): Keyset | undefined {
  if (cursor === undefined) return undefined;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !at || !id || !/^\d{1,18}$/.test(id) || Number.isNaN(Date.parse(at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')))) {
    throw badRequest(`${field} must be a next_cursor from an earlier page.`, field);
  }
  return { at, id };
}

/**
 * Rows after the cursor in a list ordered by (time, id) in `direction`. The plain time bound lets an index on
 * (company, time) start at the cursor; the row comparison then drops the rows of that very instant already sent.
 */
export function afterKeyset(at: Expression<unknown>, id: Expression<unknown>, k: Keyset, direction: 'asc' | 'desc'): Expression<SqlBool> {
  return direction === 'desc'
    ? sql<SqlBool>`(${at} <= ${k.at}::timestamptz AND (${at}, ${id}) < (${k.at}::timestamptz, ${k.id}::bigint))`
    : sql<SqlBool>`(${at} >= ${k.at}::timestamptz AND (${at}, ${id}) > (${k.at}::timestamptz, ${k.id}::bigint))`;
}

/**
 * Counts a filtered list up to COUNT_CAP rows and says whether there are more: a count that would read
 * millions of rows costs at most the cap (docs/decisions.md, "Fast at 100 ha").
 */
export async function cappedCount<QDB, TB extends keyof QDB, O>(
  db: Kysely<DB> | Transaction<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
): Promise<{ total: number; capped: boolean }> {
  const rows = query.select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1);
  const { rows: counted } = await sql<{ n: string | number }>`SELECT count(*) AS n FROM (${rows}) capped`.execute(db);
  const n = Number(counted[0]?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}
