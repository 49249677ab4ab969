import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { imageMessages, type UploadedFile } from '@verdant/contract';
import { AppError, badRequest } from '../errors.js';
import type { FileStore } from '../storage/file-store.js';

export const MAX_MEGAPIXELS = 40;
/** The stored image is scaled down to fit this box: enough for a zoomed map, far smaller than a 40 MP photo. */
export const MAX_STORED_SIDE = 4096;
export const THUMB_WIDTH = 320;
const WEBP_EFFORT = 2;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

export interface ProcessedImage {
  image: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

export interface ImageLimits {
  maxBytes: number;
  maxMegapixels?: number;
}

/**
 * Decodes the upload (its content decides, never its name or mimetype), refuses anything that is not a
 * whole JPEG, PNG or WebP within the limits, and re-encodes it as WebP: EXIF rotation applied, metadata
 * stripped, plus a thumbnail. Bad content is a 400 naming `field`; too many bytes or pixels a 413.
 */
export async function processImage(file: UploadedFile, field: string, limits: ImageLimits): Promise<ProcessedImage> {
  const maxPixels = (limits.maxMegapixels ?? MAX_MEGAPIXELS) * 1_000_000;
  if (file.data.byteLength > limits.maxBytes) {
    throw new AppError('payload_too_large', imageMessages.tooManyBytes(field, Math.floor(limits.maxBytes / 1024 / 1024)), field);
  }
  const input = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    // Headers only, no pixel limit: a huge declared size must reach the 413 below, not read as a bad file.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw badRequest(imageMessages.invalid(field), field);
  }
  if (!format || !ACCEPTED.has(format)) throw badRequest(imageMessages.invalid(field), field);
  if (width * height > maxPixels) {
    throw new AppError('payload_too_large', imageMessages.tooManyPixels(field, maxPixels / 1_000_000), field);
  }
  try {
    // failOn 'truncated' makes a cut-off file an error instead of an image with a grey lower half.
    const decoded = sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated' }).rotate();
    // WebP effort 2 of 6: about twice as fast as the default 4 on photos for a few percent in size (measured
    // in docs/decisions.md, "Stored photo encoding"); every upload and every camera frame pays this.
    const image = await decoded
      .clone()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85, effort: WEBP_EFFORT })
      .toBuffer({ resolveWithObject: true });
    const thumb = await decoded.clone().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 75, effort: WEBP_EFFORT }).toBuffer();
    return { image: image.data, thumb, width: image.info.width, height: image.info.height };
  } catch {
    throw badRequest(imageMessages.invalid(field), field);
  }
}

export interface StoredImage {
  imageKey: string;
  thumbKey: string;
}

/** Stores both renditions under `company-<id>/<folder>/`; the prefix is what GET /image checks tenancy against. */
export async function storeImage(files: FileStore, companyId: number, folder: string, processed: ProcessedImage): Promise<StoredImage> {
  const base = `${companyKeyPrefix(companyId)}${folder}/${randomUUID()}`;
  const imageKey = `${base}.webp`;
  const thumbKey = `${base}-thumb.webp`;
  await files.put(imageKey, processed.image, 'image/webp');
  await files.put(thumbKey, processed.thumb, 'image/webp');
  return { imageKey, thumbKey };
}

export const companyKeyPrefix = (companyId: number) => `company-${companyId}/`;

/** The address the web client fetches an image from (with its bearer token). */
export const imageUrl = (key: string) => `/api/image?key=${encodeURIComponent(key)}`;

/** The key an `imageUrl` names, or null when the text is not such an address of a key `storeImage` makes. */
export function keyOfImageUrl(url: string): string | null {
  if (!url.startsWith('/api/image?')) return null;
  const key = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('key');
  return key && IMAGE_KEY.test(key) ? key : null;
}

/** The thumbnail `storeImage` made beside an image: `<uuid>.webp` → `<uuid>-thumb.webp`. */
export const thumbKeyOf = (imageKey: string) => (imageKey.endsWith('-thumb.webp') ? imageKey : imageKey.replace(/\.webp$/, '-thumb.webp'));

/**
 * A validator for a stored image: keys are never reused (a new upload gets a new key) and a stored file is
 * never rewritten, so the key names its content.
 */
export const imageEtag = (key: string) => `"${key.slice(key.lastIndexOf('/') + 1, -'.webp'.length)}"`;

/** Deletes files after the rows naming them are gone; a file left behind is only wasted space, so failures are logged. */
export async function deleteFilesQuietly(files: FileStore, keys: Array<string | null | undefined>, log: { warn(obj: object, msg: string): void }) {
  for (const key of keys) {
    if (!key) continue;
    await files.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete a stored image'));
  }
}

/**
 * The keys `storeImage` makes: `company-<id>/<folder>/<uuid>.webp` and `…-thumb.webp`. Anything else — a
 * folder, a content-type sidecar, a path that climbs out — is not an image this API ever handed out.
 */
const IMAGE_KEY = /^company-\d+\/(?:[a-z0-9_-]+\/)+[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-thumb)?\.webp$/;

/** Only image keys under the caller's company prefix are served; anything else is "not found", never another tenant's file. */
export async function readCompanyImage(files: FileStore, companyId: number, key: string) {
  if (!IMAGE_KEY.test(key) || !key.startsWith(companyKeyPrefix(companyId))) return null;
  return files.get(key);
}

/** Headers for serving a stored image: shown in place under its own name, its type never sniffed. */
export function imageResponseHeaders(key: string, contentType: string): Record<string, string> {
  const filename = key.slice(key.lastIndexOf('/') + 1);
  return {
    'content-type': contentType.startsWith('image/') ? contentType : 'application/octet-stream',
    'content-disposition': `inline; filename="${filename}"`,
    'x-content-type-options': 'nosniff',
  };
}
