import type { Batch } from '@verdant/contract';
import type { BatchRow } from './batches.repository.js';
import { iso, isoOrNull } from '../../lib/iso.js';

/** The only snake_case → wire translation of a batch. */
export function toBatch(row: BatchRow): Batch {
  return {
    BatchID: row.batch_id,
    BatchNumber: row.batch_number,
    NumberOfPlants: row.number_of_plants,
    StrainName: row.strain_name,
    BatchStatus: row.batch_status,
    Color: row.color,
    company_id: row.company_id,
    PreBooks: row.pre_books,
    StartDate: row.start_date,
    EndDate: row.end_date,
    Harvested: row.harvested_at !== null,
    HarvestedAt: isoOrNull(row.harvested_at),
    HarvestedBy: row.harvested_by,
    HarvestWetWeight: row.harvest_wet_weight,
    HarvestDryWeight: row.harvest_dry_weight,
    HarvestUnit: row.harvest_unit,
    CropID: row.crop_id,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

export const toRoomRef = (r: { room_id: number; name: string; linked_at: Date }) => ({ RoomID: r.room_id, Name: r.name, linked_at: iso(r.linked_at) });

export function toLink(r: { batch_id: number; linked_at: Date; linked_by: number | null; room_id?: number; grid_id?: number; grid_box_id?: number }) {
  return {
    batch_id: r.batch_id,
    ...(r.room_id !== undefined ? { room_id: r.room_id } : {}),
    ...(r.grid_id !== undefined ? { grid_id: r.grid_id } : {}),
    ...(r.grid_box_id !== undefined ? { grid_box_id: r.grid_box_id } : {}),
    linked_at: iso(r.linked_at),
    linked_by: r.linked_by,
  };
}

export const toMove = (m: { batch_id: number; old_room_id: number | null; new_room_id: number | null; moved_by: number | null; moved_at: Date }) => ({
  batch_id: m.batch_id,
  old_room_id: m.old_room_id,
  new_room_id: m.new_room_id,
  moved_by: m.moved_by,
  moved_at: iso(m.moved_at),
});
