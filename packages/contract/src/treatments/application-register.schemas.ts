import { z } from 'zod';
import { DateTime, Id } from '../common/fields.js';
import { jsonText } from '../common/json-text.js';
import { absentIfBlank, ListField } from '../common/list-field.js';
import { PRODUCT_UNITS, ProductName } from '../spray_products/spray-products.schemas.js';
import { BbchStage, EppoCode } from '../crops/crop-codes.js';

/**
 * The register fields of an application (issue 22): everything beyond the spec's four multipart fields is
 * optional, so a client that sends only ApplicationDate, ProductName, QuantityUsed and Grid_boxIDs still works.
 * Lists and objects travel as JSON text in the multipart body, as Grid_boxIDs does.
 */

/** Units a used quantity is counted in: the product's own (litres, kilograms, beneficials one by one). */
export const QuantityUnit = z.enum(PRODUCT_UNITS, { error: `must be one of ${PRODUCT_UNITS.join(', ')}` });

/** Dose units a label states: per hectare or per 1,000 L of spray liquid, in the product's unit. */
export const DOSE_UNITS = ['L/ha', 'kg/ha', 'units/ha', 'L/1000L', 'kg/1000L', 'units/1000L'] as const;
export const DoseUnit = z.enum(DOSE_UNITS, { error: `must be one of ${DOSE_UNITS.join(', ')}` });

const positive = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .refine(Number.isFinite, { error: 'must be a number' })
    .refine((n) => n > 0, { error: 'must be greater than 0' })
    .refine((n) => n <= max, { error: `must be at most ${max}` });
const zeroOrMore = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .refine(Number.isFinite, { error: 'must be a number' })
    .refine((n) => n >= 0, { error: 'must be 0 or more' })
    .refine((n) => n <= max, { error: `must be at most ${max}` });
const text = (max: number) => z.string({ error: 'must be text' }).trim().max(max, { error: `must be at most ${max} characters` });

export const Dose = positive(1_000_000);
export const AreaM2 = positive(10_000_000);
export const WaterVolumeL = zeroOrMore(10_000_000);

/** A further product of the tank mix (the first is the spec's ProductName / QuantityUsed). */
export const TankMixLine = z.object(
  {
    ProductName,
    QuantityUsed: positive(1_000_000_000),
    QuantityUnit: QuantityUnit.optional(),
    Dose: Dose.optional(),
    DoseUnit: DoseUnit.optional(),
    /** The stock lot it was taken from; without one, lots are used earliest expiry first. */
    LotID: Id.optional(),
  },
  { error: 'must be an object with ProductName and QuantityUsed' },
);
export const TankMix = z.preprocess(jsonText, z.array(TankMixLine, { error: 'must be a list of products' }).max(20, { error: 'must list at most 20 products' }));

/** Weather when the spray went on; typed, or filled from the weather service by the app. */
export const WEATHER_SOURCES = ['typed', 'weather_service'] as const;
export const ApplicationWeather = z.preprocess(
  jsonText,
  z.object(
    {
      temperature_c: z.coerce.number({ error: 'must be a number' }).min(-60, { error: 'must be at least -60' }).max(70, { error: 'must be at most 70' }).optional(),
      humidity_pct: z.coerce.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' }).max(100, { error: 'must be at most 100' }).optional(),
      wind_speed_ms: z.coerce.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' }).max(100, { error: 'must be at most 100' }).optional(),
      conditions: text(200).optional(),
      source: z.enum(WEATHER_SOURCES, { error: `must be one of ${WEATHER_SOURCES.join(', ')}` }).optional(),
    },
    { error: 'must be an object (temperature_c, humidity_pct, wind_speed_ms, conditions, source)' },
  ),
);

export const RELEASE_METHODS = ['sachet', 'loose', 'spray', 'card', 'blower', 'other'] as const;
export const BeneficialRelease = z.object(
  {
    Species: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' }),
    QuantityPerM2: positive(1_000_000),
    Method: z.enum(RELEASE_METHODS, { error: `must be one of ${RELEASE_METHODS.join(', ')}` }),
  },
  { error: 'must be an object with Species, QuantityPerM2 and Method' },
);
export const Releases = z.preprocess(jsonText, z.array(BeneficialRelease, { error: 'must be a list of releases' }).max(50, { error: 'must list at most 50 releases' }));

