import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.js';

/** Rooms, grids, grid boxes, sub-boxes, plants and their moves, scans, grid templates. */

export interface RoomTable {
  room_id: Generated<number>;
  company_id: number;
  name: string;
  description: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  scanned: Generated<boolean>;
  scanned_at: Timestamp | null;
  last_scanned_by: number | null;
  whiteboard_image: string | null;
  start_scroll: Generated<number>;
}

export interface RoomWhiteboardTable {
  whiteboard_id: Generated<number>;
  company_id: number;
  room_id: number;
  image_key: string;
  thumb_key: string;
  uploaded_by: number | null;
  uploaded_at: Timestamp;
}

export interface GridTable {
  grid_id: Generated<number>;
  company_id: number;
  name: string;
  description: Generated<string>;
  nx: number;
  ny: number;
  image_name: string | null;
  image_thumb: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  scanned: Generated<boolean>;
  scanned_at: Timestamp | null;
  last_scanned_by: number | null;
}

export interface RoomGridTable {
  id: Generated<number>;
  company_id: number;
  room_id: number;
  grid_id: number;
}

export interface GridBoxTable {
  grid_box_id: Generated<number>;
  company_id: number;
  grid_id: number;
  x: number;
  y: number;
  color: string | null;
  status: string | null;
  content: string | null;
  image_name: string | null;
  custom_name: string | null;
  culled: Generated<boolean>;
  culled_at: Timestamp | null;
  culled_by: number | null;
}

export interface ScoutingRoundTable {
  round_id: Generated<number>;
  company_id: number;
  started_at: Timestamp;
  started_by: number | null;
}

export interface ScanMarkTable {
  mark_id: Generated<number>;
  company_id: number;
  round_id: number | null;
  room_id: number | null;
  grid_id: number | null;
  user_id: number | null;
  scanned_at: Timestamp;
}

export interface PlantTable {
  plant_id: Generated<number>;
  plant_uid: string;
  company_id: number;
  created_at: Timestamp;
  created_by: number | null;
}

export interface SubGridboxTable {
  sub_gridbox_id: Generated<number>;
  company_id: number;
  parent_gridbox_id: number;
  subx: number;
  suby: number;
  custom_name: string | null;
  plant_id: number | null;
  color: string | null;
  status: string | null;
  content: string | null;
  image_name: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface PlantMovementTable {
  movement_id: Generated<number>;
  company_id: number;
  plant_id: number;
  from_sub_gridbox_id: number | null;
  to_sub_gridbox_id: number | null;
  from_gridbox_id: number | null;
  to_gridbox_id: number | null;
  from_room_id: number | null;
  to_room_id: number | null;
  batch_id: number | null;
  movement_reason: string | null;
  notes: string | null;
  moved_by: number | null;
  moved_at: Timestamp;
}

export interface GridTemplateTable {
  template_id: Generated<number>;
  company_id: number;
  template_name: string;
  template_type: 'Grid' | 'SubGrid';
  rows: number;
  columns: number;
  description: string | null;
  created_by: number | null;
  created_at: Timestamp;
}
