import { z } from 'zod';

/** A positive integer id; query, form and multipart values arrive as strings. */
export const Id = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a positive number' });

export const CompanyId = Id;

export const NonEmpty = z.string().trim().min(1, { error: 'is required' });

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

/** 'YYYY-MM-DD' or null. */
export const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' })
  .nullable();

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
