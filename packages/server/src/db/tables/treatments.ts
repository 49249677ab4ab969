import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.js';

export interface SprayProductTable {
  product_id: Generated<number>;
  company_id: number;
  name: string;
  details: string | null;
  reentry_interval_hours: number | null;
  preharvest_interval_days: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface TreatmentTable {
  treatment_id: Generated<number>;
  company_id: number;
  product_id: number;
  treatment_type: string;
  sub_type: string | null;
  notes: string | null;
  is_deleted: Generated<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One spraying: the re-entry and pre-harvest ends are fixed when it is recorded, from the product's intervals then. */
export interface TreatmentApplicationTable {
  application_id: Generated<number>;
  company_id: number;
  product_id: number;
  application_date: string;
  applied_at: Timestamp | null;
  quantity_used: number;
  reentry_until: Timestamp | null;
  preharvest_until: string | null;
  applied_by: number | null;
  created_at: Timestamp;
}

export interface TreatmentApplicationBoxTable {
  application_id: number;
  grid_box_id: number;
}
