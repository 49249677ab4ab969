import { z } from 'zod';
import { Id } from '../common/fields.js';
import { jsonText } from '../common/json-text.js';

/** How many live sub-boxes one grid box may hold; the list answers it as `max_allowed`. */
export const SUB_GRIDBOX_MAX_ALLOWED = 100;
/** A call that does not send `auto_initialize_plants` gets a new plant in each new sub-box. */
export const AUTO_INITIALIZE_PLANTS_DEFAULT = true;

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/** true/false flags that arrive as booleans, numbers or query strings ('true', '1', 'false', '0'). */
export const Bool = z.preprocess((v) => {
  if (typeof v === 'string' && TRUE.has(v.trim().toLowerCase())) return true;
  if (typeof v === 'string' && FALSE.has(v.trim().toLowerCase())) return false;
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
}, z.boolean({ error: 'must be true or false' }));

/**
 * An optional field whose absence the service reports with the spec's own sentence
 * ('Gridbox ID is required'): blank values count as absent, so they get that sentence too.
 */
export const spoken = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A number from 1 up, as positions and sizes are. */
export const Count = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(max, { error: `must be at most ${max}` });

export const Position = z.object({
  subx: Count(10_000),
  suby: Count(10_000),
});
export type Position = z.infer<typeof Position>;

/** JSON bodies carry the list itself; query strings, forms and multipart carry it as JSON text. */
export const CustomPositions = z.preprocess(jsonText, z.array(Position, { error: 'must be a list of {subx, suby}' }).max(SUB_GRIDBOX_MAX_ALLOWED, {
  error: `must list at most ${SUB_GRIDBOX_MAX_ALLOWED} positions`,
}));

const Text = z.string().max(2000, { error: 'must be at most 2000 characters' });

export const SubGridbox = z.object({
  Sub_gridboxID: z.number(),
  ParentGridboxID: z.number(),
  CustomName: z.string().nullable(),
  SubX: z.number(),
  SubY: z.number(),
  PlantID: z.number().nullable(),
  plant_uid: z.string().nullable(),
  Color: z.string().nullable(),
  Status: z.string().nullable(),
  Content: z.string().nullable(),
  ImageName: z.string().nullable(),
  /** CustomName if it is not blank, otherwise `Sub-{x}-{y}`. */
  display_name: z.string(),
  deleted: z.boolean(),
  CreatedDateTime: z.string(),
  UpdatedDateTime: z.string(),
});
export type SubGridbox = z.infer<typeof SubGridbox>;

export const ParentGridbox = z.object({
  id: z.number(),
  GridID: z.number(),
  RoomID: z.number().nullable(),
  X: z.number(),
  Y: z.number(),
  CustomName: z.string().nullable(),
  Color: z.string().nullable(),
  Status: z.string().nullable(),
  culled: z.boolean(),
  /** CustomName if it is not blank, otherwise `X,Y`. */
  display_name: z.string(),
});

export const SubGridboxPatch = z.object({
  custom_name: Text.trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  /** A plant of the company, or empty/null to take the plant out of the sub-box. */
  plant_id: z.preprocess((v) => (v === '' || v === 'null' ? null : v), Id.nullable()).optional(),
  color: Text.max(50, { error: 'must be at most 50 characters' }).optional(),
  status: Text.max(100, { error: 'must be at most 100 characters' }).optional(),
  content: Text.optional(),
  image_name: Text.max(500, { error: 'must be at most 500 characters' }).optional(),
});

export const subGridboxesMessages = {
  gridboxRequired: 'Gridbox ID is required',
  userRequired: 'user_id is required',
  sizeOrPositions: 'Send numeric nx and ny, or custom_positions.',
  duplicateInRequest: 'custom_positions lists a position twice.',
  nothingToUpdate: 'Send at least one of custom_name, plant_id, color, status, content, image_name.',
  created: 'Sub-grid boxes created.',
  updated: 'Sub-grid box updated.',
  deleted: 'Sub-grid box deleted.',
  createFailed: 'Failed to Create Sub Gridbox',
  getFailed: 'Failed to Get Sub Gridboxes',
  deleteFailed: 'Failed to Delete Sub Gridbox',
  updateFailed: 'Failed to Update Sub Gridbox',
} as const;

/** 'This grid box can hold at most 100 sub-boxes; it has 98.' */
export const tooManySubGridboxes = (max: number, has: number) =>
  `This grid box can hold at most ${max} sub-boxes; it has ${has}.`;

/** 'Position (2, 3) is already taken in this grid box.' */
export const positionTaken = (p: Position) => `Position (${p.subx}, ${p.suby}) is already taken in this grid box.`;

export const subGridboxDisplayName = (customName: string | null, subx: number, suby: number) =>
  customName && customName.trim() ? customName : `Sub-${subx}-${suby}`;

/** A grid box's name in lists and history: its custom name if not blank, else its position `x,y`. */
export const gridBoxDisplayName = (customName: string | null, x: number, y: number) =>
  customName && customName.trim() ? customName : `${x},${y}`;
