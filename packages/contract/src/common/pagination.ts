import { z } from 'zod';
import { Int4 } from './fields.js';

export const Limit = (def: number, max = 500) => z.coerce.number().int().min(1).max(max).default(def);
export const Offset = Int4(0).default(0);
export const SortOrder = z.enum(['asc', 'desc']).default('desc');

/** `sort_by` accepts only the listed columns: anything else is a 400, never SQL. */
export const sortBy = <const C extends readonly [string, ...string[]]>(columns: C, def: C[number]) =>
  z.enum(columns).default(def);
