import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** Crop registration and the harvest forecast: see migration 2026_12_02_0200_crop_registration. */

/** A date column: read as 'YYYY-MM-DD' text (the app's pg type parser keeps dates as text). */
type Day = ColumnType<string, string, string>;

export interface MeasurementTypeTable {
  type_id: Generated<number>;
  company_id: number;
  crop_id: number;
  name: string;
  unit: Generated<string>;
  min: number;
  max: number;
  decimals: Generated<number>;
  how_to_measure: Generated<string>;
  kind: string;
  measure: string | null;
  position: Generated<number>;
  is_default: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MeasurementTypeSeedTable {
  company_id: number;
  crop_id: number;
  seeded_at: Timestamp;
}

export interface CropPlantingTable {
  planting_id: Generated<number>;
  company_id: number;
  room_id: number;
  crop_id: number;
  batch_id: number | null;
  area_m2: number;
  stems_per_m2: number;
  start_week: Day;
  end_week: Day | null;
  rotation_weeks: number;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SampleSetTable {
  set_id: Generated<number>;
  company_id: number;
  planting_id: number;
  valid_from: Day;
  valid_to: Day;
  created_by: number | null;
  created_at: Timestamp;
}

export interface SamplePlantTable {
  sample_plant_id: Generated<number>;
  company_id: number;
  set_id: number;
  grid_box_id: number;
  plant_id: number | null;
  label: string | null;
  position: number;
}

export interface CropRegistrationValueTable {
  company_id: number;
  sample_plant_id: number;
  week: Day;
  type_id: number;
  planting_id: number;
  value: number;
  delta: number | null;
  out_of_range: Generated<boolean>;
  registered_by: number | null;
  registered_at: Timestamp;
}

/**
 * A planting's week sums, kept by the registration write path (migration 2026_12_04_0200): the types registered that
 * week and, at each type's place in the other arrays, its count and sum of values and of deltas to last week.
 */
export interface CropRegistrationWeekSumTable {
  company_id: number;
  planting_id: number;
  week: Day;
  type_ids: number[];
  n: number[];
  sum_value: number[];
  n_delta: number[];
  sum_delta: number[];
}

/** The same sums one row per type: a view over crop_registration_week_sums (read only). */
export interface CropRegistrationWeekTable {
  company_id: number;
  planting_id: number;
  week: Day;
  type_id: number;
  n: Generated<number>;
  sum_value: Generated<number>;
  n_delta: Generated<number>;
  sum_delta: Generated<number>;
}

export interface RoomDayTemperatureTable {
  company_id: number;
  room_id: number;
  day: Day;
  mean_c: number;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface CropHarvestTable {
  company_id: number;
  planting_id: number;
  week: Day;
  kg: number;
  recorded_by: number | null;
  recorded_at: Timestamp;
}

export interface CropTargetTable {
  target_id: Generated<number>;
  company_id: number;
  crop_id: number;
  indicator: string;
  value: number;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A registration's optional photo (one per sample plant and week): migration 2026_12_03_0400_crop_registration_photos. */
export interface CropRegistrationPhotoTable {
  company_id: number;
  sample_plant_id: number;
  week: Day;
  image_key: string;
  thumb_key: string;
  uploaded_by: number | null;
  uploaded_at: Timestamp;
}

/** A kept forecast's inputs and model (one per planting and made week): migration 2026_12_03_0420_harvest_forecast_runs. */
export interface HarvestForecastRunTable {
  company_id: number;
  planting_id: number;
  made_week: Day;
  /** The contract's ForecastInputs as made (read back through its schema). */
  inputs: Json<unknown>;
  model: string;
  made_at: Timestamp;
}

export interface HarvestForecastTable {
  company_id: number;
  planting_id: number;
  made_week: Day;
  horizon: number;
  week: Day;
  kg_per_m2: number;
  made_at: Timestamp;
}
