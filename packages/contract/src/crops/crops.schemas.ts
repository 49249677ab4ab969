import { z } from 'zod';
import { Id } from '../common/fields.js';
import { absentIfBlank } from '../common/list-field.js';
import { EppoCode } from './crop-codes.js';

export const CropName = z.string().trim().min(1, { error: 'is required' }).max(100, { error: 'must be at most 100 characters' });

export const Crop = z.object({
  crop_id: z.number(),
  name: z.string(),
  eppo_code: z.string(),
  /** Batches naming this crop; a crop in use cannot be deleted. */
  batch_count: z.number(),
});
export type Crop = z.infer<typeof Crop>;

/** A new crop (no crop_id) or a change to one: its name and EPPO code. */
export const CropSave = z.object({ crop_id: absentIfBlank(Id), name: CropName, eppo_code: EppoCode });

/** What a company's list starts with: common greenhouse crops by their EPPO codes (EPPO Global Database). */
export const DEFAULT_CROPS: ReadonlyArray<readonly [name: string, eppo: string]> = [
  ['Tomato', 'LYPES'], ['Cucumber', 'CUMSA'], ['Sweet pepper', 'CPSAN'], ['Aubergine', 'SOLME'], ['Strawberry', 'FRAAN'],
  ['Lettuce', 'LACSA'], ['Rose', 'ROSSS'], ['Chrysanthemum', 'CHYSS'], ['Gerbera', 'GERJA'], ['Poinsettia', 'EPHPU'],
  ['Basil', 'OCIBA'],
];
