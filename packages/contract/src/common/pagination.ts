import { z } from 'zod';
import { Int4 } from './fields.js';

export const Limit = (def: number, max = 500) => z.coerce.number().int().min(1).max(max).default(def);
export const Offset = Int4(0).default(0);
export const SortOrder = z.enum(['asc', 'desc']).default('desc');

/** `sort_by` accepts only the listed columns: anything else is a 400, never SQL. */
export const sortBy = <const C extends readonly [string, ...string[]]>(columns: C, def: C[number]) =>
  z.enum(columns).default(def);

/**
 * Keyset paging (issue 19) beside offsets, for lists that can reach millions of rows: `cursor` is a list's
 * `next_cursor`, and the page starts right after that row (then `offset` skips from there). Opaque to clients.
 */
export const Cursor = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'must be a next_cursor from an earlier page' }).optional();
/** A list's total is counted up to this many rows; past it the answer says `total_capped` (docs/decisions.md). */
export const COUNT_CAP = 10_000;
