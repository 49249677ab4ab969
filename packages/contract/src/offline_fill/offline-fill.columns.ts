import { z } from 'zod';
import {
  gridBoxDisplayName,
  subGridboxDisplayName,
  SUB_GRIDBOX_MAX_ALLOWED,
  type ParentGridbox as ParentGridboxSchema,
  type SubGridbox,
} from '../sub_gridboxes/sub-gridboxes.schemas.js';
import type { LinkedPlant } from '../plants/plants.schemas.js';

/**
 * The room bundle's sub-boxes in columns (issue 19): a grid's boxes and their live sub-boxes, one array per
 * field instead of one object per box and per sub-box (29 MB of JSON for a 4,000-box room became a tenth of
 * it). The device stores a grid's columns as they came and rebuilds one box's GET /get_sub_gridboxes answer
 * when its panel opens offline (`subGridboxesAnswerOf`), the same JSON the single endpoint answers.
 */

/** A text column that is mostly empty: its non-null values and their rows, ascending (absent: every row null). */
const Sparse = z.object({ at: z.array(z.number().int().nonnegative()), value: z.array(z.string()) }).optional();
export type SparseColumn = z.infer<typeof Sparse>;

export const OfflineGridSubBoxes = z.object({
  grid_id: z.number(),
  /** The parents' RoomID (the grid's room). */
  room_id: z.number().nullable(),
  /** The grid's boxes, by id. */
  boxes: z.object({
    id: z.array(z.number()),
    x: z.array(z.number()),
    y: z.array(z.number()),
    /** How many live sub-boxes each box has: the sub-boxes' columns list them box after box. */
    subs: z.array(z.number().int().nonnegative()),
    custom_name: Sparse,
    color: Sparse,
    status: Sparse,
    /** The rows of culled boxes. */
    culled: z.array(z.number().int().nonnegative()),
  }),
  /** Each box's live sub-boxes in the order its single read lists them (row, column, id). */
  subs: z.object({
    id: z.array(z.number()),
    x: z.array(z.number()),
    y: z.array(z.number()),
    plant_id: z.array(z.number().nullable()),
    plant_uid: z.array(z.string().nullable()),
    custom_name: Sparse,
    color: Sparse,
    status: Sparse,
    content: Sparse,
    image_name: Sparse,
    /** Indexes into `times`: created and updated instants (ISO 8601), each told once. */
    created: z.array(z.number().int().nonnegative()),
    updated: z.array(z.number().int().nonnegative()),
  }),
  times: z.array(z.string()),
});
export type OfflineGridSubBoxes = z.infer<typeof OfflineGridSubBoxes>;

/** Builds a sparse column from a column's values (undefined when all are null). */
export function sparseColumn(values: ReadonlyArray<string | null>): SparseColumn {
  const at: number[] = [];
  const value: string[] = [];
  values.forEach((v, i) => {
    if (v === null) return;
    at.push(i);
    value.push(v);
  });
  return at.length ? { at, value } : undefined;
}

