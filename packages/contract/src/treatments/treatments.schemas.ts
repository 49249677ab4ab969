import { z } from 'zod';
import { CalendarDate, DateTime, Id } from '../common/fields.js';
import { jsonText } from '../common/json-text.js';
import { splitListInput } from '../common/list-field.js';

/** spec-2 §9: the default treatment type. */
export const DEFAULT_TREATMENT_TYPE = 'biological';
/** The kinds of crop protection an IPM plan distinguishes (docs/decisions.md, "Treatments"). */
export const TREATMENT_TYPES = ['biological', 'chemical', 'cultural', 'mechanical'] as const;
export const TreatmentType = z.enum(TREATMENT_TYPES, { error: `must be one of ${TREATMENT_TYPES.join(', ')}` });
/** The type as sent; absent or blank is the default. */
export const TreatmentTypeOrDefault = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? DEFAULT_TREATMENT_TYPE : typeof v === 'string' ? v.trim().toLowerCase() : v),
  TreatmentType,
);

const SubType = z.string().trim().max(100, { error: 'must be at most 100 characters' });
const Notes = z.string().trim().max(4000, { error: 'must be at most 4000 characters' });
const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** create_treatment's `data`: the product it uses, an optional sub-type (e.g. 'predatory mites') and notes. */
export const NewTreatmentData = z.preprocess(
  jsonText,
  z.object(
    {
      product_id: Id,
      sub_type: z.preprocess(blankIsNull, SubType.nullable().optional()),
      notes: z.preprocess(blankIsNull, Notes.nullable().optional()),
    },
    { error: 'must be an object with product_id' },
  ),
);

/** update_treatment's `data`: only the fields sent change; blank or null clears. */
export const TreatmentChanges = z.preprocess(
  jsonText,
  z.object(
    {
      sub_type: z.preprocess(blankIsNull, SubType.nullable().optional()),
      notes: z.preprocess(blankIsNull, Notes.nullable().optional()),
    },
    { error: 'must be an object' },
  ),
);

export const Treatment = z.object({
  treatment_id: z.number(),
  treatment_type: TreatmentType,
  sub_type: z.string().nullable(),
  notes: z.string().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  company_id: z.number(),
  is_deleted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Treatment = z.infer<typeof Treatment>;

/** ApplicationDate: a day ('2026-05-01') or the moment of spraying ('2026-05-01T14:30:00+02:00'). */
export const ApplicationDate = z
  .string({ error: 'must be a date as YYYY-MM-DD or an ISO date-time' })
  .trim()
  .refine((v) => CalendarDate.safeParse(v).success || DateTime.safeParse(v).success, {
    error: 'must be a date as YYYY-MM-DD or an ISO date-time',
  });

/** Most boxes one application may name: a whole large room. */
export const MAX_BOXES_PER_APPLICATION = 5000;

export const QuantityUsed = z.coerce
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, { error: 'must be a number' })
  .refine((n) => n > 0, { error: 'must be greater than 0' })
  .refine((n) => n <= 1_000_000_000, { error: 'must be at most 1000000000' });

/** Grid_boxIDs: a JSON list of ids (spec-2 §7); a real array or comma-separated text is taken too. */
export const GridBoxIds = z.preprocess(
  splitListInput,
  z
    .array(Id, { error: 'must be a list of grid box ids' })
    .min(1, { error: 'must list at least one grid box' })
    .max(MAX_BOXES_PER_APPLICATION, { error: `must list at most ${MAX_BOXES_PER_APPLICATION} grid boxes` }),
);

export const TreatmentApplication = z.object({
  application_id: z.number(),
  ApplicationDate: z.string(),
  ProductName: z.string(),
  product_id: z.number(),
  QuantityUsed: z.number(),
  Grid_boxIDs: z.array(z.number()),
  applied_by: z.number().nullable(),
  /** No entry to the boxes before this moment (ISO); null when the product has no re-entry interval. */
  reentry_until: z.string().nullable(),
  /** No harvest of the boxes' crop before this day; null when the product has no pre-harvest interval. */
  preharvest_until: z.string().nullable(),
});
export type TreatmentApplication = z.infer<typeof TreatmentApplication>;
