import { describe, expect, it } from 'vitest';
import { imageEtag, imageUrl, keyOfImageUrl, thumbKeyOf } from './images.js';
import { photosOf } from './response-photos.js';

const key = (uuid: string) => `company-3/form-responses/${uuid}.webp`;
const A = key('0b7e2c55-4f7a-4c4e-9a43-3f1f3c1d2e01');
const B = key('9d5e7a1c-2b3c-4d5e-8f90-a1b2c3d4e5f6');

describe('photo keys', () => {
  it('reads the key back from an image address, and nothing else', () => {
    expect(keyOfImageUrl(imageUrl(A))).toBe(A);
    expect(keyOfImageUrl(imageUrl(thumbKeyOf(A)))).toBe(thumbKeyOf(A));
    for (const text of ['image', '', 'https://elsewhere.test/x.webp', imageUrl('company-3/../secret.webp'), imageUrl('company-3/form-responses/not-a-uuid.webp'), `/api/other?key=${encodeURIComponent(A)}`]) {
      expect(keyOfImageUrl(text), text).toBeNull();
    }
  });

  it('names the thumbnail storeImage writes beside an image, and an ETag per file', () => {
    expect(thumbKeyOf(A)).toBe(A.replace('.webp', '-thumb.webp'));
    expect(thumbKeyOf(thumbKeyOf(A))).toBe(thumbKeyOf(A));
    expect(imageEtag(A)).toBe('"0b7e2c55-4f7a-4c4e-9a43-3f1f3c1d2e01"');
    expect(imageEtag(thumbKeyOf(A))).toBe('"0b7e2c55-4f7a-4c4e-9a43-3f1f3c1d2e01-thumb"');
  });
});

describe('photosOf', () => {
  const answer = (field_name: string, input_data: string, field_type = 'photo') => ({ field_name, field_type, input_data });

  it('lists photo answers in the order given, then the response image when no answer names it', () => {
    expect(photosOf(A, thumbKeyOf(A), [answer('Top', imageUrl(A)), answer('Notes', 'fine', 'text'), answer('Under', imageUrl(B))])).toEqual([
      { image_url: imageUrl(A), thumb_url: imageUrl(thumbKeyOf(A)), FieldName: 'Top' },
      { image_url: imageUrl(B), thumb_url: imageUrl(thumbKeyOf(B)), FieldName: 'Under' },
    ]);
    expect(photosOf(B, thumbKeyOf(B), [answer('Top', imageUrl(A))]).map((p) => p.FieldName)).toEqual(['Top', null]);
  });

  it('skips photo answers that are not an uploaded image, and a response without any has none', () => {
    expect(photosOf(null, null, [answer('Top', 'image'), answer('Top', ''), answer('Text', imageUrl(A), 'text')])).toEqual([]);
  });
});
