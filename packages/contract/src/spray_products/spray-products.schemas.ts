import { z } from 'zod';

/** Longest re-entry interval accepted: a year in hours; more is a typing slip. */
export const MAX_REENTRY_HOURS = 8760;
/** Longest pre-harvest interval accepted: a year in days. */
export const MAX_PREHARVEST_DAYS = 365;

export const ProductName = z.string().trim().min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' });
export const ProductDetails = z.string().trim().max(4000, { error: 'must be at most 4000 characters' });

const wholeNumber = (max: number, unit: string) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(max, { error: `must be at most ${max} ${unit}` });

/** Hours after an application before people may enter the treated boxes without protection. */
export const ReentryHours = wholeNumber(MAX_REENTRY_HOURS, 'hours');
/** Days after an application before the treated crop may be harvested. */
export const PreharvestDays = wholeNumber(MAX_PREHARVEST_DAYS, 'days');

export const SprayProduct = z.object({
  product_id: z.number(),
  name: z.string(),
  details: z.string().nullable(),
  reentry_interval_hours: z.number().nullable(),
  preharvest_interval_days: z.number().nullable(),
  company_id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SprayProduct = z.infer<typeof SprayProduct>;

/** An interval in a change: absent leaves it, blank or null clears it ("no interval"), a number sets it. */
export const intervalChange = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => ((typeof v === 'string' && (v.trim() === '' || v.trim() === 'null')) ? null : v), schema.nullable().optional());
