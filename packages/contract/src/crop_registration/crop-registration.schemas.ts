import { z } from 'zod';
import { CalendarDate, Id, Int4 } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { isoWeekday } from '../calendar/plain-date.js';
import { cropRegistrationMessages as msg } from './crop-registration.messages.js';

/** A week, named by its Monday ('YYYY-MM-DD'); weeks start on Monday (DESIGN.md, "Time"). */
export const WeekStart = CalendarDate.refine((d) => isoWeekday(d) === 1, { error: msg.notMonday });

/** How a value is entered and checked: a plain number, or a truss position in decimal notation ("17.2"). */
export const MEASUREMENT_KINDS = ['number', 'truss_position'] as const;
export type MeasurementKind = (typeof MEASUREMENT_KINDS)[number];

/**
 * What the indicators and the forecast read a type as. A custom type has none (null): it is registered and shown,
 * not computed with. One type per crop per measure.
 */
export const MEASURES = [
  'stem_length', 'weekly_growth', 'stem_diameter', 'leaves', 'flowering_height',
  'flowering_truss', 'set_truss', 'harvest_truss', 'fruits_per_truss', 'fruit_weight',
] as const;
export type Measure = (typeof MEASURES)[number];

/** The weekly indicators (docs/decisions.md, "Crop registration: indicators"). */
export const INDICATORS = [
  'growth', 'flowering_speed', 'setting_speed', 'fruit_load', 'stem_diameter', 'stem_diameter_trend', 'flowering_height', 'balance',
] as const;
export type Indicator = (typeof INDICATORS)[number];

export const INDICATOR_UNITS: Record<Indicator, string> = {
  growth: 'cm/week', flowering_speed: 'trusses/week', setting_speed: 'trusses/week', fruit_load: 'fruits/m²',
  stem_diameter: 'mm', stem_diameter_trend: 'mm/week', flowering_height: 'cm', balance: '',
};

/**
 * Each indicator's formula as shown on screen (and in docs/decisions.md). Means are over the sample plants that have
 * both values; a week is the Monday-named week of the registration.
 */
export const INDICATOR_FORMULAS: Record<Indicator, string> = {
  growth: 'Mean weekly growth (cm) of the sample plants; where not registered, the mean of stem length this week − stem length last week per plant.',
  flowering_speed: 'Mean per plant of flowering truss position this week − last week (trusses/week, decimal notation: 17.2 = truss 17 and 2/10).',
  setting_speed: 'Mean per plant of set truss position this week − last week (trusses/week).',
  fruit_load: '(Mean set truss position − mean harvest truss position) × mean fruits per truss × stems per m²: fruits set and not yet harvested, per m².',
  stem_diameter: 'Mean stem (head) diameter of the sample plants (mm).',
  stem_diameter_trend: 'Stem diameter this week − stem diameter last week (mm/week): thinning heads point generative, thickening vegetative.',
  flowering_height: 'Mean distance from the head down to the flowering truss (cm).',
  balance: 'Flowering height ÷ the grower\'s target flowering height: below 0.9 generative (flowering close to the head), above 1.1 vegetative, between balanced. Without a target: not shown.',
};

/** The balance's reading, from the balance value (docs/decisions.md). */
export const BALANCE_LABELS = ['generative', 'balanced', 'vegetative'] as const;
export type BalanceLabel = (typeof BALANCE_LABELS)[number];
export const balanceLabel = (balance: number | null): BalanceLabel | null =>
  balance === null ? null : balance < 0.9 ? 'generative' : balance > 1.1 ? 'vegetative' : 'balanced';

/** "17.2": truss 17, two tenths of the way to truss 18. Also "17,2" and "17". */
const TRUSS_TEXT = /^(\d{1,3})(?:[.,](\d))?$/;

/** A truss position from what a phone sends (text or number); null when it is not of the form 17.2. */
export function parseTrussPosition(raw: string | number): number | null {
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : raw.trim();
  const m = TRUSS_TEXT.exec(text);
  if (!m) return null;
  return Number(m[1]) + (m[2] === undefined ? 0 : Number(m[2]) / 10);
}

/** 17.2 → "17.2", 17 → "17.0". */
export const formatTrussPosition = (value: number): string => (Math.round(value * 10) / 10).toFixed(1);

/** A truss position field on its own (targets, typed entry): text or number in decimal notation. */
export const TrussPosition = z
  .union([z.string(), z.number()], { error: msg.trussForm })
  .transform((v, ctx) => {
    const n = parseTrussPosition(v);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: msg.trussForm });
      return z.NEVER;
    }
    return n;
  });

