import type { RgbaImage } from '@verdant/vision';

/**
 * Decodes a photo in a worker at FULL size (EXIF rotation applied) into RGBA pixels. Nothing is resized
 * here: the measured analysis downscales with the library's own `downscale` and a classifier box-averages
 * to its input (@verdant/vision/classifier), as the server does — a canvas resize gives different pixels,
 * so the answers would differ.
 */
export async function decode(photo: Blob): Promise<RgbaImage> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height, { colorSpace: 'srgb' });
    return { data, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}
