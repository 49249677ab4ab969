import { z } from 'zod';

export const ErrorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  error: z.string(),
  field: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** `{ status: 'success', ...fields }`: the spec puts answer fields at the top level. */
export function success<S extends z.ZodRawShape>(shape: S) {
  return z.object({ status: z.literal('success'), ...shape });
}

/** `{ status: 'success', message }` for writes whose answer the spec does not show. */
export const MessageEnvelope = success({ message: z.string() });