const Name = z.string().trim().min(1, { error: 'is required' }).max(80, { error: 'must be at most 80 characters' });
const Unit = z.string().trim().max(20, { error: 'must be at most 20 characters' });
const HowTo = z.string().trim().max(1000, { error: 'must be at most 1000 characters' });
const Bound = z.coerce.number({ error: 'must be a number' }).refine(Number.isFinite, { error: 'must be a number' })
  .min(-1_000_000, { error: 'must be at least -1000000' }).max(1_000_000, { error: 'must be at most 1000000' });

export const MeasurementType = z.object({
  type_id: z.number(),
  crop_id: z.number(),
  name: z.string(),
  unit: z.string(),
  min: z.number(),
  max: z.number(),
  decimals: z.number(),
  how_to_measure: z.string(),
  kind: z.enum(MEASUREMENT_KINDS),
  measure: z.enum(MEASURES).nullable(),
  /** Order on the phone's form. */
  position: z.number(),
  /** Put in by the defaults (changeable like any other). */
  is_default: z.boolean(),
});
export type MeasurementType = z.infer<typeof MeasurementType>;

export const MeasurementTypeSave = z.object({
  type_id: absentIfBlank(Id),
  crop_id: Id,
  name: Name,
  unit: Unit.default(''),
  min: Bound,
  max: Bound,
  decimals: Int4().max(3, { error: 'must be at most 3' }).default(0),
  how_to_measure: HowTo.default(''),
  kind: z.enum(MEASUREMENT_KINDS, { error: 'must be number or truss_position' }).default('number'),
  measure: absentIfBlank(z.enum(MEASURES, { error: `must be one of ${MEASURES.join(', ')}` })),
  position: absentIfBlank(Int4()),
});

/**
 * A value checked against its type: what the server stores and what the phone checks before queueing.
 * `out_of_range` is set when the value is well formed but outside min–max (the phone asks; the server refuses
 * it unless confirmed).
 */
export function checkMeasurementValue(
  type: Pick<MeasurementType, 'kind' | 'min' | 'max' | 'decimals'>,
  raw: string | number,
): { ok: true; value: number; out_of_range: boolean } | { ok: false; error: string } {
  let value: number;
  if (type.kind === 'truss_position') {
    const n = parseTrussPosition(raw);
    if (n === null) return { ok: false, error: msg.trussForm };
    value = n;
  } else {
    const text = typeof raw === 'number' ? String(raw) : raw.trim().replace(',', '.');
    if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, error: msg.notANumber };
    const decimals = text.includes('.') ? text.split('.')[1]!.length : 0;
    if (decimals > type.decimals) return { ok: false, error: msg.tooManyDecimals(type.decimals) };
    value = Number(text);
  }
  return { ok: true, value, out_of_range: value < type.min || value > type.max };
}

/** A crop grown in a room: the area and stem density the per-m² figures and the forecast use. */
export const CropPlanting = z.object({
  planting_id: z.number(),
  room_id: z.number(),
  room_name: z.string(),
  crop_id: z.number(),
  crop_name: z.string(),
  eppo_code: z.string(),
  batch_id: z.number().nullable(),
  batch_number: z.string().nullable(),
  area_m2: z.number(),
  stems_per_m2: z.number(),
  start_week: z.string(),
  end_week: z.string().nullable(),
  /** A new sample set every this many weeks. */
  rotation_weeks: z.number(),
});
export type CropPlanting = z.infer<typeof CropPlanting>;

export const CropPlantingSave = z.object({
  planting_id: absentIfBlank(Id),
  room_id: Id,
  crop_id: Id,
  batch_id: absentIfBlank(Id),
  area_m2: z.coerce.number({ error: 'must be a number' }).positive({ error: 'must be more than 0' }).max(10_000_000, { error: 'must be at most 10000000' }),
  stems_per_m2: z.coerce.number({ error: 'must be a number' }).positive({ error: 'must be more than 0' }).max(1000, { error: 'must be at most 1000' }),
  start_week: WeekStart,
  end_week: absentIfBlank(WeekStart),
  rotation_weeks: Int4(1).max(52, { error: 'must be at most 52' }).default(4),
});

