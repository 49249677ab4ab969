import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.js';

/** Batches, their statuses, links and moves, trays and tray templates. */

export interface BatchTable {
  batch_id: Generated<number>;
  company_id: number;
  batch_number: string;
  number_of_plants: Generated<number>;
  strain_name: Generated<string>;
  batch_status: Generated<string>;
  color: string | null;
  pre_books: Generated<number>;
  start_date: string | null;
  end_date: string | null;
  harvested_at: Timestamp | null;
  harvested_by: number | null;
  harvest_wet_weight: number | null;
  harvest_dry_weight: number | null;
  harvest_unit: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BatchStatusHistoryTable {
  id: Generated<number>;
  company_id: number;
  batch_id: number;
  from_status: string | null;
  to_status: string;
  changed_by: number | null;
  changed_at: Timestamp;
}

export interface CustomBatchStatusTable {
  id: Generated<number>;
  company_id: number;
  status_name: string;
  created_at: Timestamp;
}

export interface RoomBatchTable {
  company_id: number;
  room_id: number;
  batch_id: number;
  linked_at: Timestamp;
  linked_by: number | null;
  unlinked_at: Timestamp | null;
}

export interface GridBatchTable {
  company_id: number;
  grid_id: number;
  batch_id: number;
  linked_at: Timestamp;
  linked_by: number | null;
}

export interface GridboxBatchTable {
  company_id: number;
  grid_box_id: number;
  batch_id: number;
  linked_at: Timestamp;
  linked_by: number | null;
}

export interface BatchRoomMoveTable {
  id: Generated<number>;
  company_id: number;
  batch_id: number;
  old_room_id: number | null;
  new_room_id: number | null;
  moved_by: number | null;
  moved_at: Timestamp;
}

export interface PlantBatchTable {
  company_id: number;
  plant_id: number;
  batch_id: number;
  linked_at: Timestamp;
  linked_by: number | null;
}

export interface TrayTemplateTable {
  template_id: Generated<number>;
  company_id: number;
  template_name: string;
  number_of_plants: number;
  description: string | null;
  default_batch_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface TrayTable {
  tray_id: Generated<number>;
  company_id: number;
  tray_name: string;
  number_of_plants: number;
  batch_id: number | null;
  template_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
