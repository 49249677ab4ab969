import { z } from 'zod';
import { CalendarDate, CompanyId, Id } from '../common/fields.js';
import { Photo } from '../forms/form-responses.schemas.js';

/** The statuses every company has, in lifecycle order (issue 5). Companies add their own on top. */
export const BUILT_IN_BATCH_STATUSES = ['Planned', 'Propagation', 'Vegetative', 'Flowering', 'Ready', 'Harvested', 'Destroyed'] as const;
export type BuiltInBatchStatus = (typeof BUILT_IN_BATCH_STATUSES)[number];
export const HARVESTED_STATUS: BuiltInBatchStatus = 'Harvested';
export const DEFAULT_BATCH_STATUS: BuiltInBatchStatus = 'Planned';

export const HARVEST_UNITS = ['g', 'kg', 'lb', 'oz'] as const;
export const BATCH_NUMBER_MAX = 100;
export const STRAIN_NAME_MAX = 200;
export const STATUS_NAME_MAX = 50;
export const QR_SIZE_MIN = 64;
export const QR_SIZE_MAX = 1024;
/** At most this many labels on one printed sheet. */
export const QR_LABELS_MAX = 200;

/** Multipart sends text only: '' and 'null' mean "no value". */
const blankToNull = (v: unknown) => (v === '' || v === 'null' || v === undefined ? null : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const BatchDate = z.preprocess(
  blankToNull,
  CalendarDate.nullable(),
);

const Count0 = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must be 0 or more' })
  .max(10_000_000, { error: 'must be at most 10000000' });

export const BatchNumber = z.string().trim().min(1, { error: 'is required' }).max(BATCH_NUMBER_MAX, { error: `must be at most ${BATCH_NUMBER_MAX} characters` });
export const StatusName = z.string().trim().min(1, { error: 'is required' }).max(STATUS_NAME_MAX, { error: `must be at most ${STATUS_NAME_MAX} characters` });
const Color = z.preprocess(blankToNull, z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour as #RRGGBB' }).nullable());

/** The create form: BatchNumber is required, everything else has a default. */
export const BatchCreateFields = z.object({
  BatchNumber,
  NumberOfPlants: z.preprocess(blankToUndefined, Count0.default(0)),
  StrainName: z.preprocess(blankToUndefined, z.string().trim().max(STRAIN_NAME_MAX, { error: `must be at most ${STRAIN_NAME_MAX} characters` }).default('')),
  BatchStatus: z.preprocess(blankToUndefined, StatusName.optional()),
  Color: Color.optional(),
  company_id: CompanyId,
  PreBooks: z.preprocess(blankToUndefined, Count0.default(0)),
  StartDate: BatchDate.optional(),
  EndDate: BatchDate.optional(),
  /** The company's crop (GET /crops) the batch grows; its EPPO code goes into the plant-protection register. */
  CropID: z.preprocess(blankToUndefined, Id.optional()),
});

/** The update form: only the fields sent change; StartDate/EndDate sent empty clear the date. */
export const BatchUpdateFields = z.object({
  BatchNumber: z.preprocess(blankToUndefined, BatchNumber.optional()),
  NumberOfPlants: z.preprocess(blankToUndefined, Count0.optional()),
  StrainName: z.string().trim().max(STRAIN_NAME_MAX, { error: `must be at most ${STRAIN_NAME_MAX} characters` }).optional(),
  BatchStatus: z.preprocess(blankToUndefined, StatusName.optional()),
  Color: Color.optional(),
  company_id: z.preprocess(blankToUndefined, CompanyId.optional()),
  PreBooks: z.preprocess(blankToUndefined, Count0.optional()),
  StartDate: BatchDate.optional(),
  EndDate: BatchDate.optional(),
  /** Absent leaves the crop; blank or null clears it. */
  CropID: z.preprocess((v) => (v === '' || v === 'null' ? null : v), Id.nullable().optional()),
});

export const BatchSchema = z.object({
  BatchID: z.number(),
  BatchNumber: z.string(),
  NumberOfPlants: z.number(),
  StrainName: z.string(),
  BatchStatus: z.string(),
  Color: z.string().nullable(),
  company_id: z.number(),
  PreBooks: z.number(),
  StartDate: z.string().nullable(),
  EndDate: z.string().nullable(),
  Harvested: z.boolean(),
  HarvestedAt: z.string().nullable(),
  HarvestedBy: z.number().nullable(),
  HarvestWetWeight: z.number().nullable(),
  HarvestDryWeight: z.number().nullable(),
  HarvestUnit: z.string().nullable(),
  /** The batch's crop, or null; always sent by this server (optional for answers recorded before issue 22). */
  CropID: z.number().nullable().optional(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Batch = z.infer<typeof BatchSchema>;

export const CustomBatchStatusSchema = z.object({ id: z.number(), status_name: z.string(), created_at: z.string() });

export const LinkSchema = z.object({
  batch_id: z.number(),
  room_id: z.number().optional(),
  grid_id: z.number().optional(),
  grid_box_id: z.number().optional(),
  linked_at: z.string(),
  linked_by: z.number().nullable(),
});

export const BatchRoomSchema = z.object({
  RoomID: z.number(),
  Name: z.string(),
  linked_at: z.string(),
});

export const BatchMoveSchema = z.object({
  batch_id: z.number(),
  old_room_id: z.number().nullable(),
  new_room_id: z.number().nullable(),
  moved_by: z.number().nullable(),
  moved_at: z.string(),
});

/** Comma-joined ids, as forms send them; a JSON list or a single number is accepted too. */
export const IdList = (what: string, max = 1000, min = 1) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'number') return [v];
      if (typeof v !== 'string') return v;
      const text = v.trim();
      if (text.startsWith('[')) {
        try {
          return JSON.parse(text);
        } catch {
          return v;
        }
      }
      return text === '' ? [] : text.split(',').map((s) => s.trim());
    },
    z.array(Id, { error: `must be a list of ${what} ids` })
      .min(min, { error: `must name at least one ${what}` })
      .max(max, { error: `must name at most ${max} ${what}s` }),
  );

export const BatchResponseSchema = z.object({
  response_id: z.number(),
  template_id: z.number(),
  template_name: z.string(),
  kind: z.string(),
  status: z.string(),
  room_id: z.number().nullable(),
  grid_id: z.number().nullable(),
  grid_box_id: z.number().nullable(),
  batch_id: z.number().nullable(),
  submitted_by: z.number().nullable(),
  submitted_at: z.string(),
  observed_at: z.string(),
  /** Its photos, in field order: the batch timeline shows them where they were taken. */
  photos: z.array(Photo),
});

export const BatchTreatmentSchema = z.object({
  application_id: z.number(),
  date: z.string(),
  product: z.string(),
  quantity: z.number(),
  grid_boxes: z.number(),
  /** No entry to the treated boxes before this moment (ISO); null when the product has no re-entry interval. */
  reentry_until: z.string().nullable(),
  /** No harvest of the treated crop before this day; null when the product has no pre-harvest interval. */
  preharvest_until: z.string().nullable(),
});
export type BatchTreatment = z.infer<typeof BatchTreatmentSchema>;

/**
 * A pre-harvest interval still running on a batch's grid boxes when it is harvested: harvest goes ahead
 * (the grower decides), the answer and the audit event carry the warning (docs/decisions.md).
 */
export const PreharvestWarningSchema = z.object({
  application_id: z.number(),
  product: z.string(),
  date: z.string(),
  preharvest_until: z.string(),
  grid_boxes: z.number(),
});
export type PreharvestWarning = z.infer<typeof PreharvestWarningSchema>;

export const BatchDashboardSchema = z.object({
  batch: BatchSchema,
  start_date: z.string(),
  end_date: z.string(),
  plant_counts: z.object({
    number_of_plants: z.number(),
    pre_books: z.number(),
    linked_plants: z.number(),
    rooms: z.number(),
    grids: z.number(),
    grid_boxes: z.number(),
  }),
  status_timeline: z.array(z.object({ from_status: z.string().nullable(), to_status: z.string(), changed_by: z.number().nullable(), changed_at: z.string() })),
  /** Per Monday-based week and problem. */
  problems_over_time: z.array(z.object({ week: z.string(), problem: z.string(), count: z.number(), max_severity: z.number().nullable() })),
  /**
   * Applications of spray products to the batch's grid boxes in the range, newest first: the day, the
   * product, the quantity, how many of the batch's boxes it covered, and when its intervals end.
   */
  treatments: z.array(BatchTreatmentSchema),
  form_responses_per_week: z.array(z.object({ week: z.string(), count: z.number() })),
});
