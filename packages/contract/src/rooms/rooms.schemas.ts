import { z } from 'zod';

/** ISO-8601 UTC timestamps ('…Z'), or null when the event has not happened. */
const When = z.string();
const MaybeWhen = z.string().nullable();

/** Where something is, by id and name; all null when it is nowhere. BoxName: the box's custom name, else `x,y`. */
export const PlaceFields = {
  RoomID: z.number().nullable(),
  RoomName: z.string().nullable(),
  GridID: z.number().nullable(),
  GridName: z.string().nullable(),
  GridBoxID: z.number().nullable(),
  BoxName: z.string().nullable(),
};

/** A plant position, with the wire's field names (also the offline database's `grid_boxes` fields). */
export const GridBoxSchema = z.object({
  id: z.number(),
  GridID: z.number(),
  X: z.number(),
  Y: z.number(),
  Color: z.string().nullable(),
  Status: z.string().nullable(),
  Content: z.string().nullable(),
  ImageName: z.string().nullable(),
  CustomName: z.string().nullable(),
  culled: z.boolean(),
  /**
   * Verdant extension for the map's markers: live sub-boxes of the box, and how many of them hold a plant
   * (plants live in sub-boxes). The server always sends both; optional because copies of a room kept on a
   * device before they existed lack them (read as 0).
   */
  SubGridboxCount: z.number().optional(),
  PlantCount: z.number().optional(),
  /**
   * Verdant extension: while a treatment's re-entry interval runs on the box, when it ends (ISO UTC);
   * absent when nobody has to keep out (docs/decisions.md, "Treatments on the map and at harvest").
   */
  NoEntryUntil: z.string().optional(),
});
export type GridBox = z.infer<typeof GridBoxSchema>;

export const GridSchema = z.object({
  id: z.number(),
  Name: z.string(),
  CompanyID: z.number(),
  Description: z.string(),
  ImageName: z.string().nullable(),
  Scanned: z.boolean(),
  ScannedDateTime: MaybeWhen,
  LastScannedBy: z.number().nullable(),
  CreatedDateTime: When,
  UpdatedDateTime: When,
  /** Columns and rows: boxes sit at X 1..nx, Y 1..ny. */
  nx: z.number(),
  ny: z.number(),
  /**
   * Verdant extension (issue 22): a cell's physical area in m² (set by POST /set_grid_cell_size), from which an
   * application's treated area is worked out; null when not set. Optional: copies kept on a device before it existed lack it.
   */
  cell_area_m2: z.number().nullable().optional(),
});
export type Grid = z.infer<typeof GridSchema>;

export const RoomSchema = z.object({
  RoomID: z.number(),
  CompanyID: z.number(),
  Name: z.string(),
  Description: z.string(),
  CreatedDateTime: When,
  UpdatedDateTime: When,
  Scanned: z.boolean(),
  ScannedDateTime: MaybeWhen,
  LastScannedBy: z.number().nullable(),
  /** Storage key of the latest whiteboard photo; fetch it through GET /image?key=. */
  WhiteboardImage: z.string().nullable(),
  StartScroll: z.number(),
});
export type Room = z.infer<typeof RoomSchema>;

export const GridWithBoxesSchema = GridSchema.extend({ grid_boxes: z.array(GridBoxSchema) });
export const RoomWithGridsSchema = RoomSchema.extend({ grids: z.array(GridWithBoxesSchema) });
export type RoomWithGrids = z.infer<typeof RoomWithGridsSchema>;

/** An uploaded image as the API hands it out: URLs of the re-encoded image and its thumbnail. */
export const ImageLinks = z.object({ image_url: z.string(), thumb_url: z.string() });

export const WhiteboardSchema = ImageLinks.extend({
  whiteboard_id: z.number(),
  room_id: z.number(),
  uploaded_at: When,
  uploaded_by: z.number().nullable(),
  uploaded_by_name: z.string().nullable(),
});
export type Whiteboard = z.infer<typeof WhiteboardSchema>;

/** Names of rooms, grids and boxes: trimmed, at most this long. */
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;
/** Create_grid bounds on nx and ny (a 500×500 grid is 250,000 boxes). */
export const GRID_SIDE_MAX = 500;
