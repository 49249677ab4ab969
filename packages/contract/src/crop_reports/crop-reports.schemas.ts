import { z } from 'zod';
import { Id } from '../common/fields.js';
import { ListField, absentIfBlank } from '../common/list-field.js';
import { STATUS_NAME_MAX, STRAIN_NAME_MAX } from '../batches/batch.schemas.js';

/** Plant count `group_by` values (spec-2 §9); `crop` when not sent. */
export const PLANT_COUNT_GROUPS = ['crop', 'room', 'status'] as const;
export type PlantCountGroup = (typeof PLANT_COUNT_GROUPS)[number];
export const PLANT_COUNT_GROUP_DEFAULT: PlantCountGroup = 'crop';

/**
 * Statuses after which a batch holds no plants any more: plant counts by crop or room and crop
 * availability leave such batches out (and harvested ones whatever their status).
 */
export const FINISHED_BATCH_STATUSES = ['Harvested', 'Destroyed'] as const;

export const CROP_REPORT_MAX_STATUSES = 100;
export const CROP_REPORT_MAX_STRAINS = 200;
export const CROP_REPORT_MAX_ROOMS = 1000;
export const CROP_REPORT_MAX_BATCHES = 5000;

const StatusItem = z.string().trim().min(1, { error: 'is required' }).max(STATUS_NAME_MAX, { error: `must be at most ${STATUS_NAME_MAX} characters` });
const StrainItem = z.string().trim().min(1, { error: 'is required' }).max(STRAIN_NAME_MAX, { error: `must be at most ${STRAIN_NAME_MAX} characters` });

/** A non-empty list of status names: an array, a JSON list as text, or comma-separated text. */
export const BatchStatusList = ListField(StatusItem, { max: CROP_REPORT_MAX_STATUSES, what: 'batch statuses' }).pipe(
  z.array(z.string()).min(1, { error: 'must be a non-empty list of batch statuses' }),
);
/** A non-empty list of strain (variety) names; send a JSON list when a name holds a comma. */
export const StrainNameList = ListField(StrainItem, { max: CROP_REPORT_MAX_STRAINS, what: 'strain names' }).pipe(
  z.array(z.string()).min(1, { error: 'must be a non-empty list of strain names' }),
);
export const RoomIdFilter = absentIfBlank(ListField(Id, { max: CROP_REPORT_MAX_ROOMS, what: 'room ids' }));
export const BatchIdFilter = absentIfBlank(ListField(Id, { max: CROP_REPORT_MAX_BATCHES, what: 'batch ids' }));
export const GroupBy = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(PLANT_COUNT_GROUPS, { error: `must be one of: ${PLANT_COUNT_GROUPS.join(', ')}` }).default(PLANT_COUNT_GROUP_DEFAULT),
);

const Totals = { batches: z.number(), plants: z.number(), pre_books: z.number() };

/** One batch in the crop status report: where it is and since when it has had its status. */
export const CropStatusBatch = z.object({
  batch_id: z.number(),
  batch_number: z.string(),
  strain_name: z.string(),
  batch_status: z.string(),
  number_of_plants: z.number(),
  pre_books: z.number(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  harvested: z.boolean(),
  /** When the batch got its current status (its creation when it never changed). */
  status_since: z.string(),
  rooms: z.array(z.object({ room_id: z.number(), name: z.string() })),
});
export type CropStatusBatch = z.infer<typeof CropStatusBatch>;

/** Per requested status, in the order asked; a status no batch has counts zero. */
export const CropStatusSummary = z.object({ batch_status: z.string(), ...Totals });
export type CropStatusSummary = z.infer<typeof CropStatusSummary>;

/**
 * One group of the plant count: `group` is the strain name (crop, '' for none), the room's name
 * (room, with `room_id`) or the status. Trays count with their batch's group.
 */
export const PlantCountRow = z.object({
  group: z.string(),
  room_id: z.number().nullable(),
  ...Totals,
  trays: z.number(),
  tray_plants: z.number(),
});
export type PlantCountRow = z.infer<typeof PlantCountRow>;

/** Totals over the distinct batches counted (a batch in two rooms counts once here). */
export const PlantCountSummary = z.object({
  group_by: z.enum(PLANT_COUNT_GROUPS),
  ...Totals,
  trays: z.number(),
  tray_plants: z.number(),
  /** Trays in no batch (only when no batch or room filter is sent; else 0). */
  trays_without_batch: z.number(),
  tray_plants_without_batch: z.number(),
  /** Counted batches that are in no room now. */
  batches_without_room: z.number(),
  plants_without_room: z.number(),
});
export type PlantCountSummary = z.infer<typeof PlantCountSummary>;

/** Plants, pre-booked plants and what is left to sell: available = plants − pre-booked, never below 0. */
export const AvailabilityTotals = z.object({ ...Totals, available: z.number() });
export type AvailabilityTotals = z.infer<typeof AvailabilityTotals>;

export const AvailabilityVariety = AvailabilityTotals.extend({ strain_name: z.string() });
export type AvailabilityVariety = z.infer<typeof AvailabilityVariety>;

export const AvailabilityBatch = z.object({
  batch_id: z.number(),
  batch_number: z.string(),
  strain_name: z.string(),
  batch_status: z.string(),
  number_of_plants: z.number(),
  pre_books: z.number(),
  end_date: z.string(),
});

/** Expected harvests of one Monday-to-Sunday week, by the batches' end dates. */
export const AvailabilityWeek = AvailabilityTotals.extend({
  week_start: z.string(),
  week_end: z.string(),
  batch_list: z.array(AvailabilityBatch),
});
export type AvailabilityWeek = z.infer<typeof AvailabilityWeek>;

export const VarietyStatus = z.object({ batch_status: z.string(), ...Totals });

/** One requested variety (in the order asked), with its batches per status; zero when none match. */
export const VarietyStatusRow = z.object({ strain_name: z.string(), ...Totals, statuses: z.array(VarietyStatus) });
export type VarietyStatusRow = z.infer<typeof VarietyStatusRow>;
