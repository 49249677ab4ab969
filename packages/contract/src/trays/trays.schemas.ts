import { z } from 'zod';
import { Id } from '../common/fields.js';

/** No tray or template holds more plants than this; a larger number is a typing slip. */
export const TRAY_MAX_PLANTS = 10_000;

/** client-behaviours.md: 'Tray name is trimmed and must not be empty'; template names alike. */
export const TrayName = z.string().trim().min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' });

/** numberOfPlants: a whole number greater than 0 (a tray holds at least one plant). */
export const TrayPlantCount = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be greater than 0' })
  .max(TRAY_MAX_PLANTS, { error: `must be at most ${TRAY_MAX_PLANTS}` });

/** An update's batch: absent leaves it, null or '' takes the tray out of its batch, an id sets it. */
export const TrayBatchChange = z.preprocess(
  (v) => ((typeof v === 'string' && v.trim() === '') || v === 'null' ? null : v),
  Id.nullable().optional(),
);

export const TrayTemplate = z.object({
  template_id: z.number(),
  template_name: z.string(),
  number_of_plants: z.number(),
  description: z.string().nullable(),
  default_batch_id: z.number().nullable(),
  default_batch_number: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
});
export type TrayTemplate = z.infer<typeof TrayTemplate>;

export const Tray = z.object({
  tray_id: z.number(),
  tray_name: z.string(),
  number_of_plants: z.number(),
  batch_id: z.number().nullable(),
  batch_number: z.string().nullable(),
  template_id: z.number().nullable(),
  template_name: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Tray = z.infer<typeof Tray>;
