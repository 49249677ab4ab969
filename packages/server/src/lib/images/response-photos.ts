import type { Kysely } from 'kysely';
import type { Photo } from '@verdant/contract';
import type { DB } from '../../db/schema.js';
import { imageUrl, keyOfImageUrl, thumbKeyOf } from './images.js';

/** A photo-field answer as stored: its text is the `imageUrl` POST /submit_form_image wrote. */
export interface PhotoAnswer {
  field_name: string;
  field_type: string;
  input_data: string;
}

/**
 * The photos of one response: each photo answer (in the order given, the template's field order), then the
 * response's own image when no answer names it (an 'image' response, or one from before photo answers).
 */
export function photosOf(imageKey: string | null, imageThumb: string | null, answers: readonly PhotoAnswer[]): Photo[] {
  const photos: Photo[] = [];
  const seen = new Set<string>();
  for (const a of answers) {
    if (a.field_type !== 'photo') continue;
    const key = keyOfImageUrl(a.input_data);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    photos.push({ image_url: imageUrl(key), thumb_url: imageUrl(thumbKeyOf(key)), FieldName: a.field_name });
  }
  if (imageKey && !seen.has(imageKey)) {
    photos.push({ image_url: imageUrl(imageKey), thumb_url: imageUrl(imageThumb ?? thumbKeyOf(imageKey)), FieldName: null });
  }
  return photos;
}

/**
 * The photos of these responses of the company, by response id (a response without photos is absent).
 * One read shared by every list that shows where a photo was taken: observations and batch problems
 * name their response; form responses build theirs from the answers they already read.
 */
export async function responsePhotos(db: Kysely<DB>, companyId: number, responseIds: ReadonlyArray<number | null>): Promise<Map<number, Photo[]>> {
  const ids = [...new Set(responseIds.filter((id): id is number => id !== null))];
  const result = new Map<number, Photo[]>();
  if (!ids.length) return result;
  const [responses, answers] = await Promise.all([
    db
      .selectFrom('form_responses')
      .select(['response_id', 'image_key', 'image_thumb'])
      .where('company_id', '=', companyId)
      .where('response_id', 'in', ids)
      .execute(),
    db
      .selectFrom('field_responses as fr')
      .innerJoin('form_fields as f', 'f.field_id', 'fr.field_id')
      .select(['fr.response_id', 'f.field_name', 'f.field_type', 'fr.input_data'])
      .where('fr.company_id', '=', companyId)
      .where('fr.response_id', 'in', ids)
      .where('f.field_type', '=', 'photo')
      .orderBy('fr.response_id')
      .orderBy('f.position')
      .orderBy('f.field_id')
      .execute(),
  ]);
  const byResponse = new Map<number, PhotoAnswer[]>();
  for (const a of answers) {
    const list = byResponse.get(a.response_id) ?? [];
    list.push(a);
    byResponse.set(a.response_id, list);
  }
  for (const r of responses) {
    const photos = photosOf(r.image_key, r.image_thumb, byResponse.get(r.response_id) ?? []);
    if (photos.length) result.set(r.response_id, photos);
  }
  return result;
}
