import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.js';

/**
 * The plant-protection register's tables and the columns it adds to older tables (migration
 * 2026_12_01_0100). The added columns are joined to their tables' types in schema.ts, so the older table
 * files stay as their own domains wrote them.
 */

/** numeric(14,3): read as a number (db/database.ts parser), written as a number or exact decimal text. */
export type Quantity = ColumnType<number, number | string, number | string>;

export interface ActiveSubstanceJson { name: string; concentration: number | null; concentration_unit: string | null }
export interface AuthorisedCropJson { eppo_code: string; bbch_min: number | null; bbch_max: number | null }

export interface SprayProductRegisterColumns {
  authorisation_number: string | null;
  authorisation_country: string | null;
  product_type: string | null;
  active_substances: ColumnType<ActiveSubstanceJson[], string | undefined, string>;
  formulation: string | null;
  unit: string | null;
  max_dose: ColumnType<number | null, number | string | null, number | string | null>;
  max_dose_basis: string | null;
  max_applications_per_cycle: number | null;
  authorised_crops: ColumnType<AuthorisedCropJson[], string | undefined, string>;
  protective_equipment: string | null;
  label_key: string | null;
  label_filename: string | null;
}

export interface BatchCropColumn {
  crop_id: number | null;
}

export interface PlantProblemEppoColumn {
  eppo_code: string | null;
}

export interface CropTable {
  crop_id: Generated<number>;
  company_id: number;
  name: string;
  eppo_code: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CropListSeedTable {
  company_id: number;
  seeded_at: Timestamp;
}

export interface ProblemEppoCodeTable {
  company_id: number;
  problem_id: number;
  eppo_code: string | null;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface StockLevelTable {
  product_id: number;
  company_id: number;
  shortfall: ColumnType<number, number | string | undefined, number | string>;
  low_stock_threshold: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  updated_at: Timestamp;
}

export interface StockLotTable {
  lot_id: Generated<number>;
  company_id: number;
  product_id: number;
  lot_number: string;
  supplier: string | null;
  expiry_date: string | null;
  received_on: string;
  quantity_received: Quantity;
  quantity: Quantity;
  created_by: number | null;
  created_at: Timestamp;
}

export interface StockMovementTable {
  movement_id: Generated<number>;
  company_id: number;
  product_id: number;
  lot_id: number | null;
  kind: 'receipt' | 'application' | 'stocktake' | 'shortfall';
  quantity: Quantity;
  reason: string | null;
  application_id: number | null;
  user_id: number | null;
  created_at: Timestamp;
}

