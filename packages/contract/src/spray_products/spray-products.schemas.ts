import { z } from 'zod';
import { BbchStage, EppoCode } from '../crops/crop-codes.js';

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


/** An interval in a change: absent leaves it, blank or null clears it ("no interval"), a number sets it. */
export const intervalChange = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => ((typeof v === 'string' && (v.trim() === '' || v.trim() === 'null')) ? null : v), schema.nullable().optional());

// The plant-protection register's fields (issue 22; docs/decisions.md, "Plant-protection register: products, crops, stock").

export const PRODUCT_TYPES = ['chemical', 'biological_macro', 'biological_micro', 'biostimulant', 'fertiliser', 'disinfectant', 'adjuvant'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** What a product is counted in: litres, kilograms, or units (of beneficials: bottles, sachets, cards). */
export const PRODUCT_UNITS = ['L', 'kg', 'units'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];
export const DOSE_BASES = ['per_ha', 'per_1000_l'] as const;
export type DoseBasis = (typeof DOSE_BASES)[number];
export const CONCENTRATION_UNITS = ['g/L', 'g/kg', '%', 'CFU/g', 'CFU/mL', 'per_unit'] as const;
export const MAX_SUBSTANCES = 10;
export const MAX_AUTHORISED_CROPS = 200;
export const MAX_APPLICATIONS_PER_CYCLE = 1000;
/** Largest quantity or dose accepted: numeric(14,3) holds up to 10^11. */
export const MAX_QUANTITY = 1e9;

/** A positive amount with at most three decimals (stock is kept to the thousandth). */
export const PositiveQuantity = z.coerce
  .number({ error: 'must be a number' })
  .finite({ error: 'must be a number' })
  .positive({ error: 'must be more than 0' })
  .max(MAX_QUANTITY, { error: `must be at most ${MAX_QUANTITY}` })
  .transform((n) => Math.round(n * 1000) / 1000);

const optionalText = (max: number) => z.string().trim().max(max, { error: `must be at most ${max} characters` });

export const ActiveSubstance = z.object({
  name: optionalText(200).min(1, { error: 'is required' }),
  concentration: z.coerce.number({ error: 'must be a number' }).finite({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' }).max(MAX_QUANTITY).nullable().default(null),
  concentration_unit: z.enum(CONCENTRATION_UNITS, { error: `must be one of ${CONCENTRATION_UNITS.join(', ')}` }).nullable().default(null),
});
export type ActiveSubstance = z.infer<typeof ActiveSubstance>;

export const AuthorisedCrop = z
  .object({ eppo_code: EppoCode, bbch_min: BbchStage.nullable().default(null), bbch_max: BbchStage.nullable().default(null) })
  .refine((c) => c.bbch_min === null || c.bbch_max === null || c.bbch_min <= c.bbch_max, {
    error: 'bbch_max must not be below bbch_min', path: ['bbch_max'],
  });
export type AuthorisedCrop = z.infer<typeof AuthorisedCrop>;

/** A list field of a multipart form arrives as JSON text; a blank one means "none". */
const jsonList = <S extends z.ZodType>(item: S, max: number, what: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return [];
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.array(item, { error: `must be a JSON list of ${what}` }).max(max, { error: `must list at most ${max} ${what}` }),
  );

/** A text, choice or number a change may clear: absent leaves it, blank or null clears it. */
const clearable = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => ((typeof v === 'string' && (v.trim() === '' || v.trim() === 'null')) ? null : v), schema.nullable().optional());

/**
 * The register's product fields as add_spray_product and update_spray_product take them (multipart, so lists
 * are JSON text). All optional; on an update, absent leaves a field and blank clears it. The label is a PDF file.
 */
export const ProductRegisterFields = {
  authorisation_number: clearable(optionalText(100).min(1)),
  authorisation_country: clearable(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code (e.g. NL)' })),
  product_type: clearable(z.enum(PRODUCT_TYPES, { error: `must be one of ${PRODUCT_TYPES.join(', ')}` })),
  active_substances: jsonList(ActiveSubstance, MAX_SUBSTANCES, 'active substances').optional(),
  formulation: clearable(optionalText(50).min(1)),
  unit: clearable(z.enum(PRODUCT_UNITS, { error: `must be one of ${PRODUCT_UNITS.join(', ')}` })),
  max_dose: clearable(PositiveQuantity),
  max_dose_basis: clearable(z.enum(DOSE_BASES, { error: `must be one of ${DOSE_BASES.join(', ')}` })),
  max_applications_per_cycle: clearable(z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' }).max(MAX_APPLICATIONS_PER_CYCLE, { error: `must be at most ${MAX_APPLICATIONS_PER_CYCLE}` })),
  authorised_crops: jsonList(AuthorisedCrop, MAX_AUTHORISED_CROPS, 'crops').optional(),
  protective_equipment: clearable(optionalText(1000).min(1)),
  /** Sent as 1 to remove the stored label without uploading another. */
  remove_label: z.preprocess((v) => (v === 'true' || v === '1' || v === 1 || v === true ? true : v === undefined || v === '' || v === '0' || v === 'false' ? undefined : v),
    z.literal(true, { error: 'must be 1 to remove the label' }).optional()),
};

/** A product's register fields as every read answers them. */
export const SprayProductRegister = z.object({
  authorisation_number: z.string().nullable(),
  authorisation_country: z.string().nullable(),
  product_type: z.enum(PRODUCT_TYPES).nullable(),
  active_substances: z.array(z.object({ name: z.string(), concentration: z.number().nullable(), concentration_unit: z.string().nullable() })),
  formulation: z.string().nullable(),
  unit: z.enum(PRODUCT_UNITS).nullable(),
  max_dose: z.number().nullable(),
  max_dose_basis: z.enum(DOSE_BASES).nullable(),
  max_applications_per_cycle: z.number().nullable(),
  authorised_crops: z.array(z.object({ eppo_code: z.string(), bbch_min: z.number().nullable(), bbch_max: z.number().nullable() })),
  protective_equipment: z.string().nullable(),
  /** The label's file name, or null when none is stored; GET /spray_product_label downloads it. */
  label_filename: z.string().nullable(),
});

/** The register fields of a product that has none set (every product made before issue 22). */
export const EMPTY_PRODUCT_REGISTER: z.infer<typeof SprayProductRegister> = {
  authorisation_number: null, authorisation_country: null, product_type: null, active_substances: [], formulation: null, unit: null,
  max_dose: null, max_dose_basis: null, max_applications_per_cycle: null, authorised_crops: [], protective_equipment: null, label_filename: null,
};

export const SprayProduct = z.object({
  product_id: z.number(),
  name: z.string(),
  details: z.string().nullable(),
  reentry_interval_hours: z.number().nullable(),
  preharvest_interval_days: z.number().nullable(),
  company_id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  ...SprayProductRegister.shape,
});
export type SprayProduct = z.infer<typeof SprayProduct>;
