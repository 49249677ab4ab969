import { z } from 'zod';
import { ListField } from '../common/list-field.js';
import { PlaceFields } from '../rooms/rooms.schemas.js';

/** Plants one link call may name: a full propagation room's worth, not a whole company. */
export const LINK_PLANTS_MAX = 2000;
/** A plant's or batch's links include harvested batches unless the client sends include_harvested=false. */
export const INCLUDE_HARVESTED_DEFAULT = true;

export const PlantUid = z.string().trim().min(1, { error: 'is required' }).max(64, { error: 'must be at most 64 characters' });

export const PlantUids = ListField(PlantUid, { max: LINK_PLANTS_MAX, what: 'plant uids' }).pipe(
  z.array(z.string()).min(1, { error: 'must be a non-empty list of plant uids' }),
);

/** A batch as a plant's batch list shows it (the batch's own wire names). */
export const LinkedBatch = z.object({
  batch_id: z.number(),
  BatchNumber: z.string(),
  StrainName: z.string(),
  BatchStatus: z.string(),
  StartDate: z.string().nullable(),
  EndDate: z.string().nullable(),
  harvested: z.boolean(),
  harvested_at: z.string().nullable(),
  linked_at: z.string(),
  linked_by: z.number().nullable(),
});
export type LinkedBatch = z.infer<typeof LinkedBatch>;

/** A plant of a batch and where it stands now (all place fields null when it is in no sub-box). */
export const LinkedPlant = z.object({
  plant_id: z.number(),
  plant_uid: z.string(),
  linked_at: z.string(),
  linked_by: z.number().nullable(),
  ...PlaceFields,
  Sub_gridboxID: z.number().nullable(),
  /** CustomName if not blank, else `Sub-{x}-{y}`. */
  SubGridboxName: z.string().nullable(),
});
export type LinkedPlant = z.infer<typeof LinkedPlant>;

export const plantsMessages = {
  linked: 'Plants linked to the batch.',
  plantNotFound: (uid: string) => `Plant ${uid} not found.`,
  harvested: 'This batch has been harvested, so its plants can no longer change.',
} as const;
