import { z } from 'zod';

/**
 * Splits what a list field arrives as into its items: a real array (JSON body, repeated form or
 * query fields), a JSON list as text ('["a","b"]') or a comma-separated string ('a, b').
 * Blank items are dropped.
 */
export function splitListInput(v: unknown): unknown {
  if (v === undefined || v === null) return v;
  const items = Array.isArray(v) ? v : [v];
  const out: unknown[] = [];
  for (const item of items) {
    if (typeof item !== 'string') {
      out.push(item);
      continue;
    }
    const text = item.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) {
          out.push(...parsed.map((p) => (typeof p === 'string' ? p.trim() : p)));
          continue;
        }
      } catch {
        // Not JSON after all: fall through to the comma split.
      }
    }
    out.push(...text.split(',').map((s) => s.trim()));
  }
  return out.filter((x) => x !== '' && x !== null && x !== undefined);
}

/** A list of `element`s sent as an array, a JSON list or comma-separated text. */
export const ListField = <S extends z.ZodType>(element: S, opts: { max: number; what: string }) =>
  z.preprocess(
    splitListInput,
    z
      .array(element, { error: `must be a list of ${opts.what}` })
      .max(opts.max, { error: `must list at most ${opts.max} ${opts.what}` }),
  );

/** Blank text and null count as "not sent": an optional field, or one whose absence a service words itself. */
export const absentIfBlank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v), schema.optional());
