import type { SearchHit } from '@verdant/contract';
import type { BatchHitRow, BoxHitRow, PlaceRow, PlantHitRow, SubBoxHitRow } from './search.repository.js';
import type { ProblemMatch } from '../plant_problems/index.js';

/** "Room · Grid · Box" — the box by its custom name, else its position. */
function place(r: PlaceRow): string | null {
  const box = r.grid_box_id === null ? null : r.box_name || `${r.x},${r.y}`;
  const parts = [r.room_name, r.grid_name, box].filter((p): p is string => !!p);
  return parts.length ? parts.join(' · ') : null;
}

const where = (r: PlaceRow) => ({ RoomID: r.room_id, GridID: r.grid_id, GridBoxID: r.grid_box_id });

export const plantHit = (r: PlantHitRow): SearchHit => ({
  type: 'plant', id: r.plant_id, label: r.plant_uid, sublabel: place(r), plant_uid: r.plant_uid, ...where(r),
});

export const gridBoxHit = (r: BoxHitRow): SearchHit => ({
  type: 'gridbox', id: r.grid_box_id, label: r.box_name ?? '', sublabel: place({ ...r, box_name: null, grid_box_id: null }), ...where(r),
});

export const subGridboxHit = (r: SubBoxHitRow): SearchHit => ({
  type: 'subgridbox', id: r.sub_gridbox_id, label: r.sub_name ?? '', sublabel: place(r),
  ...(r.plant_uid ? { plant_uid: r.plant_uid } : {}), ...where(r),
});

export const batchHit = (r: BatchHitRow): SearchHit => ({
  type: 'batch', id: r.batch_id, label: r.batch_number,
  sublabel: [r.batch_status, r.strain_name].filter(Boolean).join(' · ') || null, BatchID: r.batch_id,
});

/** A plant problem by the name the caller reads; the category (and the stored English name when it differs) below. */
export const problemHit = (r: ProblemMatch): SearchHit => ({
  type: 'problem', id: r.problem_id, label: r.display_name,
  sublabel: [r.category_label, r.display_name === r.name ? '' : r.name].filter(Boolean).join(' · ') || null, ProblemID: r.problem_id,
});