/** A sparse column's value at a row (binary search: `at` ascends). */
export function sparseAt(column: SparseColumn, row: number): string | null {
  if (!column) return null;
  let lo = 0;
  let hi = column.at.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = column.at[mid]!;
    if (at === row) return column.value[mid] ?? null;
    if (at < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

type ParentGridbox = z.infer<typeof ParentGridboxSchema>;

export interface SubGridboxesAnswer {
  status: 'success';
  parent_gridbox: ParentGridbox;
  total_count: number;
  max_allowed: number;
  sub_gridboxes: SubGridbox[];
}

/** One box's GET /get_sub_gridboxes answer (include_deleted false) out of its grid's columns; undefined when the grid has no such box. */
export function subGridboxesAnswerOf(grid: OfflineGridSubBoxes, boxId: number): SubGridboxesAnswer | undefined {
  const { boxes, subs } = grid;
  const row = boxes.id.indexOf(boxId);
  if (row < 0) return undefined;
  let from = 0;
  for (let i = 0; i < row; i++) from += boxes.subs[i] ?? 0;
  const count = boxes.subs[row] ?? 0;
  const x = boxes.x[row]!;
  const y = boxes.y[row]!;
  const boxName = sparseAt(boxes.custom_name, row);
  const sub_gridboxes: SubGridbox[] = [];
  for (let i = from; i < from + count; i++) {
    const customName = sparseAt(subs.custom_name, i);
    sub_gridboxes.push({
      Sub_gridboxID: subs.id[i]!,
      ParentGridboxID: boxId,
      CustomName: customName,
      SubX: subs.x[i]!,
      SubY: subs.y[i]!,
      PlantID: subs.plant_id[i] ?? null,
      plant_uid: subs.plant_uid[i] ?? null,
      Color: sparseAt(subs.color, i),
      Status: sparseAt(subs.status, i),
      Content: sparseAt(subs.content, i),
      ImageName: sparseAt(subs.image_name, i),
      display_name: subGridboxDisplayName(customName, subs.x[i]!, subs.y[i]!),
      deleted: false,
      CreatedDateTime: grid.times[subs.created[i]!]!,
      UpdatedDateTime: grid.times[subs.updated[i]!]!,
    });
  }
  return {
    status: 'success',
    parent_gridbox: {
      id: boxId,
      GridID: grid.grid_id,
      RoomID: grid.room_id,
      X: x,
      Y: y,
      CustomName: boxName,
      Color: sparseAt(boxes.color, row),
      Status: sparseAt(boxes.status, row),
      culled: boxes.culled.includes(row),
      display_name: gridBoxDisplayName(boxName, x, y),
    },
    total_count: count,
    max_allowed: SUB_GRIDBOX_MAX_ALLOWED,
    sub_gridboxes,
  };
}

/**
 * The batches bundle's plants of one batch in columns (issue 19): GET /get_all_plants_linked_to_batch's answer
 * with each place (room, grid, box) and each instant told once, ~2,560 plants a batch at 100 ha (a tenth of its JSON).
 * `batchPlantsAnswerOf` gives the single endpoint's answer back, which the device stores as it.
 */
export const OfflineBatchPlants = z.object({
  batch_id: z.number(),
  harvested: z.boolean(),
  /** The places plants are in, each once. */
  places: z.object({
    room_id: z.array(z.number().nullable()),
    room_name: z.array(z.string().nullable()),
    grid_id: z.array(z.number().nullable()),
    grid_name: z.array(z.string().nullable()),
    box_id: z.array(z.number().nullable()),
    box_name: z.array(z.string().nullable()),
  }),
  /** The batch's plants in the single read's order. */
  plants: z.object({
    id: z.array(z.number()),
    uid: z.array(z.string()),
    /** Index into `times`. */
    linked_at: z.array(z.number().int().nonnegative()),
    linked_by: z.array(z.number().nullable()),
    /** Index into `places`. */
    place: z.array(z.number().int().nonnegative()),
    sub_id: z.array(z.number().nullable()),
    sub_name: z.array(z.string().nullable()),
  }),
  times: z.array(z.string()),
});
export type OfflineBatchPlants = z.infer<typeof OfflineBatchPlants>;

export interface BatchPlantsAnswer {
  status: 'success';
  batch_id: number;
  harvested: boolean;
  total_count: number;
  plants: LinkedPlant[];
}

/** A batch's plants answer in columns (the server's side of `batchPlantsAnswerOf`). */
export function batchPlantsColumns(answer: Omit<BatchPlantsAnswer, 'status'>): OfflineBatchPlants {
  const places: OfflineBatchPlants['places'] = { room_id: [], room_name: [], grid_id: [], grid_name: [], box_id: [], box_name: [] };
  const placeIndex = new Map<string, number>();
  const times: string[] = [];
  const timeIndex = new Map<string, number>();
  const plants: OfflineBatchPlants['plants'] = { id: [], uid: [], linked_at: [], linked_by: [], place: [], sub_id: [], sub_name: [] };
  for (const p of answer.plants) {
    const key = JSON.stringify([p.RoomID, p.RoomName, p.GridID, p.GridName, p.GridBoxID, p.BoxName]);
    let place = placeIndex.get(key);
    if (place === undefined) {
      place = places.room_id.push(p.RoomID) - 1;
      places.room_name.push(p.RoomName);
      places.grid_id.push(p.GridID);
      places.grid_name.push(p.GridName);
      places.box_id.push(p.GridBoxID);
      places.box_name.push(p.BoxName);
      placeIndex.set(key, place);
    }
    let time = timeIndex.get(p.linked_at);
    if (time === undefined) {
      time = times.push(p.linked_at) - 1;
      timeIndex.set(p.linked_at, time);
    }
    plants.id.push(p.plant_id);
    plants.uid.push(p.plant_uid);
    plants.linked_at.push(time);
    plants.linked_by.push(p.linked_by);
    plants.place.push(place);
    plants.sub_id.push(p.Sub_gridboxID);
    plants.sub_name.push(p.SubGridboxName);
  }
  return { batch_id: answer.batch_id, harvested: answer.harvested, places, plants, times };
}

/** GET /get_all_plants_linked_to_batch's answer out of a batch's plants in columns. */
export function batchPlantsAnswerOf(part: OfflineBatchPlants): BatchPlantsAnswer {
  const { places, plants } = part;
  return {
    status: 'success',
    batch_id: part.batch_id,
    harvested: part.harvested,
    total_count: plants.id.length,
    plants: plants.id.map((id, i) => {
      const at = plants.place[i]!;
      return {
        plant_id: id,
        plant_uid: plants.uid[i]!,
        linked_at: part.times[plants.linked_at[i]!]!,
        linked_by: plants.linked_by[i] ?? null,
        RoomID: places.room_id[at] ?? null,
        RoomName: places.room_name[at] ?? null,
        GridID: places.grid_id[at] ?? null,
        GridName: places.grid_name[at] ?? null,
        GridBoxID: places.box_id[at] ?? null,
        BoxName: places.box_name[at] ?? null,
        Sub_gridboxID: plants.sub_id[i] ?? null,
        SubGridboxName: plants.sub_name[i] ?? null,
      };
    }),
  };
}
