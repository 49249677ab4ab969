import { gridBoxDisplayName, subGridboxDisplayName, type Movement } from '@verdant/contract';
import type { HistoryRow } from './movement.repository.js';
import { iso } from '../../lib/iso.js';

/** x and y are NOT NULL in grid_boxes: null means no box was joined (and then neither is a name). */
const boxName = (name: string | null, x: number | null, y: number | null) => (x === null || y === null ? null : gridBoxDisplayName(name, x, y));

const subName = (name: string | null, x: number | null, y: number | null) =>
  x === null || y === null ? null : subGridboxDisplayName(name, x, y);

export function toMovement(r: HistoryRow): Movement {
  return {
    movement_id: r.movement_id,
    plant_id: r.plant_id,
    plant_uid: r.plant_uid,
    batch_id: r.batch_id,
    from_room_id: r.from_room_id,
    from_room: r.from_room_name,
    from_gridbox_id: r.from_gridbox_id,
    from_gridbox: boxName(r.from_gb_name, r.from_gb_x, r.from_gb_y),
    from_sub_gridbox_id: r.from_sub_gridbox_id,
    from_sub_gridbox: subName(r.from_sub_name, r.from_subx, r.from_suby),
    to_room_id: r.to_room_id,
    to_room: r.to_room_name,
    to_gridbox_id: r.to_gridbox_id,
    to_gridbox: boxName(r.to_gb_name, r.to_gb_x, r.to_gb_y),
    to_sub_gridbox_id: r.to_sub_gridbox_id,
    to_sub_gridbox: subName(r.to_sub_name, r.to_subx, r.to_suby),
    movement_reason: r.movement_reason,
    notes: r.notes,
    moved_by_user_id: r.moved_by,
    moved_by: r.moved_by_name,
    moved_at: iso(r.moved_at),
  };
}
