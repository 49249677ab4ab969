import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.js';

/** The plant-protection register, part 2: see migration 2026_12_01_0200_application_register. */

export interface ApplicationWeatherJson {
  temperature_c?: number;
  humidity_pct?: number;
  wind_speed_ms?: number;
  conditions?: string;
  source?: 'typed' | 'weather_service';
}

export interface ApplicationRegisterColumns {
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  operator_licence: string | null;
  equipment: string | null;
  crop_eppo: string | null;
  crop_name: string | null;
  bbch: number | null;
  area_m2: number | null;
  area_source: 'grid' | 'typed' | null;
  water_volume_l: number | null;
  weather: Json<ApplicationWeatherJson> | null;
  notes: string | null;
}

export interface TreatmentApplicationProductTable {
  application_id: number;
  line_no: number;
  product_id: number;
  quantity_used: number;
  quantity_unit: string | null;
  dose: number | null;
  dose_unit: string | null;
}

export interface TreatmentApplicationReleaseTable {
  release_id: Generated<number>;
  application_id: number;
  species: string;
  quantity_per_m2: number;
  method: string;
}

export interface TreatmentApplicationTargetTable {
  application_id: number;
  problem_id: number | null;
  observation_id: number | null;
  /** The threshold crossing aimed at (migration 2026_12_03_0500_treatment_crossing_targets). */
  crossing_id: Generated<number | null>;
}

export interface BeneficialSideEffectTable {
  side_effect_id: Generated<number>;
  company_id: number;
  product_id: number;
  species: string;
  effect: 'harmful' | 'moderately harmful' | 'harmless';
  persistence_days: number;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface GridCellSizeColumn {
  cell_area_m2: number | null;
}

export interface UserLicenceColumn {
  spray_licence_number: string | null;
}