export const SamplePlant = z.object({
  sample_plant_id: z.number(),
  set_id: z.number(),
  grid_box_id: z.number(),
  grid_id: z.number(),
  grid_name: z.string(),
  /** The grid box's column and row on the room map (path and post). */
  x: z.number(),
  y: z.number(),
  box_name: z.string().nullable(),
  plant_id: z.number().nullable(),
  /** What the label and the walk show: the grower's label, else "grid name x/y". */
  label: z.string(),
  /** Order in the walk. */
  position: z.number(),
});
export type SamplePlant = z.infer<typeof SamplePlant>;

export const SampleSet = z.object({
  set_id: z.number(),
  planting_id: z.number(),
  room_id: z.number(),
  /** First and last week (Mondays) the set is measured; valid_to = valid_from + (rotation_weeks − 1) weeks. */
  valid_from: z.string(),
  valid_to: z.string(),
  plants: z.array(SamplePlant),
});
export type SampleSet = z.infer<typeof SampleSet>;

export const SamplePlantInput = z.object({
  grid_box_id: Id,
  plant_id: absentIfBlank(Id),
  label: absentIfBlank(z.string().trim().max(60, { error: 'must be at most 60 characters' })),
});

/** One value as the phone sends it: text as typed ("17.2", "23,5") or a number. */
export const RegistrationValueInput = z.object({
  type_id: Id,
  value: z.union([z.number(), z.string().max(20, { error: 'must be at most 20 characters' })], { error: 'must be a number or text' }),
});

export const RegisteredValue = z.object({
  type_id: z.number(),
  value: z.number(),
  out_of_range: z.boolean(),
});

/** A registration's optional photo (GET /image addresses, fetched with the caller's token). */
export const RegistrationPhoto = z.object({ image_url: z.string(), thumb_url: z.string() });
export type RegistrationPhoto = z.infer<typeof RegistrationPhoto>;

export const WalkPlant = SamplePlant.extend({
  values: z.array(RegisteredValue),
  /** This week's photo, if one was sent. */
  photo: RegistrationPhoto.nullable(),
  last_week: z.array(RegisteredValue),
  /** Something is registered on the plant this week (it counts in the progress). */
  done: z.boolean(),
});

export const RegistrationWalk = z.object({
  week: z.string(),
  planting: CropPlanting.nullable(),
  set: SampleSet.omit({ plants: true }).nullable(),
  /** No set covers the week: the rotation rule asks for a new set of sample plants. */
  rotation_due: z.boolean(),
  types: z.array(MeasurementType),
  plants: z.array(WalkPlant),
  progress: z.object({ done: z.number(), total: z.number(), text: z.string() }),
});
export type RegistrationWalk = z.infer<typeof RegistrationWalk>;

/** One value of a sample plant's last registration, with its type's name and unit (the room map's sheet). */
export const LastRegisteredValue = RegisteredValue.extend({ name: z.string(), unit: z.string(), kind: z.enum(MEASUREMENT_KINDS) });

/** A sample plant's registered week: its values with their type's name and unit, and its photo if one was taken. */
export const RegisteredWeek = z.object({
  week: z.string(),
  values: z.array(LastRegisteredValue),
  photo: RegistrationPhoto.nullable(),
});
export type RegisteredWeek = z.infer<typeof RegisteredWeek>;

/** A sample plant's latest registered week on or before the asked week, or null when nothing was registered yet. */
export const LastRegistration = RegisteredWeek;
export type LastRegistration = z.infer<typeof LastRegistration>;

/** A sample plant of a room's running set (the room map's marker and the labels): its planting, crop, set weeks and last registration. */
export const RoomSamplePlant = SamplePlant.extend({
  planting_id: z.number(),
  crop_name: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  last_registration: LastRegistration.nullable(),
});
export type RoomSamplePlant = z.infer<typeof RoomSamplePlant>;

export const DayTemperature = z.object({ day: z.string(), mean_c: z.number() });
export const DayTemperatureInput = z.object({
  day: CalendarDate,
  mean_c: z.coerce.number({ error: 'must be a number' }).min(-30, { error: 'must be at least -30' }).max(60, { error: 'must be at most 60' }),
});

export const CropHarvest = z.object({
  planting_id: z.number(),
  week: z.string(),
  kg: z.number(),
  kg_per_m2: z.number(),
});

const IndicatorValues = z.object(Object.fromEntries(INDICATORS.map((k) => [k, z.number().nullable()])) as Record<Indicator, z.ZodNullable<z.ZodNumber>>);

