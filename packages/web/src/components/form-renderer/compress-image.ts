/** Photos are sent at most this many pixels on the long side. */
export const PHOTO_MAX_SIDE = 2000;
const QUALITY = 0.85;

/**
 * Scales a camera photo down to at most 2000 px on its long side and re-encodes it as JPEG, so a scout
 * on a weak connection sends ~0.5 MB instead of ~5 MB. Where the browser cannot decode or draw it,
 * the original file is kept (the server re-encodes it anyway).
 */
export async function compressImage(file: Blob, maxSide = PHOTO_MAX_SIDE): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob) return file;
    const name = (file instanceof File ? file.name : 'photo').replace(/\.[^.]+$/, '') + '.jpg';
    return typeof File === 'function' ? new File([blob], name, { type: 'image/jpeg' }) : blob;
  } catch {
    return file;
  }
}
