import type { z } from 'zod';

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (s: z.ZodType) => s._zod.def as unknown as Def;

/** A 1×1 PNG: small enough for any upload limit, real enough for image decoders. */
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
);
export const SAMPLE_FILE = { filename: 'sample.png', mimetype: 'image/png', data: PNG };

/** Tried in order when the structural guess does not satisfy a schema's refinements. */
const FALLBACKS: unknown[] = [
  1, 'sample', '2026-01-01', 'x@example.com', 0, true, '1', 0.5, 10, '#2e7d32', '2026-01-01T00:00:00.000Z',
  ['sample'], [1], {}, SAMPLE_FILE, 'Europe/Amsterdam',
  // A Monday, for fields naming a week by its Monday (crop registration; test/fixtures/crop-registration-walk-seed.ts).
  '2025-12-29',
];

export interface SampleHints {
  /** A value for a field by its wire name (tenant ids); undefined lets the schema decide. */
  valueFor(key: string): unknown;
  /** Whether an optional field should be sent anyway (ids are, so tenancy is probed). */
  includeOptional(key: string): boolean;
}

function structural(schema: z.ZodType, key: string, hints: SampleHints): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return structural(def.innerType as z.ZodType, key, hints);
    case 'pipe': {
      const input = def.in as z.ZodType;
      return structural(defOf(input).type === 'transform' ? (def.out as z.ZodType) : input, key, hints);
    }
    case 'lazy':
      return structural((def.getter as () => z.ZodType)(), key, hints);
    case 'object':
      return sampleObject(schema as z.ZodObject, hints);
    case 'array':
      return [sampleValue(def.element as z.ZodType, key, hints)];
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleValue(item, key, hints));
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return structural((def.options as z.ZodType[])[0]!, key, hints);
    case 'number':
    case 'int':
      return 1;
    case 'bigint':
      return 1n;
    case 'boolean':
      return true;
    case 'date':
      return new Date('2026-01-01T00:00:00Z');
    case 'string':
      if (def.format === 'email' || /e-?mail/i.test(key)) return 'x@example.com';
      if (/date/i.test(key)) return '2026-01-01';
      return 'sample';
    case 'custom':
      return SAMPLE_FILE;
    case 'record':
      return {};
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

/** A value the schema accepts: the hint first, then the shape's guess, then common fallbacks. */
export function sampleValue(schema: z.ZodType, key: string, hints: SampleHints): unknown {
  const hinted = hints.valueFor(key);
  const candidates: unknown[] = hinted === undefined ? [] : [hinted, String(hinted), [hinted], [String(hinted)]];
  candidates.push(structural(schema, key, hints), ...FALLBACKS);
  return candidates.find((c) => schema.safeParse(c).success) ?? candidates[hinted === undefined ? 0 : 4];
}

/** Required fields and hinted optional ones, each with a value its schema accepts. */
export function sampleObject(schema: z.ZodObject | undefined, hints: SampleHints): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!schema) return out;
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const optional = field.safeParse(undefined).success;
    if (optional && !hints.includeOptional(key)) continue;
    out[key] = sampleValue(field, key, hints);
  }
  if (schema.safeParse(out).success) return out;
  // Refinements across fields (a box inside the photo: x + width ≤ 1) reject each field's own guess of 1:
  // try the unhinted numbers at other values.
  for (const other of [0.5, 0]) {
    const tried = Object.fromEntries(
      Object.entries(out).map(([k, v]) => [k, typeof v === 'number' && hints.valueFor(k) === undefined ? other : v]),
    );
    if (schema.safeParse(tried).success) return tried;
  }
  return out;
}