/** The optional register fields, merged into the spec's multipart body. */
export const ApplicationRegisterFields = {
  StartTime: absentIfBlank(DateTime),
  EndTime: absentIfBlank(DateTime),
  QuantityUnit: absentIfBlank(QuantityUnit),
  LotID: absentIfBlank(Id),
  Dose: absentIfBlank(Dose),
  DoseUnit: absentIfBlank(DoseUnit),
  Equipment: absentIfBlank(text(200)),
  CropEppo: absentIfBlank(EppoCode),
  CropName: absentIfBlank(text(200)),
  BBCH: absentIfBlank(BbchStage),
  AreaM2: absentIfBlank(AreaM2),
  WaterVolumeL: absentIfBlank(WaterVolumeL),
  TankMix: absentIfBlank(TankMix),
  Weather: absentIfBlank(ApplicationWeather),
  Releases: absentIfBlank(Releases),
  TargetProblemIDs: absentIfBlank(ListField(Id, { max: 100, what: 'problem ids' })),
  ObservationIDs: absentIfBlank(ListField(Id, { max: 500, what: 'observation ids' })),
  /** The threshold crossings that led to it (get_threshold_crossings_for_boxes answers those of its boxes). */
  CrossingIDs: absentIfBlank(ListField(Id, { max: 100, what: 'threshold crossing ids' })),
  Notes: absentIfBlank(text(4000)),
};

export const ApplicationProductLine = z.object({
  product_id: z.number(),
  product_name: z.string(),
  quantity_used: z.number(),
  quantity_unit: z.string().nullable(),
  dose: z.number().nullable(),
  dose_unit: z.string().nullable(),
});

/** The register's view of an application, answered beside the spec's fields. */
export const ApplicationRegisterDetails = z.object({
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  operator_licence: z.string().nullable(),
  equipment: z.string().nullable(),
  crop_eppo: z.string().nullable(),
  crop_name: z.string().nullable(),
  bbch: z.number().nullable(),
  area_m2: z.number().nullable(),
  area_source: z.enum(['grid', 'typed']).nullable(),
  water_volume_l: z.number().nullable(),
  weather: z
    .object({
      temperature_c: z.number().optional(),
      humidity_pct: z.number().optional(),
      wind_speed_ms: z.number().optional(),
      conditions: z.string().optional(),
      source: z.enum(WEATHER_SOURCES).optional(),
    })
    .nullable(),
  notes: z.string().nullable(),
  products: z.array(ApplicationProductLine),
  releases: z.array(z.object({ species: z.string(), quantity_per_m2: z.number(), method: z.string() })),
  target_problem_ids: z.array(z.number()),
  observation_ids: z.array(z.number()),
  /** The threshold crossings it was aimed at. */
  crossing_ids: z.array(z.number()),
  /** What each product took from stock (lots, and any shortfall recorded beyond the stock). */
  stock: z.array(z.object({
    product_id: z.number(),
    deductions: z.array(z.object({ lot_id: z.number(), lot_number: z.string(), quantity: z.number(), expired: z.boolean() })),
    short_by: z.number(),
  })),
  /** Rules that let the application through but that the grower should read (beneficials hit, expired lot, short stock). */
  warnings: z.array(z.string()),
});
export type ApplicationRegisterDetails = z.infer<typeof ApplicationRegisterDetails>;

/** What a product does to a beneficial (IOBC classes), kept by the grower: the beneficials rule reads it. */
export const SIDE_EFFECTS = ['harmful', 'moderately harmful', 'harmless'] as const;
export const SideEffectInput = z.object({
  company_id: Id,
  product_id: Id,
  species: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' }),
  effect: z.enum(SIDE_EFFECTS, { error: `must be one of ${SIDE_EFFECTS.join(', ')}` }),
  persistence_days: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).max(365, { error: 'must be at most 365' }),
});
export const SideEffect = z.object({
  side_effect_id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  species: z.string(),
  effect: z.enum(SIDE_EFFECTS),
  persistence_days: z.number(),
  updated_at: z.string(),
});
export type SideEffect = z.infer<typeof SideEffect>;
