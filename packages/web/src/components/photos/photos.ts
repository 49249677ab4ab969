import type { Photo } from '@verdant/contract';

/**
 * A photo as the strip and the viewer show it: the server's copy (its GET /image addresses, fetched
 * with the caller's token) or the device's copy of one taken offline and still waiting to upload.
 */
export interface ViewerPhoto {
  /** Stable within one strip (a React key). */
  id: string;
  imageUrl?: string | null;
  thumbUrl?: string | null;
  /** The photo on this device (queued with an offline submission). */
  blob?: Blob | null;
  /** What the photo shows, for screen readers and the viewer's caption. */
  alt: string;
  /** Taken on this device and not uploaded yet. */
  waiting?: boolean;
}

/** The server's photos of one response (or observation) as viewer photos, each described by `altOf`. */
export function serverPhotos(prefix: string, photos: readonly Photo[], altOf: (photo: Photo, index: number) => string): ViewerPhoto[] {
  return photos.map((p, i) => ({ id: `${prefix}-${i}`, imageUrl: p.image_url, thumbUrl: p.thumb_url, alt: altOf(p, i) }));
}