export const IndicatorWeek = z.object({
  planting_id: z.number(),
  room_id: z.number(),
  room_name: z.string(),
  crop_id: z.number(),
  week: z.string(),
  plants_measured: z.number(),
  values: IndicatorValues,
  balance_label: z.enum(BALANCE_LABELS).nullable(),
  /** The same planting's room in the same week a year (52 weeks) before; nulls where nothing was registered. */
  last_year: IndicatorValues,
});
export type IndicatorWeek = z.infer<typeof IndicatorWeek>;

export const CropTarget = z.object({ target_id: z.number(), crop_id: z.number(), indicator: z.enum(INDICATORS), value: z.number() });
export type CropTarget = z.infer<typeof CropTarget>;

/** Where a forecast's temperatures came from overall (the first three were there before the weather service). */
export const TEMPERATURE_SOURCES = ['typed', 'typed_and_default', 'default', 'weather', 'mixed'] as const;
/** Where one week's temperatures came from. */
export const TEMPERATURE_WEEK_SOURCES = ['typed', 'weather', 'default', 'mixed'] as const;

/** What the forecast was made from, shown beside it (the model is not a black box). */
export const ForecastInputs = z.object({
  stems_per_m2: z.number(),
  fruits_per_truss: z.number().nullable(),
  fruit_weight_g: z.number().nullable(),
  degree_days_to_ripen: z.number(),
  base_temperature_c: z.number(),
  /** Mean of the last 7 known days (typed, else the weather service's), used for the days ahead without a weather forecast. */
  mean_temperature_c: z.number(),
  /** Where the past days' temperatures came from: typed, the weather service, the default, or a mix. */
  temperature_source: z.enum(TEMPERATURE_SOURCES),
  /**
   * Each week's mean temperature and degree days, from the oldest week whose trusses still ripen to the last forecast
   * week, and where its days' temperatures came from (typed, weather service, default, or mixed): the screen says so.
   */
  temperature_weeks: z.array(z.object({ week: z.string(), mean_c: z.number(), degree_days: z.number(), source: z.enum(TEMPERATURE_WEEK_SOURCES) })),
  /** Trusses set per week (set truss position increase per plant) over the weeks still ripening. */
  trusses_set: z.array(z.object({ week: z.string(), trusses: z.number(), degree_days_so_far: z.number() })),
  /** Last weeks' recorded harvests and the fruit weight they imply. */
  recent_harvests: z.array(z.object({ week: z.string(), kg_per_m2: z.number() })),
  /** Recorded ÷ modelled harvest over the last 3 weeks (0.7–1.3), the factor applied; 1 without harvests. */
  calibration: z.number(),
});

export const ForecastWeek = z.object({ horizon: z.number(), week: z.string(), kg_per_m2: z.number(), trusses: z.number() });

export const HarvestForecast = z.object({
  planting_id: z.number(),
  room_id: z.number(),
  room_name: z.string(),
  batch_id: z.number().nullable(),
  made_week: z.string(),
  weeks: z.array(ForecastWeek),
  inputs: ForecastInputs,
  model: z.string(),
});
export type HarvestForecast = z.infer<typeof HarvestForecast>;

/**
 * A kept forecast as read back (getHarvestForecast): the run's planting, room, made week and kg/m² per horizon, with
 * the inputs and model it was made from (kept beside it since 2026_12_03_0420; null for a forecast kept before).
 */
export const KeptForecast = HarvestForecast.pick({ planting_id: true, room_id: true, room_name: true, batch_id: true, made_week: true }).extend({
  weeks: z.array(ForecastWeek.pick({ horizon: true, week: true, kg_per_m2: true })),
  /** When the run was made (ISO time). */
  made_at: z.string(),
  inputs: ForecastInputs.nullable(),
  model: z.string().nullable(),
});
export type KeptForecast = z.infer<typeof KeptForecast>;

export const ForecastAccuracyRow = z.object({
  made_week: z.string(), week: z.string(), horizon: z.number(), forecast_kg_per_m2: z.number(), actual_kg_per_m2: z.number().nullable(),
});
export const HorizonError = z.object({ horizon: z.number(), weeks: z.number(), mape: z.number().nullable() });

/** Degree-day constants per crop (EPPO code); others fall back to tomato's (docs/decisions.md, "Harvest forecast"). */
export const RIPENING_DEGREE_DAYS: Record<string, { degree_days: number; base_c: number; default_mean_c: number }> = {
  LYPES: { degree_days: 950, base_c: 0, default_mean_c: 20 },
  CPSAN: { degree_days: 1200, base_c: 0, default_mean_c: 21 },
  CUMSA: { degree_days: 150, base_c: 10, default_mean_c: 21 },
};
export const FORECAST_HORIZONS = 5;
