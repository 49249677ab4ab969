import { gridBoxDisplayName, subGridboxDisplayName, type SubGridbox } from '@verdant/contract';
import type { GridboxRow, SubGridboxRow } from './sub-gridboxes.repository.js';
import { iso } from '../../lib/iso.js';

export function toSubGridbox(row: SubGridboxRow): SubGridbox {
  return {
    Sub_gridboxID: row.sub_gridbox_id,
    ParentGridboxID: row.parent_gridbox_id,
    CustomName: row.custom_name,
    SubX: row.subx,
    SubY: row.suby,
    PlantID: row.plant_id,
    plant_uid: row.plant_uid,
    Color: row.color,
    Status: row.status,
    Content: row.content,
    ImageName: row.image_name,
    display_name: subGridboxDisplayName(row.custom_name, row.subx, row.suby),
    deleted: row.deleted_at !== null,
    CreatedDateTime: iso(row.created_at),
    UpdatedDateTime: iso(row.updated_at),
  };
}

export function toParentGridbox(row: GridboxRow) {
  return {
    id: row.grid_box_id,
    GridID: row.grid_id,
    RoomID: row.room_id,
    X: row.x,
    Y: row.y,
    CustomName: row.custom_name,
    Color: row.color,
    Status: row.status,
    culled: row.culled,
    display_name: gridBoxDisplayName(row.custom_name, row.x, row.y),
  };
}
