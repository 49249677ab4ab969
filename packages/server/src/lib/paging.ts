import { sql, type RawBuilder } from 'kysely';
import { badRequest } from './errors.js';

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Maps a wire sort key to a known SQL column. Anything not in the map is a 400, so a caller can
 * never put text into ORDER BY.
 */
export function orderBy<K extends string>(
  columns: Record<K, string>,
  key: string,
  direction: 'asc' | 'desc' = 'desc',
  field = 'sort_by',
): RawBuilder<unknown> {
  if (!Object.prototype.hasOwnProperty.call(columns, key)) {
    throw badRequest(`${field} must be one of ${Object.keys(columns).join(', ')}`, field);
  }
  const column = columns[key as K];
  return sql`${sql.ref(column)} ${sql.raw(direction === 'asc' ? 'asc' : 'desc')}`;
}

export function clampPage(limit: number | undefined, offset: number | undefined, def = 50, max = 500): Page {
  const l = Math.min(Math.max(Math.trunc(limit ?? def), 1), max);
  const o = Math.max(Math.trunc(offset ?? 0), 0);
  return { limit: l, offset: o };
}
