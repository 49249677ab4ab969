import { z } from 'zod';
import { NonEmpty } from '../common/fields.js';
import { ScanDetails } from '../scans/scans.schemas.js';

export const CAMERA_NAME_MAX = 80;
export const CAMERA_IMAGES_PER_PAGE_DEFAULT = 20;
export const CAMERA_IMAGES_PER_PAGE_MAX = 50;

export const CameraName = NonEmpty.max(CAMERA_NAME_MAX, { error: `must be at most ${CAMERA_NAME_MAX} characters` });

/** A registered camera; its token is never shown again after registering or rotating. */
export const Camera = z.object({
  camera_id: z.number(),
  name: z.string(),
  RoomID: z.number().nullable(),
  RoomName: z.string().nullable(),
  GridID: z.number(),
  GridName: z.string(),
  /** `active` while its current token works; `revoked` after revoking (rotate gives a new one). */
  token_status: z.enum(['active', 'revoked']),
  /** The first characters of the token, to tell tokens apart (never enough to use one). */
  token_hint: z.string(),
  token_created_at: z.string(),
  last_ingest_at: z.string().nullable(),
  image_count: z.number(),
  created_at: z.string(),
  created_by: z.number().nullable(),
});
export type Camera = z.infer<typeof Camera>;

/** One ingested image: the scan it was filed as (source camera). */
export const CameraScan = ScanDetails;
