import { gridBoxDisplayName, type RoomSamplePlant, type RoomWithGrids, type Tray } from '@verdant/contract';
import { paths, type PlaceKind } from '../../../lib/paths';

/** What a label is of: a place, or a sample plant of crop registration (issue 24). */
export type LabelKind = PlaceKind | 'sample_plant';

/** What one label shows: the place's name, where it is, and the link its QR code holds. */
export interface LabelItem {
  kind: LabelKind;
  id: number;
  name: string;
  /** "Room › Grid" for boxes, the room for grids, the batch for trays. */
  where: string | null;
  /** "X 3 · Y 7" for boxes. */
  position: { x: number; y: number } | null;
  /** The app path the QR code opens when it is not the place's own: a sample plant's opens its registration on the phone. */
  link?: string;
}

/** What the user ticked: place ids per kind. */
export interface LabelSelection {
  rooms: ReadonlySet<number>;
  grids: ReadonlySet<number>;
  boxes: ReadonlySet<number>;
  trays: ReadonlySet<number>;
  /** Sample plants (by sample_plant_id) of the room chosen under "Sample plants". */
  samplePlants: ReadonlySet<number>;
}

export const emptySelection = (): LabelSelection => ({ rooms: new Set(), grids: new Set(), boxes: new Set(), trays: new Set(), samplePlants: new Set() });

/** A sheet holds at most this many labels (QR codes are made in the browser; 20 A4 pages of small labels). */
export const LABELS_MAX = 1300;

/**
 * The labels of a selection in the order they sit on the floor: room by room, the room's label, then each
 * grid's label followed by its boxes row by row (Y then X); trays by name; sample plants last, in walking order
 * (their QR code opens the plant's registration). Culled boxes get none.
 */
export function labelItems(rooms: readonly RoomWithGrids[], trays: readonly Tray[], sel: LabelSelection, samplePlants: readonly RoomSamplePlant[] = []): LabelItem[] {
  const out: LabelItem[] = [];
  for (const room of rooms) {
    if (sel.rooms.has(room.RoomID)) out.push({ kind: 'room', id: room.RoomID, name: room.Name, where: null, position: null });
    for (const grid of room.grids) {
      if (sel.grids.has(grid.id)) out.push({ kind: 'grid', id: grid.id, name: grid.Name, where: room.Name, position: null });
      const boxes = grid.grid_boxes.filter((b) => !b.culled && sel.boxes.has(b.id)).sort((a, b) => a.Y - b.Y || a.X - b.X);
      for (const b of boxes) {
        out.push({ kind: 'box', id: b.id, name: gridBoxDisplayName(b.CustomName, b.X, b.Y), where: `${room.Name} › ${grid.Name}`, position: { x: b.X, y: b.Y } });
      }
    }
  }
  const chosenTrays = trays.filter((t) => sel.trays.has(t.tray_id)).sort((a, b) => a.tray_name.localeCompare(b.tray_name));
  for (const t of chosenTrays) out.push({ kind: 'tray', id: t.tray_id, name: t.tray_name, where: t.batch_number, position: null });
  for (const p of samplePlants) {
    if (!sel.samplePlants.has(p.sample_plant_id)) continue;
    out.push({
      kind: 'sample_plant', id: p.sample_plant_id, name: p.label, where: `${p.crop_name} › ${p.grid_name}`, position: { x: p.x, y: p.y },
      link: paths.cropWalkPlant(p.planting_id, p.sample_plant_id),
    });
  }
  return out;
}

/** The boxes of a grid that can carry a label (culled ones are gone from the floor). */
export function liveBoxIds(grid: RoomWithGrids['grids'][number]): number[] {
  return grid.grid_boxes.filter((b) => !b.culled).map((b) => b.id);
}

/** The selection a label page opens with: `?grid=` ticks that grid and all its boxes, `?room=` the room and its grids. */
export function initialSelection(rooms: readonly RoomWithGrids[], from: { roomId?: number; gridId?: number }): LabelSelection {
  const sel = emptySelection() as { rooms: Set<number>; grids: Set<number>; boxes: Set<number>; trays: Set<number>; samplePlants: Set<number> };
  for (const room of rooms) {
    if (room.RoomID === from.roomId) {
      sel.rooms.add(room.RoomID);
      for (const g of room.grids) sel.grids.add(g.id);
    }
    for (const g of room.grids) {
      if (g.id === from.gridId) {
        sel.grids.add(g.id);
        for (const id of liveBoxIds(g)) sel.boxes.add(id);
      }
    }
  }
  return sel;
}
