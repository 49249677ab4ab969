import { gridBoxDisplayName, subGridboxDisplayName, type LinkedBatch, type LinkedPlant } from '@verdant/contract';
import type { LinkedBatchRow, LinkedPlantRow } from './plants.repository.js';
import { iso, isoOrNull } from '../../lib/iso.js';

export const toLinkedBatch = (r: LinkedBatchRow): LinkedBatch => ({
  batch_id: r.batch_id,
  BatchNumber: r.batch_number,
  StrainName: r.strain_name,
  BatchStatus: r.batch_status,
  StartDate: r.start_date,
  EndDate: r.end_date,
  harvested: r.harvested_at !== null,
  harvested_at: isoOrNull(r.harvested_at),
  linked_at: iso(r.linked_at),
  linked_by: r.linked_by,
});

export const toLinkedPlant = (r: LinkedPlantRow): LinkedPlant => ({
  plant_id: r.plant_id,
  plant_uid: r.plant_uid,
  linked_at: iso(r.linked_at),
  linked_by: r.linked_by,
  RoomID: r.room_id,
  RoomName: r.room_name,
  GridID: r.grid_id,
  GridName: r.grid_name,
  GridBoxID: r.grid_box_id,
  BoxName: r.x === null || r.y === null ? null : gridBoxDisplayName(r.box_custom_name, r.x, r.y),
  Sub_gridboxID: r.sub_gridbox_id,
  SubGridboxName: r.subx === null || r.suby === null ? null : subGridboxDisplayName(r.sub_custom_name, r.subx, r.suby),
});
