import { z } from 'zod';
import { isCalendarDate } from '../calendar/plain-date.js';

/** PostgreSQL's `integer`, the type of every id and count column: a value outside it is a 400, not a database error. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** A positive integer id; query, form and multipart values arrive as strings. */
export const Id = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a positive number' })
  .max(INT4_MAX, { error: `must be at most ${INT4_MAX}` });

/** A whole number that fits an `integer` column, from `min` (default 0). */
export const Int4 = (min = 0) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: min === 0 ? 'must be 0 or more' : `must be at least ${min}` })
    .max(INT4_MAX, { error: `must be at most ${INT4_MAX}` });

export const CompanyId = Id;

export const NonEmpty = z.string().trim().min(1, { error: 'is required' });

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

/** 'YYYY-MM-DD' naming a real day: an impossible date is refused here, not by the database. */
export const CalendarDate = z
  .string({ error: 'must be a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' })
  .refine(isCalendarDate, { error: 'must be a real calendar date' });

/** 'YYYY-MM-DD' or null. */
export const DateOnly = CalendarDate.nullable();

/** An ISO date-time with a zone ('2026-03-01T10:00:00Z', '…+01:00') on a real calendar day. */
export const DateTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO date-time' })
  .refine((s) => isCalendarDate(s.slice(0, 10)), { error: 'must be a real calendar date' });

/** 0/1 flags arrive as numbers, strings or booleans. */
export const Flag01 = z.preprocess(
  (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
  z.coerce.number().int().min(0).max(1, { error: 'must be 0 or 1' }),
);

export const Timestamp = z.string();

/** An uploaded file as the server receives it from a multipart body. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Uint8Array;
}
export const FileField = z.custom<UploadedFile>(
  (v) => typeof v === 'object' && v !== null && 'data' in v && 'mimetype' in v,
  { error: 'must be a file' },
);
