import sharp from 'sharp';
import type { RgbaImage } from '@verdant/vision';

/**
 * The pixels a model looks at: the whole photo, EXIF rotation applied (so regions fit the photo as shown),
 * RGBA. It is not resized here: @verdant/vision area-averages it itself, the same way in the browser, so
 * the server and the phone measure the same pixels (docs/decisions.md, "Scans"). Call it after the upload
 * passed `processImage`, which refuses anything that is not a whole JPEG, PNG or WebP within the limits;
 * `maxPixels` bounds the decode again.
 */
export async function decodeForAnalysis(input: Buffer, maxPixels: number): Promise<RgbaImage> {
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated' })
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
