import type { GridBox, PlantHistoryEntry } from '@verdant/contract';
import type { GridBoxRow, HistoryRow } from './grid-boxes.repository.js';
import { fullName } from '../../lib/full-name.js';
import { iso, isoOrNull } from '../../lib/iso.js';

export function toGridBox(row: GridBoxRow): GridBox {
  return {
    id: row.grid_box_id,
    GridID: row.grid_id,
    X: row.x,
    Y: row.y,
    Color: row.color,
    Status: row.status,
    Content: row.content,
    ImageName: row.image_name,
    CustomName: row.custom_name,
    culled: row.culled,
  };
}

export function toCulledGridBox(row: GridBoxRow) {
  return { ...toGridBox(row), CulledDateTime: isoOrNull(row.culled_at), CulledBy: row.culled_by };
}

export function toNamedGridBox(row: Pick<GridBoxRow, 'grid_box_id' | 'grid_id' | 'x' | 'y' | 'custom_name'>) {
  return { id: row.grid_box_id, GridID: row.grid_id, X: row.x, Y: row.y, CustomName: row.custom_name ?? '' };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** One history line; `boxId` decides whether a move went into or out of this box. */
export function toHistoryEntry(r: HistoryRow, boxId: number): PlantHistoryEntry {
  const at = iso(r.at);
  const base = { date: at.slice(0, 10), at, user_id: r.user_id, user_name: fullName(r.first_name, r.last_name) };
  if (r.source === 'movement') {
    const into = r.to_gridbox_id === boxId;
    return {
      ...base,
      kind: into ? 'plant_moved_in' : 'plant_moved_out',
      plant_uid: r.plant_uid,
      description: `Plant ${r.plant_uid ?? ''} moved ${into ? 'in' : 'out'}${r.movement_reason ? ` (${r.movement_reason})` : ''}`.replace('  ', ' '),
      details: { from_gridbox_id: r.from_gridbox_id, to_gridbox_id: r.to_gridbox_id, movement_reason: r.movement_reason, notes: r.notes },
    };
  }
  if (r.source === 'form') {
    return { ...base, kind: 'form_submitted', plant_uid: null, description: `Form "${r.label ?? ''}" submitted`, details: { response_id: r.response_id, template_name: r.label } };
  }
  if (r.source === 'observation') {
    return {
      ...base,
      kind: 'problem_observed',
      plant_uid: null,
      description: `${r.label ?? ''} observed${r.severity !== null ? ` (severity ${r.severity})` : ''}`,
      details: { problem: r.label, severity: r.severity, notes: r.notes, response_id: r.response_id },
    };
  }
  if (r.source === 'comment') {
    return { ...base, kind: 'comment', plant_uid: null, description: `Comment: ${r.label ?? ''}`, details: { text: r.label, response_id: r.response_id } };
  }
  if (r.action === 'grid_box.renamed') {
    const to = obj(r.after).CustomName ?? null;
    return {
      ...base,
      kind: 'renamed',
      plant_uid: null,
      description: to ? `Renamed to "${String(to)}"` : 'Name cleared',
      details: { from: obj(r.before).CustomName ?? null, to },
    };
  }
  const culled = r.action === 'grid_box.culled';
  return { ...base, kind: culled ? 'culled' : 'unculled', plant_uid: null, description: culled ? 'Culled' : 'Restored', details: {} };
}
